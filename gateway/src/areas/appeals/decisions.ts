/**
 * Moderation of appeals (docs/product.md#appeals): the one place their decisions are made, used by the development
 * seam (`/dev/moderate`) and the operators' calls (`/core/operator/*`) alike. Each decision tells the person it
 * concerns: a signed-in author by a notification (with its push), a realtime hint to their open pages and a mail, as
 * their choices allow (docs/product.md#notification-choices); an anonymous author by mail, the only way they hear.
 */
import type { AppealStatus } from '../../../../contract/operators/values'
import { readConfig } from '../../lib/config'
import type { RequestScope } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { queueMail } from '../mail/send'
import { createNotification, notificationLinks } from '../notifications/notify'
import { publishToUser } from '../notifications/realtime'
import { type AppealRecord, readAppealRecord, rejectAppealInModeration, reviewAppeal } from './queries'

/** The reply an appeal gets when a moderator forwards it without writing one. */
const DEFAULT_REPLY = 'Thank you for your appeal. It has been reviewed and passed to the responsible department.'

/** The appeal's page in its author's profile, in `lang` (none for an anonymous appeal). */
export function appealUrl(env: Env, appeal: { id: number; user_id: number | null }, lang: string): string | null {
  return appeal.user_id ? `${readConfig(env).portalOrigin}/${lang}${notificationLinks.appeal(appeal.id)}` : null
}

async function requireAppeal(db: D1Database, id: number): Promise<AppealRecord> {
  const appeal = await readAppealRecord(db, id)
  if (!appeal) throw new GatewayError(404, 'not_found')
  return appeal
}

/** What a moderation did to an appeal: its status before and after. */
export type AppealChange = { id: number; before: AppealStatus; status: AppealStatus }

/** The statements to run in the same batch as a change (its audit row), made from the change. */
export type AuditOf<T> = (change: T) => readonly D1PreparedStatement[]

/**
 * Answers an appeal. One in moderation is reviewed: it moves to `reviewed` with the reply (the user is told it was
 * forwarded and answered); one already reviewed gets the reply as a further comment. `expect` narrows which of the two
 * the caller means (409 `invalid_state` otherwise); either way a closed appeal takes no reply.
 */
export async function answerAppeal(
  scope: RequestScope,
  id: number,
  input: { reply: string; admin: string; expect?: 'in_moderation' | 'reviewed' },
  now: Date,
  audit: AuditOf<AppealChange> = () => [],
): Promise<AppealChange> {
  const db = scope.env.DB
  const appeal = await requireAppeal(db, id)
  const open = appeal.status === 'in_moderation' || appeal.status === 'reviewed'
  if (!open || (input.expect && appeal.status !== input.expect)) throw new GatewayError(409, 'invalid_state')
  const reviewing = appeal.status === 'in_moderation'
  const reply = input.reply || DEFAULT_REPLY
  const change: AppealChange = { id, before: appeal.status, status: 'reviewed' }
  if (!(await reviewAppeal(db, id, { from: appeal.status, admin: input.admin, reply }, now, audit(change))))
    throw new GatewayError(409, 'invalid_state')
  if (appeal.user_id) {
    const link = notificationLinks.appeal(id)
    if (reviewing) await createNotification(scope, db, appeal.user_id, 'appeal_forwarded', String(id), link, now)
    const type = reviewing ? 'new_appeal_response' : 'new_appeal_comment'
    await createNotification(scope, db, appeal.user_id, type, String(id), link, now)
    publishToUser(scope, appeal.user_id, { type: 'appeal', id, status: 'reviewed', by: 'agency' })
  }
  const lang = readLang(appeal.lang)
  await queueMail(scope.env, now, {
    kind: 'appeal-reply',
    to: appeal.email,
    lang,
    userId: appeal.user_id,
    props: { id, url: appealUrl(scope.env, appeal, lang), reply },
  })
  return change
}

/** Rejects an appeal in moderation with a reason: it becomes `not_resolved`, and its owner is told. */
export async function rejectAppeal(
  scope: RequestScope,
  id: number,
  reason: string,
  now: Date,
  audit: AuditOf<AppealChange> = () => [],
): Promise<AppealChange> {
  const db = scope.env.DB
  const appeal = await requireAppeal(db, id)
  if (appeal.status !== 'in_moderation') throw new GatewayError(409, 'invalid_state')
  const change: AppealChange = { id, before: 'in_moderation', status: 'not_resolved' }
  if (!(await rejectAppealInModeration(db, id, reason || null, now, audit(change))))
    throw new GatewayError(409, 'invalid_state')
  if (appeal.user_id) {
    const link = notificationLinks.appeal(id)
    await createNotification(scope, db, appeal.user_id, 'appeal_rejected', String(id), link, now)
    publishToUser(scope, appeal.user_id, { type: 'appeal', id, status: 'not_resolved', by: 'agency' })
  }
  const lang = readLang(appeal.lang)
  await queueMail(scope.env, now, {
    kind: 'appeal-rejected',
    to: appeal.email,
    lang,
    userId: appeal.user_id,
    props: { id, url: appealUrl(scope.env, appeal, lang), reason },
  })
  return change
}
