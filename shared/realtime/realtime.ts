/**
 * The realtime protocol (docs/decisions/0018-realtime-hub.md): channel names, the events upstreams publish, the signed
 * publish
 * request and what a socket receives. Events are hints: a page applies a public event's values (a lot's price) or
 * refetches personal data with its own session; a personal event carries ids and states, never text. The schemas that
 * check a publish are in `realtime-schemas.ts`, which only the edge loads.
 */
/** The browser's endpoint: `GET /_app/realtime?channel=…` with `Upgrade: websocket`, one socket per channel. */
export const REALTIME_PATH = '/_app/realtime'
/** Upstreams publish here (`POST`, signed). */
export const REALTIME_PUBLISH_PATH = '/_app/realtime/publish'

/** What a browser asks for to get its own channel; the edge names the channel from the session's profile. */
export const PERSONAL_CHANNEL = 'me'
/** Every e-auction lot's changes (the lot list). */
export const LOTS_CHANNEL = 'lots'
/** One lot's changes (its page). */
export const lotChannel = (lotNumber: string | number) => `lot:${lotNumber}`

/** The public channels a browser may name. */
export const PUBLIC_CHANNEL = /^(lots|lot:\d{1,20})$/

/** Whether a browser may subscribe to `channel` by name: public channels only, never a user's. */
export function isPublicChannel(channel: string): boolean {
  return PUBLIC_CHANNEL.test(channel)
}

/** Headers of a signed publish; the signature is HMAC-SHA256 over `{timestamp}.{id}.{body}` (`v1=` + hex). */
export const PUBLISH_HEADERS = Object.freeze({
  timestamp: 'x-realtime-timestamp',
  id: 'x-realtime-id',
  signature: 'x-realtime-signature',
})
/** A publish older or newer than this (by its timestamp) is refused as stale. */
export const PUBLISH_MAX_AGE_MS = 60_000
/** A publish body is small: events are hints, not documents. */
export const PUBLISH_MAX_BYTES = 8192

/** A new notification for the user (the bell refetches). `kind` is the notification type of the contract. */
type NotificationEvent = { type: 'notification'; kind: string }
/**
 * One of the user's appeals changed: its status, or a reply in its thread. `by: 'user'` when the user did it (another
 * tab or device refreshes, nobody needs to hear it); otherwise the agency did.
 */
type AppealEvent = {
  type: 'appeal'
  id: number
  status: 'in_moderation' | 'reviewed' | 'resolved' | 'not_resolved'
  by?: 'user' | 'agency'
}
/** One of the user's projects was moderated. */
type ProjectEvent = { type: 'project'; id: number; state: 'pending' | 'approved' | 'rejected' | 'draft' }
/** An e-auction lot's price, deposit, status (per language) and end of applications, as they are now. */
export type LotEvent = {
  type: 'lot'
  lot: string
  price: number
  deposit: number | null
  status: { uz: string; ru: string; en: string }
  order_end_time: string
}
export type PersonalEvent = NotificationEvent | AppealEvent | ProjectEvent
export type RealtimeEvent = PersonalEvent | LotEvent

/**
 * The body of a publish: a personal event for one user (named by role and record id), or a lot event for a public
 * channel.
 */
export type PublishBody =
  | { user: { role: 'investor' | 'businessmen'; id: number | string }; event: PersonalEvent }
  | { channel: string; event: LotEvent }

/** One message on a socket: the publish id, when it was published (ms), and the event. */
export type RealtimeMessage = { id: string; ts: number; event: RealtimeEvent }

/** Close code the hub uses to ask a personal socket to reconnect, so the edge checks its session again. */
export const REAUTHORISE_CLOSE_CODE = 4001

/**
 * A same-origin socket the edge will not serve is opened and closed at once with 4000 + the HTTP status it stands for
 * (4400 no such channel, 4401 no session, 4403 not yours, 4429 too many, 4503 session unavailable): the page learns
 * why,
 * and a refused upgrade does not fill the console with failed handshakes.
 */
export const refusalCloseCode = (status: 400 | 401 | 403 | 429 | 503) => 4000 + status
/** Refusals not worth retrying: the channel is wrong, or there is no session (the page's polling finds that out). */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4400, 4401, 4403])
/**
 * Control frames: the hub says `ready` once it holds a socket (a refused one never hears it); the browser's heartbeat
 * `ping` is answered `pong` by the runtime without waking the hub (an auto-response).
 */
export const HEARTBEAT = Object.freeze({ ready: 'ready', ping: 'ping', pong: 'pong' })
