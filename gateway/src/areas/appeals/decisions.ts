/**
 * Moderation of appeals and projects (docs/product.md#appeals, #projects): the one place their decisions are made,
 * used by the development seam (`/dev/moderate`) and the operators' calls (`/core/operator/*`) alike. Each decision
 * tells the person it concerns as the portal does: a notification (with its push), a realtime hint to their open
 * pages, or, for an anonymous appeal, a mail.
 */

import { LOCALES, type Locale } from '../../../../contract/locales'
import type { AppealStatus, DecisionState } from '../../../../contract/operators/values'
import { publishToUser } from '../../integrations/realtime'
import type { RequestScope } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { composeAppealReply, createMailer } from '../mail/messages'
import { createNotification, notificationLinks } from '../notifications/notify'

/** The reply an appeal gets when a moderator forwards it without writing one. */
const DEFAULT_REPLY = 'Thank you for your appeal. It has been reviewed and passed to the responsible department.'

type AppealRecord = { id: number; user_id: number | null; email: string; status: AppealStatus; lang: string }

async function readAppealRecord(db: D1Database, id: number): Promise<AppealRecord> {
  const appeal = await db
    .prepare('SELECT id, user_id, email, status, lang FROM appeals WHERE id = ?')
    .bind(id)
    .first<AppealRecord>()
  if (!appeal) throw new GatewayError(404, 'not_found')
  return appeal
}

/** What a moderation did to an appeal: its status before and after. */
export type AppealChange = { id: number; before: AppealStatus; status: AppealStatus }

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
): Promise<AppealChange> {
  const db = scope.env.DB
  const appeal = await readAppealRecord(db, id)
  const open = appeal.status === 'in_moderation' || appeal.status === 'reviewed'
  if (!open || (input.expect && appeal.status !== input.expect)) throw new GatewayError(409, 'invalid_state')
  const reviewing = appeal.status === 'in_moderation'
  const at = now.toISOString()
  const reply = input.reply || DEFAULT_REPLY
  // The status guard decides between two moderators answering at once.
  const [moved] = await db.batch([
    db
      .prepare("UPDATE appeals SET status = 'reviewed', updated_at = ? WHERE id = ? AND status = ?")
      .bind(at, id, appeal.status),
    db
      .prepare(
        'INSERT INTO appeal_responses (appeal_id, admin, owner, response, created) SELECT ?, ?, 0, ?, ? WHERE changes() = 1',
      )
      .bind(id, input.admin, reply, at),
  ])
  if (moved!.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  if (appeal.user_id) {
    const link = notificationLinks.appeal(id)
    if (reviewing) await createNotification(scope, db, appeal.user_id, 'appeal_forwarded', String(id), link, now)
    const type = reviewing ? 'new_appeal_response' : 'new_appeal_comment'
    await createNotification(scope, db, appeal.user_id, type, String(id), link, now)
    publishToUser(scope, appeal.user_id, { type: 'appeal', id, status: 'reviewed', by: 'agency' })
  } else {
    await createMailer(scope.env, now).send(composeAppealReply(appeal.email, id, reply, readLang(appeal.lang)))
  }
  return { id, before: appeal.status, status: 'reviewed' }
}

/** Rejects an appeal in moderation with a reason: it becomes `not_resolved`, and its owner is told. */
export async function rejectAppeal(scope: RequestScope, id: number, reason: string, now: Date): Promise<AppealChange> {
  const db = scope.env.DB
  const appeal = await readAppealRecord(db, id)
  if (appeal.status !== 'in_moderation') throw new GatewayError(409, 'invalid_state')
  const rejected = await db
    .prepare(
      "UPDATE appeals SET status = 'not_resolved', reject_reason = ?, updated_at = ? WHERE id = ? AND status = 'in_moderation'",
    )
    .bind(reason || null, now.toISOString(), id)
    .run()
  if (rejected.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  if (appeal.user_id) {
    const link = notificationLinks.appeal(id)
    await createNotification(scope, db, appeal.user_id, 'appeal_rejected', String(id), link, now)
    publishToUser(scope, appeal.user_id, { type: 'appeal', id, status: 'not_resolved', by: 'agency' })
  }
  return { id, before: 'in_moderation', status: 'not_resolved' }
}

/** A project's moderation state. */
export type ProjectState = DecisionState

/**
 * Approves or rejects a submitted project (a rejection keeps its reason, which the owner's page shows); the owner is
 * notified and their open pages hear of it. 409 `invalid_state` unless the project waits for moderation.
 */
export async function decideProject(
  scope: RequestScope,
  id: number,
  decision: { state: 'approved' | 'rejected'; reason: string },
  now: Date,
): Promise<{ id: number; before: ProjectState; state: ProjectState }> {
  const db = scope.env.DB
  const project = await db
    .prepare('SELECT id, user_id, state, draft, title_uz, title_ru, title_en FROM personal_projects WHERE id = ?')
    .bind(id)
    .first<{ id: number; user_id: number; state: ProjectState; draft: number } & Record<`title_${Locale}`, string>>()
  if (!project) throw new GatewayError(404, 'not_found')
  if (project.state !== 'pending' || project.draft === 1) throw new GatewayError(409, 'invalid_state')
  const { state } = decision
  const decided = await db
    .prepare(
      "UPDATE personal_projects SET state = ?, reject_reason = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND draft = 0",
    )
    .bind(state, state === 'rejected' ? decision.reason || null : null, now.toISOString(), id)
    .run()
  if (decided.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  const title = Object.fromEntries(LOCALES.map((l) => [l, project[`title_${l}`] || project.title_en || ''])) as Record<
    Locale,
    string
  >
  const type = state === 'approved' ? 'project_approved' : 'project_rejected'
  await createNotification(scope, db, project.user_id, type, title, notificationLinks.project(id), now)
  publishToUser(scope, project.user_id, { type: 'project', id, state })
  return { id, before: 'pending', state }
}
