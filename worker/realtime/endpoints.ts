/**
 * The realtime endpoints (docs/decisions/0018-realtime-hub.md). `GET /_app/realtime?channel=…` upgrades a same-origin browser
 * socket and hands it to the channel's hub; `me` is the signed-in user's own channel, named from the session's profile.
 * `POST /_app/realtime/publish` takes an upstream's signed event and fans it out through the hub.
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { tradingKeys } from '../../shared/keys/trading-keys'
import { isPublicChannel, LOTS_CHANNEL, PERSONAL_CHANNEL, refusalCloseCode } from '../../shared/realtime/realtime'
import { PublishBodySchema } from '../../shared/realtime/realtime-schemas'
import { errorEnvelope } from '../http/envelope'
import { contentVersion } from '../payloads/content-version'
import { forgetPayloads, loadEntry, MAX_CACHED_PAGE } from '../payloads/payloads'
import { readSession } from '../session/session'
import type { AppEnv } from '../types'
import { userChannel, userOfProfile } from './channels'
import { HUB_HEADERS, type HubPublishResult, type RealtimeHub } from './hub'
import { readSignedCall } from './signed-call'

/** A socket opened and closed at once with the refusal's code (see `refusalCloseCode`). */
function refuse(status: 400 | 401 | 403 | 429 | 503, reason: string): Response {
  const { 0: client, 1: server } = new WebSocketPair()
  server.accept()
  server.close(refusalCloseCode(status), reason)
  return new Response(null, { status: 101, webSocket: client })
}

/** The lot number of a `lot:{number}` channel, else null. */
function lotNumberOf(channel: string): string | null {
  return channel.startsWith('lot:') ? channel.slice('lot:'.length) : null
}

function hubOf(env: Env, channel: string): DurableObjectStub<RealtimeHub> {
  return env.REALTIME.get(env.REALTIME.idFromName(channel))
}

/**
 * Upgrades a browser's socket to one channel: same origin, within the address's rate, authorised for that channel.
 * Another site's page gets a plain 403; our own pages get a socket closed with the refusal's code.
 */
export async function serveRealtimeSocket(c: Context<AppEnv>): Promise<Response> {
  c.set('routeId', 'realtime')
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return errorEnvelope(c, 426, 'upgrade_required')
  // Browsers always send Origin on a WebSocket handshake, and cookies ride along: another site's page must not open
  // a socket with the visitor's session (cross-site WebSocket hijacking).
  if (c.req.header('origin') !== new URL(c.req.url).origin) return errorEnvelope(c, 403, 'csrf_forbidden')
  const ip = c.req.header('cf-connecting-ip') ?? 'unknown'
  const { success } = await c.env.REALTIME_LIMITER.limit({ key: ip })
  if (!success) return refuse(429, 'too_many_attempts')

  const requested = c.req.query('channel') ?? ''
  let channel: string
  const personal = requested === PERSONAL_CHANNEL
  if (personal) {
    // The session lookup speaks to the gateway; its language does not matter here.
    c.set('locale', 'en')
    const result = await readSession(c)
    if (!result.ok) return refuse(401, 'unauthorized')
    if (result.session.unavailable) return refuse(503, 'session_unavailable')
    const user = result.session.profile ? userOfProfile(result.session.profile) : null
    if (!user) return result.session.hasToken ? refuse(403, 'forbidden') : refuse(401, 'unauthorized')
    channel = await userChannel(user)
  } else if (isPublicChannel(requested)) {
    channel = requested
    // A lot's hub exists only for a lot the upstream knows, so made-up numbers create no Durable Objects
    // (docs/security.md#realtime). The lot's payload is usually in the isolate's memory or KV already.
    const lot = lotNumberOf(channel)
    if (lot !== null) {
      c.set('locale', 'en')
      const entry = await loadEntry(c, tradingKeys.auctionLot(lot))
      if (!entry.ok) return entry.status === 404 ? refuse(400, 'bad_request') : refuse(503, 'lot_unavailable')
    }
  } else {
    // A user's channel is never named by the browser; anything else is no channel at all.
    return requested.startsWith('user:') ? refuse(403, 'forbidden') : refuse(400, 'bad_request')
  }

  const res = await hubOf(c.env, channel).fetch('http://realtime.internal/subscribe', {
    headers: {
      upgrade: 'websocket',
      [HUB_HEADERS.channel]: channel,
      [HUB_HEADERS.ip]: ip,
      [HUB_HEADERS.personal]: personal ? '1' : '0',
    },
  })
  if (res.status !== 101 || !res.webSocket) return refuse(429, 'too_many_connections')
  // A response of our own (mutable headers) for the middlewares that add headers after this handler.
  return new Response(null, { status: 101, webSocket: res.webSocket })
}

/**
 * Accepts an upstream's signed publish: 401 unsigned, badly signed or stale, 409 replayed, 202 with the sockets
 * reached.
 */
export async function servePublish(c: Context<AppEnv>): Promise<Response> {
  c.set('routeId', 'realtime-publish')
  const call = await readSignedCall(c)
  if (!call.ok) return call.refusal
  const { id, timestamp: ts, json } = call
  const parsed = v.safeParse(PublishBodySchema, json)
  if (!parsed.success) return errorEnvelope(c, 400, 'bad_request')
  const message = parsed.output
  const channel = 'user' in message ? await userChannel(message.user) : message.channel
  const result: HubPublishResult = await hubOf(c.env, channel).publish({ id, ts, event: message.event })
  if (!result.ok) return errorEnvelope(c, 409, 'replayed')
  if (message.event.type === 'lot' && channel !== LOTS_CHANNEL) {
    // A reload after the change must not show the cached lot for the rest of its hour.
    const pages = Array.from({ length: MAX_CACHED_PAGE + 1 }, (_, page) => tradingKeys.auctionLots(page))
    const keys = [tradingKeys.auctionLot(message.event.lot), ...pages]
    c.set('locale', 'en')
    c.executionCtx.waitUntil(contentVersion(c).then((version) => forgetPayloads(c.env.PAYLOADS, keys, version)))
  }
  return c.json({ result: { code: 'ok', description: '' }, content: { delivered: result.delivered } }, 202)
}
