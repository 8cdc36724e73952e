/**
 * The content version (docs/decisions/0031-publishing.md, docs/decisions/0042-content-version-off-the-path.md): the
 * upstream's number for "what readers see", which grows on every publish. The payload cache keys carry it, so a page
 * drawn after an isolate learns a new version misses the entries made before it.
 *
 * No page waits for the upstream to learn it. Each isolate keeps the version it knows and answers with it; an
 * upstream that can push tells the portal at once (`acceptPushedVersion`), which shares it through a KV record every
 * isolate reads in the background every few seconds; and each isolate asks the upstream itself, in the background,
 * every few seconds when the upstream cannot push, rarely (a safety net) when it does.
 */
import type { Context } from 'hono'
import type { GatewayFailure } from '../../shared/gateway/gateway-client'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'

/** The version call of docs/gateway-contract.md#content-version. */
const VERSION_PATH = '/core/content/version'

/** The KV record every isolate of every location reads the version from (docs/operations.md#content-version). */
export const VERSION_RECORD_KEY = 'content-version'

/** KV's own edge cache for the record: the shortest Cloudflare allows, so a write reaches every location soonest. */
const RECORD_CACHE_TTL_S = 30

/** An isolate answers with what it knows for this long, then reads the shared record again in the background. */
export const VERSION_REFRESH_MS = 5_000

/**
 * Knowledge older than this (an isolate that served nobody for a while) is refreshed from the shared record before a
 * request uses it: a KV read, never the upstream.
 */
const VERSION_STALE_MS = 30_000

/** How often an isolate asks an upstream that cannot push (`GATEWAY_ORIGIN`, or no realtime secret to push with). */
export const VERSION_POLL_MS = 5_000

/**
 * How often an isolate asks an upstream that pushes: a lost push (the portal deploying, a failed call) is seen within
 * this, whatever KV does.
 */
export const VERSION_BACKSTOP_MS = 50_000

/** The version call may take at most this long. */
const VERSION_TIMEOUT_MS = 1000

/** An upstream that answered 404 (it has no version call) is asked again after this long. */
const ABSENT_RETRY_MS = 5 * 60 * 1000

/**
 * Isolate state, not request state (docs/architecture.md#rule-5): the version this isolate knows (undefined: nothing
 * yet; null: the upstream has none, keys carry no version), when it last read the shared record, when it may ask the
 * upstream next, the record's value as this isolate last saw it, and the reads in flight.
 */
let known: number | null | undefined
let readAt = Number.NEGATIVE_INFINITY
let askAfter = Number.NEGATIVE_INFINITY
let recorded: number | null | undefined
let reading: Promise<void> | null = null
let asking: Promise<void> | null = null

/**
 * The time the version is judged by. Tests put a clock of their own in with `setVersionClock`, so the refresh and the
 * safety net can come due without waiting for them.
 */
let clock: () => number = Date.now

/** Sets the clock the content version is judged by; without an argument, back to `Date.now`. */
export function setVersionClock(now: () => number = Date.now): void {
  clock = now
}

/** Forgets what this isolate knows, as a new isolate starts (for tests). */
export function forgetContentVersion(): void {
  known = recorded = undefined
  readAt = askAfter = Number.NEGATIVE_INFINITY
}

/** The content version this request reads payloads at; null: the upstream has none (keys carry no version). */
export function contentVersion(c: Context<AppEnv>): Promise<number | null> {
  let pending = c.get('contentVersion')
  if (!pending) {
    pending = currentVersion(c)
    c.set('contentVersion', pending)
  }
  return pending
}

async function currentVersion(c: Context<AppEnv>): Promise<number | null> {
  const now = clock()
  if (known === undefined || now - readAt >= VERSION_STALE_MS) {
    // A new isolate, or one that served nobody for a while: the shared record first (a KV read), and only while no
    // isolate anywhere has ever recorded a version (a new deployment's first requests) the upstream itself, once per
    // interval: an upstream in trouble then costs one wait per isolate, not one per request.
    const started = Date.now()
    await readRecord(c)
    if (known === undefined && clock() >= askAfter) await askUpstream(c)
    c.get('timings').push(['version', Date.now() - started])
  } else if (now - readAt >= VERSION_REFRESH_MS) {
    inBackground(c, readRecord(c))
  }
  if (clock() >= askAfter) inBackground(c, askUpstream(c))
  return known ?? null
}

