/** Live page data (profile area): SWR over the edge's payload, under the same gateway key, revalidated on demand. */
import useSWR from 'swr'
import type { Envelope } from '../shared/gateway-client'
import { getPayloadFetcher, usePayloadEntry, type PayloadResult } from './data'

/**
 * Like `usePayload`, but kept fresh by SWR: `mutate(key)` (e.g. `useLiveRefresh`, after a form) refetches it.
 * The edge's payload is SWR's fallback under the exact key, so hydration never refetches (style rule 9).
 */
export function useLivePayload<T>(key: string | null): PayloadResult<T> {
  const entry = usePayloadEntry(key)
  const isServer = typeof document === 'undefined'
  const swr = useSWR<Envelope>(isServer ? null : key, (k: string) => getPayloadFetcher()(k), {
    fallbackData: entry?.ok ? entry.envelope : undefined,
    revalidateOnMount: entry === undefined,
    revalidateOnFocus: false,
  })
  if (isServer || (entry && !swr.data)) {
    return { data: entry?.ok ? (entry.envelope as Envelope<T>) : undefined, error: entry && !entry.ok ? entry : undefined, isLoading: false }
  }
  const err = swr.error as { status?: number; code?: string } | undefined
  return {
    data: swr.data as Envelope<T> | undefined,
    error: err ? { status: err.status ?? 0, code: err.code ?? 'network_error' } : undefined,
    isLoading: swr.isLoading,
  }
}
