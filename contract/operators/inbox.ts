/**
 * The inbox (docs/gateway-contract.md#operator): contact requests and event applications, filtered, exported, and
 * marked handled by the operator who did.
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
})
export type InboxFilter = v.InferOutput<typeof InboxFilterSchema>

/**
 * `GET /core/operator/inbox/{kind}/{id}`, and each item of a list: the request's or application's own fields (which
 * there are depends on its kind, and pass through as they are), who handled it and when, and an event application's
 * documents (file ids).
 */
export const InboxItemSchema = v.looseObject({
  kind: InboxKindSchema,
  id: v.number(),
  email: v.string(),
  phone: v.string(),
  created_at: v.string(),
  handled: v.nullable(
    v.looseObject({
      at: v.string(),
      by: v.looseObject({ id: v.nullable(v.number()), email: v.string(), name: v.string() }),
    }),
  ),
  documents: v.nullish(v.looseObject({ passport: v.string(), photo: v.string() })),
})
export type InboxItem = v.InferOutput<typeof InboxItemSchema>

/** `GET /core/operator/inbox?kind=&handled=&q=`: a page of items, and how many of each kind are still open. */
export const InboxListSchema = v.looseObject({
  filter: InboxFilterSchema,
  items: v.array(InboxItemSchema),
  open: countsOf(INBOX_KINDS),
})
export type InboxList = v.InferOutput<typeof InboxListSchema>

/** `GET /core/operator/inbox/export?kind=&handled=&q=`: every matching item. */
export const InboxExportSchema = v.looseObject({ filter: InboxFilterSchema, items: v.array(InboxItemSchema) })

/** `POST /core/operator/inbox/{kind}/{id}/handled`. */
export const InboxHandledSchema = v.looseObject({ kind: InboxKindSchema, id: v.number(), handled: v.boolean() })