function inBackground(c: Context<AppEnv>, work: Promise<void>): void {
  c.executionCtx.waitUntil(work)
}

/**
 * Takes a version in: a larger number than the one known (versions only grow, docs/gateway-contract.md#content-version,
 * so a late answer or a replayed push never takes an isolate back), or the upstream's word that it has none.
 */
function learn(version: number | null): void {
  if (version === null) known = null
  else if (known === undefined || known === null || version > known) known = version
}

type VersionRecord = { version: number | null }

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

async function fetchRecord(kv: KVNamespace): Promise<VersionRecord | null> {
  const record = await kv
    .get<VersionRecord>(VERSION_RECORD_KEY, { type: 'json', cacheTtl: RECORD_CACHE_TTL_S })
    .catch(() => null)
  if (!record || (record.version !== null && !isVersion(record.version))) return null
  return record
}

/** Reads the shared record (one read in flight per isolate); a KV that fails leaves the isolate as it was. */
function readRecord(c: Context<AppEnv>): Promise<void> {
  reading ??= (async () => {
    const record = await fetchRecord(c.env.PAYLOADS)
    readAt = clock()
    if (!record) return
    recorded = record.version
    // A record of "no version" is taken only by an isolate that knows nothing yet; an upstream that gained the call
    // since is seen by the next ask.
    if (record.version !== null || known === undefined) learn(record.version)
  })().finally(() => {
    reading = null
  })
  return reading
}

/** Asks the upstream (one call in flight per isolate), then shares what it learnt. Never throws. */
function askUpstream(c: Context<AppEnv>): Promise<void> {
  asking ??= (async () => {
    const { gatewayOrigin, realtimeSecret, upstreamTimeoutMs } = c.get('config')
    const pushes = gatewayOrigin === null && realtimeSecret !== null
    askAfter = clock() + (pushes ? VERSION_BACKSTOP_MS : VERSION_POLL_MS)
    const answer = await gatewayFor(c, { token: null }).request<{ version?: unknown }>('GET', VERSION_PATH, {
      signal: AbortSignal.timeout(Math.min(upstreamTimeoutMs, VERSION_TIMEOUT_MS)),
    })
    let version: number | null
    if (!answer.ok) {
      // A timeout or a 5xx leaves the version as it was: cached pages keep answering at it.
      if (!isAbsent(answer)) return
      askAfter = clock() + ABSENT_RETRY_MS
      version = null
    } else {
      const answered = answer.envelope.content?.version
      if (!isVersion(answered)) return
      version = answered
    }
    learn(version)
    await share(c, version)
  })()
    .catch(() => undefined)
    .finally(() => {
      asking = null
    })
  return asking
}

/**
 * Writes a version the upstream gave (an answer or a push) to the shared record when it is news to the record: a larger
 * number, or "none" where the record has a number. Only the upstream's own word is written, never what an isolate
 * merely remembers. KV has no compare-and-swap; isolates take only larger numbers from the record, so a late write of
 * an older version holds back no isolate that knows a newer one.
 */
async function share(c: Context<AppEnv>, version: number | null): Promise<void> {
  if (version === recorded) return
  const record = await fetchRecord(c.env.PAYLOADS)
  if (record) recorded = record.version
  if (
    record &&
    (record.version === version || (version !== null && record.version !== null && record.version > version))
  )
    return
  recorded = version
  await c.env.PAYLOADS.put(VERSION_RECORD_KEY, JSON.stringify({ version } satisfies VersionRecord)).catch(
    () => undefined,
  )
}

/**
 * A version the upstream pushed (docs/gateway-contract.md#content-version): this isolate takes it at once, and the
 * shared record carries it to every other isolate within their next refresh.
 */
export async function acceptPushedVersion(c: Context<AppEnv>, version: number): Promise<void> {
  learn(version)
  readAt = clock()
  await share(c, version)
}

function isAbsent(failure: GatewayFailure): boolean {
  return failure.status === 404 || failure.status === 405
}
