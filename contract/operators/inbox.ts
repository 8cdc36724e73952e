/**
 * The inbox (docs/gateway-contract.md#operator): event applications, filtered, exported, and marked handled by the
 * operator who did. Contact requests are enquiries (./enquiries.ts).
 */
import * as v from 'valibot'
import { countsOf } from './envelope'
import { INBOX_HANDLED, INBOX_KINDS } from './values'

const InboxKindSchema = v.picklist(INBOX_KINDS)

/** The filter a list or an export answers, as the gateway read it (its defaults filled in). */
const InboxFilterSchema = v.looseObject({
  kind: InboxKindSchema,
  handled: v.picklist(INBOX_HANDLED),
  q: v.string(),
  /** Applications of this event only; null: every event's. */
  event_id: v.nullish(v.number()),
})

/**
 * `GET /core/operator/inbox/{kind}/{id}`, and each item of a list: the request's or application's own fields (which
 * there are depends on its kind, and pass through as they are), its reference (`EV-2026-000123`), who handled it and
 * when, and an event application's documents (file ids) and decision.
 */
export const InboxItemSchema = v.looseObject({
  kind: InboxKindSchema,
  id: v.number(),
  reference: v.nullish(v.string()),
  email: v.string(),
  phone: v.string(),
  created_at: v.string(),
  decision: v.nullish(v.picklist(['confirmed', 'declined'])),
  handled: v.nullable(
    v.looseObject({
      at: v.string(),
      by: v.looseObject({ id: v.nullable(v.number()), email: v.string(), name: v.string() }),
    }),
  ),
  documents: v.nullish(v.looseObject({ passport: v.string(), photo: v.string() })),
})
export type InboxItem = v.InferOutput<typeof InboxItemSchema>

/** An event the inbox filters applications by, and how many it has. */
const InboxEventSchema = v.looseObject({ id: v.number(), title: v.string(), applications: v.number() })

/**
 * `GET /core/operator/inbox?kind=&handled=&q=&event_id=`: a page of items, how many of each kind are still open, and
 * (kind `event`) the events that have applications.
 */
export const InboxListSchema = v.looseObject({
  filter: InboxFilterSchema,
  items: v.array(InboxItemSchema),
  open: countsOf(INBOX_KINDS),
  events: v.nullish(v.array(InboxEventSchema)),
})
export type InboxList = v.InferOutput<typeof InboxListSchema>

/** `GET /core/operator/inbox/export?kind=&handled=&q=&event_id=`: every matching item. */
export const InboxExportSchema = v.looseObject({ filter: InboxFilterSchema, items: v.array(InboxItemSchema) })

/** `POST /core/operator/inbox/{kind}/{id}/handled`. */
export const InboxHandledSchema = v.looseObject({ kind: InboxKindSchema, id: v.number(), handled: v.boolean() })

/** `POST /core/operator/inbox/event/{id}/decision`: the application's decision, mailed to the applicant. */
export const InboxDecisionSchema = v.looseObject({
  id: v.number(),
  reference: v.string(),
  decision: v.picklist(['confirmed', 'declined']),
})
