/**
 * Loads gateway data keys for pages and `_payload.json`, through the KV payload cache for public keys
 * (docs/product.md#payload-cache).
 */
import type { Context } from 'hono'
import { validatePayload } from '../../contract/gateway'
import { LOCALES } from '../../contract/locales'
import { PAYLOAD_CACHE_MS } from '../../shared/constants'
import type { GatewayResult } from '../../shared/gateway/gateway-client'
import { isPublicUrl, type Key } from '../../shared/keys/api-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import type { PayloadEntry } from '../../shared/state/state'
import { BUILD_ID } from '../env'
import type { AppEnv, CacheOutcome } from '../types'
import { gatewayFor } from '../upstream/gateway'
import { contentVersion } from './content-version'
import { shapeListEnvelope } from './list-shapes'
import { PREVIEW_HEADER } from './preview'

/** Past its hour a payload may still stand in for a failing upstream for this long (stale-if-error). */
const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000

type Cached = { envelope: Extract<PayloadEntry, { ok: true }>['envelope']; fetchedAt: number }

/**
 * The time cache entries are judged by (their age, the memory's window). Tests put a clock of their own in with
 * `setPayloadClock`, so a window can pass without waiting for it.
 */
let clock: () => number = Date.now

/** Sets the clock the payload cache judges entries by; without an argument, back to `Date.now`. */
export function setPayloadClock(now: () => number = Date.now): void {
  clock = now
}

/** One refresh per key in flight per isolate: concurrent misses share the upstream call. */
const inflight = new Map<string, Promise<PayloadEntry>>()

/**
 * The isolate's memory in front of KV: a fresh entry read from (or written to) KV answers this isolate's requests for
 * `payloadMemoryMs` without another KV read. It never outlives the entry's hour, and holds the most recent entries
 * only.
 */
const memory = new Map<string, { cached: Cached; until: number }>()
export const PAYLOAD_MEMORY_ENTRIES = 200

function recall(cacheKey: string, now: number): Cached | null {
  const held = memory.get(cacheKey)
  if (!held) return null
  if (held.until > now) return held.cached
  memory.delete(cacheKey)
  return null
}

function remember(cacheKey: string, cached: Cached, forMs: number): void {
  if (forMs <= 0) return
  memory.delete(cacheKey)
  memory.set(cacheKey, { cached, until: Math.min(clock() + forMs, cached.fetchedAt + PAYLOAD_CACHE_MS) })
  if (memory.size > PAYLOAD_MEMORY_ENTRIES) memory.delete(memory.keys().next().value!)
}

/**
 * Calls an upstream may lack: the site settings (docs/gateway-contract.md#site-settings), which the agency's API does
 * not have today. Only answers that are `ok` are cached, so such an upstream would be asked on every page; its 404 is
 * remembered by the isolate for `ABSENT_FOR_MS` instead, as the content version's is (`content-version.ts`).
 */
const OPTIONAL_KEYS: ReadonlySet<string> = new Set([siteKeys.settings()])
const ABSENT_FOR_MS = 5 * 60 * 1000
const absent = new Map<string, { entry: PayloadEntry; until: number }>()

/** The remembered 404 of an optional call, while it holds. */
function recallAbsent(key: string): PayloadEntry | null {
  const held = absent.get(key)
  if (!held) return null
  if (held.until > clock()) return held.entry
  absent.delete(key)
  return null
}

/**
 * The deepest list page (0-based, as the gateway counts) that is cached. Visitors choose keywords and page numbers, so
 * caching every one would let anyone fill KV with entries nobody reads again (docs/security.md#cache-keys).
 */
export const MAX_CACHED_PAGE = 9

/**
 * Query parameters whose values a visitor chooses freely (a search, ids of list filters), so each new value would be a
 * new cache entry: keys carrying them are fetched without being stored (docs/security.md#cache-keys).
 */
const UNCACHED_QUERY = ['keyword', 'sector_id', 'region_id', 'amount_id'] as const

/**
 * Whether a public key's answer is kept in KV and the isolate's memory: no free-form query, no page past
 * MAX_CACHED_PAGE.
 */
function isCacheableKey(key: string): boolean {
  const query = new URLSearchParams(key.split('?')[1] ?? '')
  if (UNCACHED_QUERY.some((name) => query.has(name))) return false
  const page = query.get('page')
  return page === null || Number(page) <= MAX_CACHED_PAGE
}

/**
 * Cache writes a request holds back until it knows its page exists: a page whose primary key answers 404 (a made-up
 * category id) must not leave its other keys in KV (docs/security.md#cache-keys). `commit` writes them, `drop`
 * forgets them.
 */
export type HeldWrites = { commit(): void; drop(): void }
type WriteQueue = Array<() => void>

