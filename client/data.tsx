/** Page data: the payloads the edge loaded, shared with SWR under the exact gateway keys (style rule 9). */
import { createContext, Suspense, use, useContext, type ReactNode } from 'react'
import useSWR from 'swr'
import type { Envelope } from '../shared/gateway-client'
import { serializeForHtml } from '../shared/serialize'
import type { PayloadEntry } from '../shared/state'

/**
 * Server: `pending` holds the deferred loads; `ready` the resolved ones.
 * Browser: `ready` is filled from the embedded state, from streamed `data-payload` scripts and from `_payload.json`.
 */
export type PayloadStore = {
  ready: Map<string, PayloadEntry>
  pending: Map<string, Promise<PayloadEntry>>
}

const PayloadContext = createContext<PayloadStore | null>(null)
export const PayloadProvider = PayloadContext.Provider

const IS_SERVER = typeof document === 'undefined'

function usePayloadStore(): PayloadStore {
  const store = useContext(PayloadContext)
  if (!store) throw new Error('usePayload() outside <PayloadProvider>')
  return store
}

/** A streamed section's payload, read from its `data-payload` script while hydrating. */
function readStreamed(key: string): PayloadEntry | undefined {
  if (IS_SERVER) return undefined
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[data-payload]')) {
    if (el.dataset.payload === key) return JSON.parse(el.textContent || 'null') as PayloadEntry
  }
  return undefined
}

function readEntry(store: PayloadStore, key: string): PayloadEntry | undefined {
  const ready = store.ready.get(key)
  if (ready) return ready
  const pending = store.pending.get(key)
  if (pending) return use(pending)
  const streamed = readStreamed(key)
  if (streamed) store.ready.set(key, streamed)
  return streamed
}

export type PayloadResult<T> = { data: Envelope<T> | undefined; error: { status: number; code: string } | undefined; isLoading: boolean }

let fetcher: ((key: string) => Promise<Envelope>) | null = null
/** The browser's gateway fetcher for SWR revalidation, installed once by the entry. */
export function setPayloadFetcher(fn: (key: string) => Promise<Envelope>) {
  fetcher = fn
}

/** Data for a gateway key: what the edge prefetched first, then SWR keeps it fresh in the browser. */
export function usePayload<T>(key: string | null): PayloadResult<T> {
  const store = usePayloadStore()
  const entry = key ? readEntry(store, key) : undefined
  const swr = useSWR<Envelope>(IS_SERVER ? null : key, fetcher, {
    fallbackData: entry?.ok ? entry.envelope : undefined,
    revalidateOnMount: entry === undefined,
    revalidateOnFocus: false,
  })
  if (IS_SERVER || (entry && !swr.data)) {
    return { data: entry?.ok ? (entry.envelope as Envelope<T>) : undefined, error: entry && !entry.ok ? entry : undefined, isLoading: false }
  }
  const err = swr.error as { status?: number; code?: string } | undefined
  return {
    data: swr.data as Envelope<T> | undefined,
    error: err ? { status: err.status ?? 0, code: err.code ?? 'network_error' } : undefined,
    isLoading: swr.isLoading,
  }
}

function PayloadScripts({ keys }: { keys: readonly string[] }) {
  const store = usePayloadStore()
  const entries = keys.map((key) => [key, readEntry(store, key)] as const)
  return (
    <>
      {entries.map(([key, entry]) =>
        entry ? (
          <script key={key} type="application/json" data-payload={key} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serializeForHtml(entry) }} />
        ) : null,
      )}
    </>
  )
}

let hydrated = false
/** Marks hydration done: sections mounted after it need no embedded payload scripts. */
export function markHydrated() {
  hydrated = true
}

/**
 * A streamed section: the shell shows `fallback` at once; when the keys resolve, the section and its serialised
 * payloads stream in, so the browser hydrates it without refetching.
 */
export function Section({ keys, fallback, children }: { keys: readonly string[]; fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {IS_SERVER || !hydrated ? <PayloadScripts keys={keys} /> : null}
      {children}
    </Suspense>
  )
}
