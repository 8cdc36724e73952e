/**
 * The realtime protocol (docs/architecture.md#realtime): channel names, the events upstreams publish, the signed publish
 * request and what a socket receives. Events are hints: a page applies a public event's values (a lot's price) or
 * refetches personal data with its own session; a personal event carries ids and states, never text.
 */
import * as v from 'valibot'

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

const LOT_NUMBER = /^\d{1,20}$/
const PUBLIC_CHANNEL = /^(lots|lot:\d{1,20})$/

/** Whether a browser may subscribe to `channel` by name: public channels only, never a user's. */
export function isPublicChannel(channel: string): boolean {
  return PUBLIC_CHANNEL.test(channel)
}

/** Headers of a signed publish; the signature is HMAC-SHA256 over `{timestamp}.{id}.{body}` (`v1=` + hex). */
export const PUBLISH_HEADERS = Object.freeze({ timestamp: 'x-realtime-timestamp', id: 'x-realtime-id', signature: 'x-realtime-signature' })
/** A publish older or newer than this (by its timestamp) is refused as stale. */
export const PUBLISH_MAX_AGE_MS = 60_000
/** A publish id: unique per message, so a replay within the window is recognised. */
export const PublishIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/))
/** A publish body is small: events are hints, not documents. */
export const PUBLISH_MAX_BYTES = 8192

const LocaleTextSchema = v.object({ uz: v.pipe(v.string(), v.maxLength(200)), ru: v.pipe(v.string(), v.maxLength(200)), en: v.pipe(v.string(), v.maxLength(200)) })
const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1))

/** A new notification for the user (the bell refetches). `kind` is the notification type of the contract. */
export const NotificationEventSchema = v.object({ type: v.literal('notification'), kind: v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/)) })
/** One of the user's appeals changed: its status, or a reply in its thread. */
export const AppealEventSchema = v.object({
  type: v.literal('appeal'),
  id: IdSchema,
  status: v.picklist(['in_moderation', 'reviewed', 'resolved', 'not_resolved']),
})
/** One of the user's projects was moderated. */
export const ProjectEventSchema = v.object({ type: v.literal('project'), id: IdSchema, state: v.picklist(['pending', 'approved', 'rejected', 'draft']) })
/** An e-auction lot's price, status and end of applications, as they are now. */
export const LotEventSchema = v.object({
  type: v.literal('lot'),
  lot: v.pipe(v.string(), v.regex(LOT_NUMBER)),
  price: v.pipe(v.number(), v.minValue(0)),
  deposit: v.nullable(v.pipe(v.number(), v.minValue(0))),
  status: LocaleTextSchema,
  order_end_time: v.pipe(v.string(), v.isoTimestamp()),
})

export const PersonalEventSchema = v.variant('type', [NotificationEventSchema, AppealEventSchema, ProjectEventSchema])
export type PersonalEvent = v.InferOutput<typeof PersonalEventSchema>
export type LotEvent = v.InferOutput<typeof LotEventSchema>
export type RealtimeEvent = PersonalEvent | LotEvent

/** The body of a publish: a personal event for one user (named by role and id), or a lot event for a public channel. */
export const PublishBodySchema = v.union([
  v.object({ user: v.object({ role: v.picklist(['investor', 'businessmen']), id: v.union([IdSchema, v.pipe(v.string(), v.regex(/^[\w.@+-]{1,100}$/))]) }), event: PersonalEventSchema }),
  v.object({ channel: v.pipe(v.string(), v.regex(PUBLIC_CHANNEL)), event: LotEventSchema }),
])
export type PublishBody = v.InferOutput<typeof PublishBodySchema>

/** One message on a socket: the publish id, when it was published (ms), and the event. */
export type RealtimeMessage = { id: string; ts: number; event: RealtimeEvent }

/** Close code the hub uses to ask a personal socket to reconnect, so the edge checks its session again. */
export const REAUTHORISE_CLOSE_CODE = 4001
/** The heartbeat a browser sends; the hub answers `pong` without waking (an auto-response). */
export const HEARTBEAT = Object.freeze({ ping: 'ping', pong: 'pong' })
