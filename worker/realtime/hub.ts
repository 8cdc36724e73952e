/**
 * The realtime hub (docs/decisions/0018-realtime-hub.md): one Durable Object per channel, named by `idFromName(channel)`. It
 * accepts the channel's sockets through the WebSocket Hibernation API, so an idle channel costs no running object, and
 * fans each publish out to all of them. Whatever a socket must remember lives in its attachment, which survives
 * hibernation; the ids of recent publishes live in the object's SQLite storage, so a replay is refused even after a
 * wake.
 */
import { DurableObject } from 'cloudflare:workers'
import {
  HEARTBEAT,
  PUBLISH_MAX_AGE_MS,
  REAUTHORISE_CLOSE_CODE,
  type RealtimeEvent,
  type RealtimeMessage,
} from '../../shared/realtime/realtime'

/** What each socket carries through hibernation. */
export type SocketAttachment = { channel: string; personal: boolean; ip: string; openedAt: number }

/** Headers the edge sets on the upgrade it forwards (never the browser's: the edge builds the request). */
export const HUB_HEADERS = Object.freeze({
  channel: 'x-realtime-channel',
  ip: 'x-realtime-ip',
  personal: 'x-realtime-personal',
})

export const HUB_LIMITS = Object.freeze({
  /** Sockets of one public channel (a hot lot); past it new viewers fall back to polling. */
  socketsPerChannel: 10_000,
  /** Sockets of one public channel from one client address (an office behind one NAT still fits). */
  socketsPerAddress: 64,
  /** Sockets of one user's channel: tabs and devices. */
  personalSockets: 16,
  /** A personal socket older than this is asked to reconnect at the next publish, so its session is checked again. */
  personalRecheckMs: 15 * 60_000,
  /**
   * How long a publish id is remembered: a timestamp is accepted up to PUBLISH_MAX_AGE_MS either side of now, so a
   * message can be replayed for twice that at most; a margin on top.
   */
  replayWindowMs: 2 * PUBLISH_MAX_AGE_MS + 60_000,
})

/** What the edge hands the hub for one publish (already signed, fresh and valid). */
export type HubPublish = { id: string; ts: number; event: RealtimeEvent }

export type HubPublishResult = { ok: true; delivered: number } | { ok: false; code: 'replayed' }

const addressTag = (ip: string) => `ip:${ip}`.slice(0, 256)

export class RealtimeHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS published (id TEXT PRIMARY KEY, at INTEGER NOT NULL)')
    // The browser's heartbeat is answered by the runtime itself: a ping never wakes a hibernated hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong))
  }

  /** Accepts one socket of this channel, within the limits; the edge has authorised it already. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 })
    const channel = request.headers.get(HUB_HEADERS.channel) ?? ''
    const ip = request.headers.get(HUB_HEADERS.ip) ?? 'unknown'
    const personal = request.headers.get(HUB_HEADERS.personal) === '1'
    const open = this.ctx.getWebSockets().length
    if (open >= (personal ? HUB_LIMITS.personalSockets : HUB_LIMITS.socketsPerChannel))
      return new Response(null, { status: 429 })
    if (!personal && this.ctx.getWebSockets(addressTag(ip)).length >= HUB_LIMITS.socketsPerAddress)
      return new Response(null, { status: 429 })
    const { 0: client, 1: server } = new WebSocketPair()
    this.ctx.acceptWebSocket(server, [addressTag(ip)])
    server.serializeAttachment({ channel, personal, ip, openedAt: Date.now() } satisfies SocketAttachment)
    server.send(HEARTBEAT.ready)
    return new Response(null, { status: 101, webSocket: client })
  }

  /** Sends one event to every socket of the channel, once per publish id. */
  publish(message: HubPublish): HubPublishResult {
    const now = Date.now()
    const sql = this.ctx.storage.sql
    sql.exec('DELETE FROM published WHERE at < ?', now - HUB_LIMITS.replayWindowMs)
    if (sql.exec('SELECT 1 FROM published WHERE id = ?', message.id).toArray().length)
      return { ok: false, code: 'replayed' }
    sql.exec('INSERT INTO published (id, at) VALUES (?, ?)', message.id, now)
    const text = JSON.stringify({ id: message.id, ts: message.ts, event: message.event } satisfies RealtimeMessage)
    let delivered = 0
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as SocketAttachment | null
      if (attachment?.personal && now - attachment.openedAt > HUB_LIMITS.personalRecheckMs) {
        // The browser reconnects at once and refetches what it shows, this event included.
        closeQuietly(ws, REAUTHORISE_CLOSE_CODE, 'reauthorise')
        continue
      }
      try {
        ws.send(text)
        delivered++
      } catch {
        // A socket closing as we send: it reconnects and catches up.
      }
    }
    return { ok: true, delivered }
  }

  /** The sockets open now and what they carry (tests and operations). */
  sockets(): SocketAttachment[] {
    return this.ctx.getWebSockets().map((ws) => ws.deserializeAttachment() as SocketAttachment)
  }

  /** Browsers only send the heartbeat, which the runtime answers; anything else is not part of the protocol. */
  override webSocketMessage(ws: WebSocket): void {
    closeQuietly(ws, 1003, 'unsupported')
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    // 1005 and 1006 are reported but may not be sent.
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, reason)
  }

  override webSocketError(ws: WebSocket): void {
    closeQuietly(ws, 1011, 'error')
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason)
  } catch {
    // Already closed.
  }
}
