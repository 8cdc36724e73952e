/**
 * One realtime channel's socket in the browser (docs/decisions/0018-realtime-hub.md), loaded on demand by `useChannel`. It
 * reconnects with capped exponential backoff and full jitter, rests while the tab is hidden, and checks the line with
 * a heartbeat the hub answers without waking. Whenever it is not live the page polls as it did before realtime.
 */
import {
  FINAL_CLOSE_CODES,
  HEARTBEAT,
  REALTIME_PATH,
  REAUTHORISE_CLOSE_CODE,
  type RealtimeMessage,
} from '../../../shared/realtime/realtime'

/** `live`: events arrive; otherwise the page polls. */
export type ChannelStatus = 'connecting' | 'live' | 'offline'

export type ChannelHandlers = {
  onMessage: (message: RealtimeMessage) => void
  /** `resumed` on every opening after the first: events may have been missed meanwhile, so refetch. */
  onStatus: (status: ChannelStatus, resumed: boolean) => void
}

export const RECONNECT = Object.freeze({
  baseMs: 1000,
  capMs: 60_000,
  /**
   * A socket that stays open this long counts as healthy again: the next drop starts the backoff from the beginning.
   */
  healthyMs: 10_000,
  /** A hidden tab keeps its socket this long, then closes it until it is shown again. */
  hiddenGraceMs: 30_000,
  heartbeatMs: 25_000,
  heartbeatTimeoutMs: 10_000,
})

/**
 * Full jitter: a random delay between 0 and the capped exponential step. Clients that lost the hub together (a deploy,
 * a network blip) spread their returns over the whole window instead of arriving at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(RECONNECT.capMs, RECONNECT.baseMs * 2 ** attempt))
}

/** Opens `channel` and keeps it open until the returned function is called. */
export function openChannel(channel: string, handlers: ChannelHandlers): () => void {
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}?channel=${encodeURIComponent(channel)}`
  let socket: WebSocket | null = null
  let stopped = false
  let attempt = 0
  let openings = 0
  let openedAt = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined
  let pongTimer: ReturnType<typeof setTimeout> | undefined

  const hidden = () => document.visibilityState === 'hidden'

  function connect() {
    clearTimeout(retryTimer)
    retryTimer = undefined
    if (stopped || socket || hidden()) return
    const ws = new WebSocket(url)
    socket = ws
    handlers.onStatus('connecting', false)
    ws.onopen = () => {
      heartbeatTimer = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return
        ws.send(HEARTBEAT.ping)
        clearTimeout(pongTimer)
        // No answer: the line is dead without a close frame (a sleeping laptop, a dropped NAT entry).
        pongTimer = setTimeout(() => ws.close(4000, 'heartbeat'), RECONNECT.heartbeatTimeoutMs)
      }, RECONNECT.heartbeatMs)
    }
    ws.onmessage = (e: MessageEvent) => {
      if (e.data === HEARTBEAT.pong) return clearTimeout(pongTimer)
      // Live only once the hub holds the socket: a refused one is closed without it.
      if (e.data === HEARTBEAT.ready) {
        openedAt = Date.now()
        openings++
        return handlers.onStatus('live', openings > 1)
      }
      try {
        handlers.onMessage(JSON.parse(String(e.data)) as RealtimeMessage)
      } catch {
        // Not ours to read: ignored.
      }
    }
    ws.onclose = (e: CloseEvent) => {
      if (socket !== ws) return
      socket = null
      clearInterval(heartbeatTimer)
      clearTimeout(pongTimer)
      if (stopped) return
      handlers.onStatus('offline', false)
      if (openedAt && Date.now() - openedAt >= RECONNECT.healthyMs) attempt = 0
      openedAt = 0
      // The edge said no for good (no such channel, no session): the page polls, and its polls find out the rest.
      if (FINAL_CLOSE_CODES.has(e.code)) return
      if (hidden()) return
      // The hub asks a long-lived personal socket to come back so the edge checks its session: soon, but spread.
      const delay = e.code === REAUTHORISE_CLOSE_CODE ? backoffDelay(0) : backoffDelay(attempt++)
      retryTimer = setTimeout(connect, delay)
    }
  }

  function close(ws: WebSocket) {
    ws.onmessage = null
    // Closing a socket still connecting makes the browser log an error: let it open, then close it.
    if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000)
    else ws.close(1000)
  }

  function onVisibility() {
    clearTimeout(hiddenTimer)
    if (hidden()) {
      hiddenTimer = setTimeout(() => {
        const ws = socket
        if (!ws) return
        socket = null
        clearInterval(heartbeatTimer)
        clearTimeout(pongTimer)
        close(ws)
        handlers.onStatus('offline', false)
      }, RECONNECT.hiddenGraceMs)
    } else if (!socket && retryTimer === undefined) {
      connect()
    }
  }

  function onOnline() {
    if (!socket) connect()
  }

  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('online', onOnline)
  connect()

  return () => {
    stopped = true
    clearTimeout(retryTimer)
    clearTimeout(hiddenTimer)
    clearInterval(heartbeatTimer)
    clearTimeout(pongTimer)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('online', onOnline)
    if (socket) close(socket)
    socket = null
  }
}
