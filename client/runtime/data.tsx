/**
 * Page data: the payloads the edge loaded, under the exact gateway keys the browser's SWR uses
 * (docs/architecture.md#rule-9).
 */
import { createContext, type ReactNode, Suspense, use, useContext, useEffect, useSyncExternalStore } from 'react'
import type { Envelope } from '../../contract/gateway/common'
import type { Key } from '../../shared/keys/api-keys'
import type { PayloadEntry } from '../../shared/state/state'
import {
  isLiveRecorder,
  type SectionMemory,
  type SectionRecorder,
  StaticSectionContext,
  useInStaticSection,
} from './static-section-context'

/**
 * Server: `pending` holds the deferred loads; `ready` the resolved ones.
 * Browser: `ready` is filled from the embedded state, from streamed `data-payload` scripts and from `_payload.json`.
 */
export type PayloadStore = {
  ready: Map<string, PayloadEntry>
  pending: Map<string, Promise<PayloadEntry>>
  /** Server: how an entry is written into the document (the edge's serialiser, kept out of the browser bundle). */
  serialize?: (entry: PayloadEntry) => string
  /** Server: keys the render asked for that the page's data plan did not load (each a plan/page disagreement). */
  unplanned?: Set<string>
  /** Server: the keys the browser will read while hydrating (read outside static sections), which the state carries. */
  reads?: Set<string>
  /** Server: the isolate's memory of static sections' HTML for this request (docs/decisions/0057-section-memory.md). */
  sections?: SectionMemory
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

/** While hydrating, a payload script keeps the text the edge streamed (no re-serialising in the browser). */
function streamedText(key: string): string {
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[data-payload]'))
    if (el.dataset.payload === key) return el.textContent ?? ''
  return ''
}

function readEntry(store: PayloadStore, key: string): PayloadEntry | undefined {
  const ready = store.ready.get(key)
  if (ready) return ready
  const pending = store.pending.get(key)
  if (pending) return use(pending)
  if (IS_SERVER) {
    store.unplanned?.add(key)
    return undefined
  }
  const streamed = readStreamed(key)
  if (streamed) store.ready.set(key, streamed)
  return streamed
}

export type PayloadResult<T> = {
  data: Envelope<T> | undefined
  error: { status: number; code: string } | undefined
  isLoading: boolean
}

export type PayloadFetcher = (key: Key<unknown>) => Promise<Envelope>

let fetcher: PayloadFetcher | null = null
/**
 * The browser's gateway fetcher (for keys the edge did not load, and for live revalidation), installed by the entry.
 */
export function setPayloadFetcher(fn: PayloadFetcher) {
  fetcher = fn
}

export function getPayloadFetcher(): PayloadFetcher {
  if (!fetcher) throw new Error('No payload fetcher installed')
  return fetcher
}

/** Keys being fetched in the browser, so concurrent readers share one request. */
const loading = new Map<string, Promise<void>>()
const listeners = new Set<() => void>()
let version = 0

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Fetches a key the edge did not load (e.g. data only the browser needs) into the store. */
function load(store: PayloadStore, key: Key<unknown>) {
  if (loading.has(key)) return
  const done = getPayloadFetcher()(key)
    .then((envelope): PayloadEntry => ({ ok: true, envelope }))
    .catch(
      (err: { status?: number; code?: string }): PayloadEntry => ({
        ok: false,
        status: err.status ?? 0,
        code: err.code ?? 'network_error',
      }),
    )
    .then((entry) => {
      store.ready.set(key, entry)
      loading.delete(key)
      version++
      for (const l of listeners) l()
    })
  loading.set(key, done)
}

function toResult<T>(entry: PayloadEntry | undefined): PayloadResult<T> {
  if (!entry) return { data: undefined, error: undefined, isLoading: true }
  return entry.ok
    ? { data: entry.envelope as Envelope<T>, error: undefined, isLoading: false }
    : { data: undefined, error: entry, isLoading: false }
}

/**
 * Data for a gateway key of the page's data plan: what the edge loaded (embedded, streamed or from `_payload.json`); a
 * key the edge did not load is fetched once in the browser. Pages whose data changes while open use `useLivePayload`
 * (SWR) instead; data only the browser loads, `useBrowserPayload`.
 */
export function usePayload<T>(key: Key<T> | null | undefined): PayloadResult<T> {
  const store = usePayloadStore()
  const section = useContext(StaticSectionContext)
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  )
  const entry = key ? readKey(store, section, key) : undefined
  useEffect(() => {
    if (key && !store.ready.has(key) && !store.pending.has(key)) load(store, key)
  }, [key, store])
  return key ? toResult<T>(entry) : { data: undefined, error: undefined, isLoading: false }
}

/**
 * Data the browser loads after the page is shown (e.g. related posts, known only once the post is there): loading on
 * the edge, which never plans it, then fetched once like a key `usePayload` found missing.
 */
export function useBrowserPayload<T>(key: Key<T> | null | undefined): PayloadResult<T> {
  const result = usePayload(IS_SERVER ? null : key)
  return IS_SERVER && key ? { data: undefined, error: undefined, isLoading: true } : result
}

/** The entry the edge loaded for a key, as a fallback for SWR-backed hooks. */
export function usePayloadEntry(key: Key<unknown> | null | undefined): PayloadEntry | undefined {
  const store = usePayloadStore()
  const section = useContext(StaticSectionContext)
  return key ? readKey(store, section, key) : undefined
}

/**
 * A key's entry for a render: outside static sections the key is one the browser reads while hydrating; inside the
 * static section the edge remembers, a read its recorder notes.
 */
function readKey(store: PayloadStore, section: boolean | SectionRecorder, key: string): PayloadEntry | undefined {
  // A live part's content is hydrated, as content outside any section: the browser reads its keys too.
  if (section === false || (import.meta.env.SSR && isLiveRecorder(section))) store.reads?.add(key)
  const entry = readEntry(store, key)
  if (import.meta.env.SSR && typeof section === 'object') section.read(key, entry)
  return entry
}

/** Edge: adds keys the browser reads while hydrating, which a live part repeated from memory read (`live-part.tsx`). */
export function usePayloadReads(): (keys: readonly string[]) => void {
  const store = usePayloadStore()
  return (keys) => {
    for (const key of keys) store.reads?.add(key)
  }
}

/** The edge's section memory for this render (docs/decisions/0057-section-memory.md); null in the browser. */
export function useSectionMemory(): SectionMemory | null {
  return useContext(PayloadContext)?.sections ?? null
}

function PayloadScripts({ keys }: { keys: readonly Key<unknown>[] }) {
  const store = usePayloadStore()
  const entries = keys.map((key) => [key, readEntry(store, key)] as const)
  return (
    <>
      {entries.map(([key, entry]) =>
        entry ? (
          <script
            key={key}
            type="application/json"
            data-payload={key}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: store.serialize ? store.serialize(entry) : streamedText(key) }}
          />
        ) : null,
      )}
    </>
  )
}

/**
 * A streamed section: the shell shows `fallback` at once; when the keys resolve, the section and its serialised
 * payloads stream in, so the browser hydrates it without refetching (inside a static section, without the payloads).
 */
export function Section({
  keys,
  fallback,
  children,
}: {
  keys: readonly Key<unknown>[]
  fallback: ReactNode
  children: ReactNode
}) {
  // A static section's data stays on the edge: the browser never renders it from this document.
  const inStaticSection = useInStaticSection()
  return (
    <Suspense fallback={fallback}>
      {inStaticSection ? null : <PayloadScripts keys={keys} />}
      {children}
    </Suspense>
  )
}
