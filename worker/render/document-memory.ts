/**
 * An isolate's memory of complete documents (docs/architecture.md). A public page that anonymous readers ask for again
 * while the isolate's payload memory still holds its data renders to the same document: the same route, locale and
 * origin, and the very same envelope objects (`payloads.ts` hands out the object it remembers). Such a request gets
 * the remembered document with its own CSP nonce, without a render. A changed payload is a new object, so the
 * document is rendered anew; nothing outlives the payload memory it was made from.
 *
 * A document whose route has no rule may also be answered at the door (`document-door.ts`), before the page pipeline
 * runs: the memory then keeps the route that drew it.
 */
import { ROUTE_BY_ID, type RouteId } from '../../shared/routing/routes'
import type { PayloadEntry } from '../../shared/state/state'

/**
 * The document as UTF-8 bytes, with where its nonce stands in them: a hit copies the bytes and writes its own nonce.
 */
type Held = {
  bytes: Uint8Array<ArrayBuffer>
  nonce: string
  at: readonly number[]
  envelopes: ReadonlyMap<string, unknown>
  until: number
  door: Door | null
}

/** What the door needs to know of a remembered document: the route that drew it (for the log). */
export type Door = Readonly<{ routeId: RouteId }>

const encoder = new TextEncoder()

const held = new Map<string, Held>()
/** At most this many documents, and at most this many bytes of them, per isolate (docs/security.md#document-memory). */
export const DOCUMENT_MEMORY_ENTRIES = 48
export const DOCUMENT_MEMORY_BYTES = 6 * 1024 * 1024
let heldBytes = 0

/** What decides whether a complete document may be remembered: everything that could make it someone's own. */
export type DocumentFacts = Readonly<{
  /** The isolate's payload memory time; 0 turns the memory off. */
  payloadMemoryMs: number
  status: number
  hasError: boolean
  /** The request carried a form's state (a post answered with the form again). */
  hasForm: boolean
  /** A one-time notice (`?notice=`) is shown. */
  hasNotice: boolean
  /** The visitor has a session cookie, whether or not it is valid. */
  hasToken: boolean
  /** A preview link's page (docs/decisions/0031-publishing.md): never remembered. */
  isPreview?: boolean
  routeId: RouteId | null
  /** The raw query string (`?a=1`), as the address carried it. */
  search: string
}>

/**
 * Whether a complete document may be remembered and handed to later visitors: a public page's 200 for an anonymous
 * reader, with nothing from this request in it (no form state, no notice), a query of the route's own parameters only
 * (anything else could fill or churn the memory), the payload memory on, and never the reset page, whose address
 * carries a one-time token.
 */
export function mayRememberDocument(facts: DocumentFacts): boolean {
  if (
    facts.payloadMemoryMs <= 0 ||
    facts.status !== 200 ||
    facts.hasError ||
    facts.hasForm ||
    facts.hasNotice ||
    facts.hasToken ||
    facts.isPreview
  )
    return false
  if (facts.routeId === null || facts.routeId === 'reset-password') return false
  const def = ROUTE_BY_ID[facts.routeId]
  if (def.meta.protected) return false
  const known = new Set(Object.keys(def.query ?? {}))
  for (const name of new URLSearchParams(facts.search).keys()) if (!known.has(name)) return false
  return true
}

/**
 * The memory's key: origin, the language the page was drawn in (a bare `/` draws home in the negotiated one), path and
 * query.
 */
export function documentMemoryKey(origin: string, locale: string, path: string, search: string): string {
  return `${origin}|${locale}|${path}${search}`
}

function forget(key: string): void {
  const gone = held.get(key)
  if (!gone) return
  heldBytes -= gone.bytes.byteLength
  held.delete(key)
}

/**
 * The document remembered under `key` if it was made from exactly `entries`' envelopes, with `nonce` in place of its
 * own.
 */
export function recallDocument(
  key: string,
  entries: ReadonlyMap<string, PayloadEntry>,
  nonce: string,
  now: number,
): Uint8Array<ArrayBuffer> | null {
  const hit = held.get(key)
  if (!hit) return null
  if (hit.until <= now || hit.envelopes.size !== entries.size) {
    forget(key)
    return null
  }
  for (const [k, entry] of entries) if (!entry.ok || hit.envelopes.get(k) !== entry.envelope) return null
  const own = encoder.encode(nonce)
  // Nonces are of one length (base64 of 16 random bytes); another would not fit the remembered places.
  if (own.length !== encoder.encode(hit.nonce).length) return null
  // Most recently used last: the oldest is forgotten first.
  held.delete(key)
  held.set(key, hit)
  const bytes = hit.bytes.slice()
  for (const at of hit.at) bytes.set(own, at)
  return bytes
}

/** Remembers a complete document (its bytes) made from `entries` for `ms` (the payload memory's time). */
export function rememberDocument(
  key: string,
  document: Uint8Array<ArrayBuffer>,
  nonce: string,
  entries: ReadonlyMap<string, PayloadEntry>,
  ms: number,
  now: number,
  door: Door | null = null,
) {
  const envelopes = new Map<string, unknown>()
  for (const [k, entry] of entries) {
    if (!entry.ok) return
    envelopes.set(k, entry.envelope)
  }
  if (document.byteLength > DOCUMENT_MEMORY_BYTES / 4) return
  // Its own copy: the caller's bytes leave as a response body.
  const bytes = document.slice()
  const mark = encoder.encode(nonce)
  const at: number[] = []
  for (let i = indexOf(bytes, mark, 0); i >= 0; i = indexOf(bytes, mark, i + mark.length)) at.push(i)
  forget(key)
  // The least recently used go first, until both bounds hold.
  while (
    held.size >= DOCUMENT_MEMORY_ENTRIES ||
    (held.size > 0 && heldBytes + bytes.byteLength > DOCUMENT_MEMORY_BYTES)
  )
    forget(held.keys().next().value!)
  held.set(key, { bytes, nonce, at, envelopes, until: now + ms, door })
  heldBytes += bytes.byteLength
}

/**
 * The door's view of the document remembered under `key`, while it holds and may be answered at the door: its route
 * and the payload keys it was made from (in the language of the key). `recallDocument` still decides whether it is the
 * same document.
 */
export function doorOf(key: string, now: number): (Door & { keys: Iterable<string> }) | null {
  const hit = held.get(key)
  if (!hit?.door || hit.until <= now) return null
  return { ...hit.door, keys: hit.envelopes.keys() }
}

/** What the memory holds now: entries and bytes (for its tests and the heap benchmark). */
export function documentMemorySize(): { entries: number; bytes: number } {
  return { entries: held.size, bytes: heldBytes }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
