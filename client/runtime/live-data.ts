/** Live page data (profile area): SWR over the edge's payload, under the same gateway key, revalidated on demand. */
import useSWR from 'swr'
import type { Envelope } from '../../contract/gateway/common'
import type { Key } from '../../shared/keys/api-keys'
import { getPayloadFetcher, type PayloadResult, usePayloadEntry } from './data'

/**
 * Like `usePayload`, but kept fresh by SWR: `mutate(key)` (e.g. `useLiveRefresh`, after a form) refetches it.
 * The edge's payload is SWR's fallback under the exact key, so hydration never refetches (docs/architecture.md#rule-9).
 */
export function useLivePayload<T>(key: Key<T> | null | undefined, opts: { browser?: boolean } = {}): PayloadResult<T> {
  const isServer = typeof document === 'undefined'
  // `browser`: data only the browser loads (e.g. after a choice on the page), which no data plan carries.
  const entry = usePayloadEntry(opts.browser && isServer ? null : key)
  const swr = useSWR<Envelope>(isServer ? null : (key ?? null), (k: Key<T>) => getPayloadFetcher()(k), {
    fallbackData: entry?.ok ? entry.envelope : undefined,
    revalidateOnMount: entry === undefined,
    revalidateOnFocus: false,
  })
  if (isServer || (entry && !swr.data)) {
    return {
      data: entry?.ok ? (entry.envelope as Envelope<T>) : undefined,
      error: entry && !entry.ok ? entry : undefined,
      isLoading: false,
    }
  }
  const err = swr.error as { status?: number; code?: string } | undefined
  return {
    data: swr.data as Envelope<T> | undefined,
    error: err ? { status: err.status ?? 0, code: err.code ?? 'network_error' } : undefined,
    isLoading: swr.isLoading,
  }
}
