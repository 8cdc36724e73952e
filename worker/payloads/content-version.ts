/**
 * The content version (docs/decisions/0031-publishing.md): the upstream's number for "what readers see", which moves on
 * every publish. The payload cache keys carry it, so the first request after a publish, in any isolate, misses the
 * entries made before it. Each request asks the upstream once (one small call, never cached); an upstream without the
 * call keeps the cache as it was, keyed without a version.
 */
import type { Context } from 'hono'
import type { GatewayFailure } from '../../shared/gateway/gateway-client'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'

/** The version call of docs/gateway-contract.md#content-version. */
const VERSION_PATH = '/core/content/version'

/** An upstream that answered 404 is not asked again by this isolate for this long. */
const ABSENT_RETRY_MS = 5 * 60 * 1000

/** The version call may take at most this long; past it, the request goes on with the last version seen. */
const VERSION_TIMEOUT_MS = 1000

/**
 * After a failed version call (a timeout, a 5xx, an answer without a version) the isolate does not ask again for this
 * long: an upstream in trouble costs one wait per isolate, not one per request, and cached pages keep answering.
 */
const FAILURE_BACKOFF_MS = 10 * 1000

/**
 * Isolate state, not request state: when an upstream without the call may be asked again, and the last version seen
 * (what a request uses when the call fails, rather than keys of a version long gone).
 */
let absentUntil = 0
let failingUntil = 0
let lastSeen: number | null = null

/** The content version this request reads payloads at; null: the upstream has none (keys carry no version). */
export function contentVersion(c: Context<AppEnv>): Promise<number | null> {
  let pending = c.get('contentVersion')
  if (!pending) {
    pending = askVersion(c)
    c.set('contentVersion', pending)
  }
  return pending
}

async function askVersion(c: Context<AppEnv>): Promise<number | null> {
  if (Date.now() < absentUntil) return null
  if (Date.now() < failingUntil) return lastSeen
  const started = Date.now()
  const timeout = Math.min(c.get('config').upstreamTimeoutMs, VERSION_TIMEOUT_MS)
  const answer = await gatewayFor(c, { token: null }).request<{ version?: unknown }>('GET', VERSION_PATH, {
    signal: AbortSignal.timeout(timeout),
  })
  c.get('timings').push(['version', Date.now() - started])
  if (!answer.ok && isAbsent(answer)) {
    absentUntil = Date.now() + ABSENT_RETRY_MS
    return null
  }
  const version = answer.ok ? answer.envelope.content?.version : undefined
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return failed()
  lastSeen = version
  return version
}

function failed(): number | null {
  failingUntil = Date.now() + FAILURE_BACKOFF_MS
  return lastSeen
}

function isAbsent(failure: GatewayFailure): boolean {
  return failure.status === 404 || failure.status === 405
}