/** Starts holding this request's cache writes; `loadEntry` queues them until the holder commits or drops them. */
export function holdWrites(c: Context<AppEnv>): HeldWrites {
  const queue: WriteQueue = []
  c.set('heldWrites', queue)
  const release = (run: boolean) => {
    c.set('heldWrites', null)
    for (const write of queue.splice(0)) if (run) write()
  }
  return { commit: () => release(true), drop: () => release(false) }
}

/**
 * Keeps a fresh answer in the isolate's memory and KV, now or when the request commits its held writes. An empty list
 * is not kept: ids a visitor makes up (a service stage, a category's children) answer one, and keeping each would let
 * anyone fill KV (docs/security.md#cache-keys); a list that is really empty costs an upstream call instead.
 */
function store(c: Context<AppEnv>, cacheKey: string, envelope: Cached['envelope'], payloadMemoryMs: number): void {
  if (Array.isArray(envelope.content) && envelope.content.length === 0) return
  const value: Cached = { envelope, fetchedAt: clock() }
  const kv = c.env.PAYLOADS
  const write = () => {
    remember(cacheKey, value, payloadMemoryMs)
    c.executionCtx.waitUntil(
      kv.put(cacheKey, JSON.stringify(value), { expirationTtl: STALE_IF_ERROR_MS / 1000 }).catch(() => undefined),
    )
  }
  const held = c.get('heldWrites')
  if (held) held.push(write)
  else write()
}

/**
 * KV key: build id + content version + locale + the gateway key (path and allow-listed, normalised query). Nothing
 * else varies it. The first version (nothing published from the console yet) and an upstream without versions (null)
 * key as before versions existed (docs/decisions/0031-publishing.md).
 */
export function payloadCacheKey(locale: string, key: string, version: number | null = null): string {
  return `payload:${BUILD_ID}:${version !== null && version > FIRST_CONTENT_VERSION ? `v${version}:` : ''}${locale}:${key}`
}

/** The content version of a store nothing has been published to (docs/gateway-contract.md#content-version). */
const FIRST_CONTENT_VERSION = 1

async function fetchEntry(
  c: Context<AppEnv>,
  key: Key<unknown>,
  token: string | null,
  preview: string | null = null,
): Promise<PayloadEntry> {
  const client = gatewayFor(c, { token })
  const started = Date.now()
  const signal = AbortSignal.timeout(c.get('config').upstreamTimeoutMs)
  // A preview's token goes to the upstream, which decides what it shows (docs/gateway-contract.md#preview).
  const headers = preview ? { [PREVIEW_HEADER]: preview } : undefined
  try {
    return entryOf(key, signal, await client.request<unknown>('GET', key, { signal, headers }))
  } finally {
    c.get('timings').push(['upstream', Date.now() - started])
  }
}

/** The entry for the upstream's answer to `key`: its envelope once it meets the contract, else the failure to show. */
function entryOf(key: Key<unknown>, signal: AbortSignal, answer: GatewayResult<unknown>): PayloadEntry {
  if (!answer.ok) {
    if (signal.aborted) return { ok: false, status: 504, code: 'upstream_timeout' }
    if (answer.status === 0) return { ok: false, status: 502, code: 'network_error' }
    // A success status without an envelope (truncated or not JSON) is a broken upstream, not an answer to show.
    if (answer.status < 300 && answer.code === 'malformed_response') {
      return { ok: false, status: 502, code: 'malformed_response' }
    }
    return { ok: false, status: answer.status, code: answer.code }
  }
  // An answer of the wrong shape is a broken upstream like a 5xx: the stale copy stands in for it, else the error
  // page.
  const checked = validatePayload(key, answer.envelope)
  if (!checked.ok) {
    // The path only: a key's query may hold what a visitor typed (a search) (docs/security.md#logs).
    console.error(
      JSON.stringify({ level: 'error', msg: 'contract violation', path: key.split('?')[0], issues: checked.issues }),
    )
    return { ok: false, status: 502, code: 'malformed_response' }
  }
  return { ok: true, envelope: shapeListEnvelope(key, checked.envelope) }
}

function isUpstreamFailure(entry: PayloadEntry): boolean {
  return !entry.ok && (entry.status >= 500 || entry.status === 0)
}

/**
 * Never throws: a failed key becomes an entry the page renders as an error state. A personal key (no `public` in it)
 * is asked for with the session's `token`; a public one never carries it.
 */
