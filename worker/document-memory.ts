/**
 * An isolate's memory of complete documents (docs/architecture.md). A public page that anonymous readers ask for again
 * while the isolate's payload memory still holds its data renders to the same document: the same route, locale and
 * origin, and the very same envelope objects (`payloads.ts` hands out the object it remembers). Such a request gets
 * the remembered document with its own CSP nonce, without a render. A changed payload is a new object, so the
 * document is rendered anew; nothing outlives the payload memory it was made from.
 */
import type { PayloadEntry } from '../shared/state'

/** The document as UTF-8 bytes, with where its nonce stands in them: a hit copies the bytes and writes its own nonce. */
type Held = { bytes: Uint8Array<ArrayBuffer>; nonce: string; at: readonly number[]; envelopes: ReadonlyMap<string, unknown>; until: number }

const encoder = new TextEncoder()

const held = new Map<string, Held>()
/** Documents are 40–180 KB: a few dozen pages cost an isolate a few MB. */
const HELD_MAX = 48

/** The document remembered under `key` if it was made from exactly `entries`' envelopes, with `nonce` in place of its own. */
export function recallDocument(key: string, entries: ReadonlyMap<string, PayloadEntry>, nonce: string, now: number): Uint8Array<ArrayBuffer> | null {
  const hit = held.get(key)
  if (!hit) return null
  if (hit.until <= now || hit.envelopes.size !== entries.size) {
    held.delete(key)
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

/** Remembers a complete document made from `entries` for `ms` (the payload memory's time). */
export function rememberDocument(key: string, html: string, nonce: string, entries: ReadonlyMap<string, PayloadEntry>, ms: number, now: number) {
  const envelopes = new Map<string, unknown>()
  for (const [k, entry] of entries) {
    if (!entry.ok) return
    envelopes.set(k, entry.envelope)
  }
  const bytes = encoder.encode(html) as Uint8Array<ArrayBuffer>
  const mark = encoder.encode(nonce)
  const at: number[] = []
  for (let i = indexOf(bytes, mark, 0); i >= 0; i = indexOf(bytes, mark, i + mark.length)) at.push(i)
  held.delete(key)
  if (held.size >= HELD_MAX) held.delete(held.keys().next().value!)
  held.set(key, { bytes, nonce, at, envelopes, until: now + ms })
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
