/**
 * The schemas the edge checks a publish with (docs/decisions/0018-realtime-hub.md); the types they produce are the protocol's
 * in `realtime.ts`. Kept apart so pages that import the protocol's names never carry valibot for it.
 */
import * as v from 'valibot'
import { type LotEvent, type PersonalEvent, PUBLIC_CHANNEL, type PublishBody } from './realtime'

/** A publish id: unique per message, so a replay within the window is recognised. */
export const PublishIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/))

const LocaleTextSchema = v.object({
  uz: v.pipe(v.string(), v.maxLength(200)),
  ru: v.pipe(v.string(), v.maxLength(200)),
  en: v.pipe(v.string(), v.maxLength(200)),
})
const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1))

const NotificationEventSchema = v.object({
  type: v.literal('notification'),
  kind: v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/)),
})
const AppealEventSchema = v.object({
  type: v.literal('appeal'),
  id: IdSchema,
  status: v.picklist(['in_moderation', 'reviewed', 'resolved', 'not_resolved']),
  by: v.optional(v.picklist(['user', 'agency'])),
})
const ProjectEventSchema = v.object({
  type: v.literal('project'),
  id: IdSchema,
  state: v.picklist(['pending', 'approved', 'rejected', 'draft']),
})

const PersonalEventSchema: v.GenericSchema<unknown, PersonalEvent> = v.variant('type', [
  NotificationEventSchema,
  AppealEventSchema,
  ProjectEventSchema,
])

const LotEventSchema: v.GenericSchema<unknown, LotEvent> = v.object({
  type: v.literal('lot'),
  lot: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
  price: v.pipe(v.number(), v.minValue(0)),
  deposit: v.nullable(v.pipe(v.number(), v.minValue(0))),
  status: LocaleTextSchema,
  order_end_time: v.pipe(v.string(), v.isoTimestamp()),
})

/** A personal event for one user (named by role and record id), or a lot event for a public channel. */
export const PublishBodySchema: v.GenericSchema<unknown, PublishBody> = v.union([
  v.object({
    user: v.object({
      role: v.picklist(['investor', 'businessmen']),
      id: v.union([IdSchema, v.pipe(v.string(), v.regex(/^[\w.@+-]{1,100}$/))]),
    }),
    event: PersonalEventSchema,
  }),
  v.object({ channel: v.pipe(v.string(), v.regex(PUBLIC_CHANNEL)), event: LotEventSchema }),
])