export async function loadEntry(
  c: Context<AppEnv>,
  key: Key<unknown>,
  token: string | null = null,
): Promise<PayloadEntry> {
  const outcomes = c.get('cacheOutcomes')
  if (!isPublicUrl(key)) {
    outcomes.push('bypass')
    return fetchEntry(c, key, token)
  }
  // A preview is drawn from the upstream alone: nothing read from the cache, nothing written to it.
  const preview = c.get('preview') ?? null
  if (preview || !isCacheableKey(key)) {
    outcomes.push('bypass')
    return fetchEntry(c, key, null, preview)
  }
  const missing = recallAbsent(key)
  if (missing) {
    outcomes.push('error')
    return missing
  }
  const kv = c.env.PAYLOADS
  const cacheKey = payloadCacheKey(c.get('locale'), key, await contentVersion(c))
  const { payloadMemoryMs } = c.get('config')
  const held = payloadMemoryMs > 0 ? recall(cacheKey, clock()) : null
  if (held) {
    c.get('timings').push(['memory', 0])
    outcomes.push('hit')
    return { ok: true, envelope: held.envelope }
  }
  const kvStarted = Date.now()
  const cached = await kv.get<Cached>(cacheKey, 'json').catch(() => null)
  c.get('timings').push(['kv', Date.now() - kvStarted])
  const now = clock()
  if (cached && now - cached.fetchedAt < PAYLOAD_CACHE_MS) {
    remember(cacheKey, cached, payloadMemoryMs)
    outcomes.push('hit')
    return { ok: true, envelope: cached.envelope }
  }
  let pending = inflight.get(cacheKey)
  // The request that asks the upstream stores the answer; those that shared its call do not write it again.
  const asked = !pending
  if (!pending) {
    pending = fetchEntry(c, key, null)
    inflight.set(cacheKey, pending)
    void pending.finally(() => inflight.delete(cacheKey))
    // Other requests may await this promise. Workers cancel a request's unfinished I/O when it ends (e.g. an HTML
    // render that never awaited a deferred key), which would leave the shared promise pending forever.
    c.executionCtx.waitUntil(pending)
  }
  const entry = await pending
  if (entry.ok) {
    if (asked) store(c, cacheKey, entry.envelope, payloadMemoryMs)
    outcomes.push('miss')
    return entry
  }
  if (entry.status === 404 && OPTIONAL_KEYS.has(key)) absent.set(key, { entry, until: clock() + ABSENT_FOR_MS })
  if (isUpstreamFailure(entry) && cached && now - cached.fetchedAt < STALE_IF_ERROR_MS) {
    outcomes.push('stale')
    return { ok: true, envelope: cached.envelope, stale: true }
  }
  outcomes.push('error')
  return entry
}

/**
 * A public key's answer as the isolate's memory holds it at `version` in `locale`, without a KV read and without asking
 * the upstream: the document memory's door (`document-door.ts`) compares it with what a remembered document was made
 * from. Null whenever `loadEntry` would not answer from the memory (a key it fetches anew, a remembered 404, nothing
 * held).
 */
export function peekPayload(locale: string, key: string, version: number | null): PayloadEntry | null {
  if (!isPublicUrl(key) || !isCacheableKey(key) || recallAbsent(key)) return null
  const held = recall(payloadCacheKey(locale, key, version), clock())
  return held ? { ok: true, envelope: held.envelope } : null
}

/**
 * Drops cached copies of `keys` in every language at `version`, from KV and this isolate's memory, after an upstream
 * announced a change (docs/decisions/0018-realtime-hub.md). Other isolates' memories still answer for up to
 * `PAYLOAD_MEMORY_MS`.
 */
export async function forgetPayloads(kv: KVNamespace, keys: readonly string[], version: number | null): Promise<void> {
  const cacheKeys = LOCALES.flatMap((locale) => keys.map((key) => payloadCacheKey(locale, key, version)))
  for (const cacheKey of cacheKeys) memory.delete(cacheKey)
  await Promise.all(cacheKeys.map((cacheKey) => kv.delete(cacheKey).catch(() => undefined)))
}

export async function loadEntries(
  c: Context<AppEnv>,
  keys: readonly Key<unknown>[],
  token: string | null,
): Promise<Record<string, PayloadEntry>> {
  const entries = await Promise.all(keys.map(async (key) => [key, await loadEntry(c, key, token)] as const))
  return Object.fromEntries(entries)
}

/** `X-Payload-Cache`: stale if anything was stale, miss if anything came from upstream, hit if all came from KV. */
export function summariseOutcomes(outcomes: readonly CacheOutcome[]): string {
  if (outcomes.length === 0) return 'none'
  if (outcomes.includes('stale')) return 'stale'
  if (outcomes.includes('error')) return 'error'
  if (outcomes.includes('miss')) return 'miss'
  if (outcomes.every((o) => o === 'bypass')) return 'bypass'
  return 'hit'
}

/** `Server-Timing` from the recorded KV and upstream durations. */
export function serverTiming(timings: readonly [string, number][]): string {
  const totals = new Map<string, { dur: number; count: number }>()
  for (const [name, dur] of timings) {
    const t = totals.get(name) ?? { dur: 0, count: 0 }
    totals.set(name, { dur: t.dur + dur, count: t.count + 1 })
  }
  return [...totals]
    .map(([name, t]) => `${name};dur=${t.dur};desc="${t.count} call${t.count === 1 ? '' : 's'}"`)
    .join(', ')
}
