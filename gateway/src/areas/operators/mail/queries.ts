/** The operators' mail screen's SQL: failed and stuck outbox rows, and a failed row queued again. */
import type { MailStatus } from '../../../../../contract/operators/values'
import type { Role } from '../../../lib/context'
import { runWith } from '../../../lib/db'
import type { Paging } from '../../../lib/paging'

/** An outbox row as the list shows it: what it is and how its delivery went, never its body. */
export type MailListRow = {
  id: number
  kind: string | null
  to_email: string
  lang: string | null
  subject: string
  status: MailStatus
  attempts: number
  last_error: string | null
  created_at: string
  updated_at: string | null
}

const WHERE: Record<MailStatus, string> = {
  failed: "status = 'failed'",
  queued: "status = 'queued' AND created_at < ?1",
}

/** Rows of `status` (queued ones only when queued before `stuckBefore`), newest first, and how many of each wait. */
export async function listMailRows(
  db: D1Database,
  status: MailStatus,
  paging: Paging,
  stuckBefore: string,
): Promise<{ rows: MailListRow[]; counts: Record<MailStatus, number> }> {
  const [counts, page] = await db.batch<Record<MailStatus, number> | MailListRow>([
    db
      .prepare(
        `SELECT count(*) FILTER (WHERE ${WHERE.failed}) AS failed, count(*) FILTER (WHERE ${WHERE.queued}) AS queued
         FROM outbox WHERE status IN ('failed', 'queued')`,
      )
      .bind(stuckBefore),
    db
      .prepare(
        `SELECT id, kind, to_email, lang, subject, status, attempts, last_error, created_at, updated_at FROM outbox
         WHERE ${WHERE[status]} ORDER BY id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(stuckBefore, paging.size, paging.offset),
  ])
  const count = counts!.results[0] as Record<MailStatus, number>
  return { rows: page!.results as MailListRow[], counts: { failed: count.failed, queued: count.queued } }
}

/** What a resend needs of a row. */
export type ResendRow = {
  id: number
  kind: string | null
  to_email: string
  lang: string | null
  text: string
  status: string
  attempts: number
  link_uuid: string | null
}

export async function readResendRow(db: D1Database, id: number): Promise<ResendRow | null> {
  return db
    .prepare('SELECT id, kind, to_email, lang, text, status, attempts, link_uuid FROM outbox WHERE id = ?')
    .bind(id)
    .first<ResendRow>()
}

/** The account a password link belongs to, and whether the link was used. */
export async function readLinkOwner(db: D1Database, uuid: string) {
  return db
    .prepare(
      `SELECT r.user_id, r.used_at, u.email, u.role FROM reset_links r JOIN users u ON u.id = r.user_id
       WHERE r.uuid = ?`,
    )
    .bind(uuid)
    .first<{ user_id: number; used_at: string | null; email: string; role: Role }>()
}

/**
 * Queues a failed row again with its attempts reset, with `also`; false when it is not failed (another operator was
 * first).
 */
export async function requeueFailed(
  db: D1Database,
  id: number,
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const claim = db
    .prepare(
      "UPDATE outbox SET status = 'queued', attempts = 0, last_error = NULL, updated_at = ? WHERE id = ? AND status = 'failed'",
    )
    .bind(now.toISOString(), id)
  return (await runWith(db, claim, also)) === 1
}

/** Replaces a row's message (a fresh password link). */
export async function replaceMessage(
  db: D1Database,
  id: number,
  mail: { subject: string; text: string; html: string; linkUuid?: string },
): Promise<void> {
  await db
    .prepare('UPDATE outbox SET subject = ?, text = ?, html = ?, link_uuid = ? WHERE id = ?')
    .bind(mail.subject, mail.text, mail.html, mail.linkUuid ?? null, id)
    .run()
}
