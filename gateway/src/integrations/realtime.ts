/**
 * Realtime publishing to the portal (the portal's docs/decisions/0018-realtime-hub.md): after the gateway records a change,
 * it tells the portal's hub, which pushes it to the browsers that show it. A publish is `POST /_app/realtime/publish`
 * through the PORTAL service binding, signed with HMAC-SHA256 (REALTIME_SECRET) over `{timestamp}.{id}.{body}`. It runs
 * after the response, in `waitUntil` of the request the route hands down, as pushes do
 * (docs/decisions/0017-request-context.md); a failure is logged and never fails the request that made the change: the
 * pages fall back to polling. The content version goes the same way to `POST /_app/content-version`
 * (docs/gateway-contract.md#content-version); if it is lost, the portal asks for the version itself within a minute.
 */
import { readConfig } from '../lib/config'
import type { RequestScope } from '../lib/context'

const PUBLISH_URL = 'http://portal.internal/_app/realtime/publish'
const VERSION_URL = 'http://portal.internal/_app/content-version'

/**
 * Publishes what `compose` answers (a channel or a user, and the event) after the response, in the request's
 * `waitUntil`; `null` publishes nothing.
 */
export function schedulePublish(request: RequestScope, compose: (env: Env) => Promise<object | null>): void {
  schedule(request, async (env) => {
    const body = await compose(env)
    if (body) await publish(env, body)
  })
}

/** Tells the portal the content version `read` answers, after the response, in the request's `waitUntil`. */
export function scheduleVersionPush(request: RequestScope, read: (env: Env) => Promise<number>): void {
  schedule(request, async (env) => post(env, VERSION_URL, { version: await read(env) }))
}

function schedule(request: RequestScope, task: (env: Env) => Promise<void>): void {
  request.executionCtx.waitUntil(
    task(request.env).catch((err: unknown) => {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'realtime publish failed',
          requestId: request.requestId,
          error: err instanceof Error ? err.message : String(err),
        }),
      )
    }),
  )
}

const encoder = new TextEncoder()
let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null

function keyOf(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    }
  }
  return cachedKey.key
}

function publish(env: Env, body: object): Promise<void> {
  return post(env, PUBLISH_URL, body)
}

/** A signed call to the portal; without a key or a portal to reach there is nothing to tell. */
async function post(env: Env, url: string, body: object): Promise<void> {
  const { realtimeSecret } = readConfig(env)
  const portal = (env as { PORTAL?: Fetcher }).PORTAL
  // Realtime is optional: without a key or a portal to reach, there is nothing to tell and the pages poll.
  if (!realtimeSecret || !portal) return
  const text = JSON.stringify(body)
  const timestamp = String(Date.now())
  const id = crypto.randomUUID()
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await keyOf(realtimeSecret), encoder.encode(`${timestamp}.${id}.${text}`)),
  )
  const res = await portal.fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-realtime-timestamp': timestamp,
      'x-realtime-id': id,
      'x-realtime-signature': `v1=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
    },
    body: text,
  })
  if (!res.ok) {
    const code = ((await res.json().catch(() => null)) as { result?: { code?: string } } | null)?.result?.code
    const path = new URL(url).pathname
    console.warn(JSON.stringify({ level: 'warn', msg: 'realtime publish refused', path, status: res.status, code }))
  }
}
