/**
 * Mail the delivery gave up on (docs/gateway-contract.md#operator-mail): what it is and to whom, never its text or
 * links, and the answer to sending one again.
 */
import * as v from 'valibot'
import { countsOf } from './envelope'
import { MAIL_STATUSES } from './values'

const MailStatusSchema = v.picklist(MAIL_STATUSES)

const MailListItemSchema = v.looseObject({
  id: v.number(),
  /** What the mail is (`reset`, `appeal-reply`, …); null for mail recorded before kinds were. */
  kind: v.nullable(v.string()),
  to: v.string(),
  /** The language it is written in. */
  lang: v.nullable(v.string()),
  subject: v.string(),
  status: MailStatusSchema,
  attempts: v.number(),
  last_error: v.nullable(v.string()),
  created_at: v.string(),
  failed_at: v.nullable(v.string()),
})

/** `GET /core/operator/mail?status=`: a page of mails of `status`, and how many there are of each. */
export const MailListSchema = v.looseObject({
  status: MailStatusSchema,
  items: v.array(MailListItemSchema),
  counts: countsOf(MAIL_STATUSES),
})
export type MailList = v.InferOutput<typeof MailListSchema>

/** `POST /core/operator/mail/{id}/resend`: queued again, with a fresh link when it carries a password link. */
export const MailResentSchema = v.looseObject({
  id: v.number(),
  status: v.literal('queued'),
  link_renewed: v.boolean(),
})
