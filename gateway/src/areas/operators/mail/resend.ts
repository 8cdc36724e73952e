/**
 * Failed mail in the operators' API (docs/gateway-contract.md#operator-mail): the mails the queue gave up on, listed
 * by what they are and to whom, never with their bodies (a reset or set-password link must not reach an operator),
 * and sent again: the row is queued anew and put on the mail queue. A mail carrying a password link gets a fresh link,
 * since the one it carried has expired or was redacted while it failed (docs/operations.md#mail).
 */

import type { MailStatus } from '../../../../../contract/operators/values'
import type { Role } from '../../../lib/context'
import { GatewayError } from '../../../lib/envelope'
import { readLang } from '../../../lib/lang'
import type { Paging } from '../../../lib/paging'
import { issuePasswordLink, RESET_LINK_LIFETIME_MS, WELCOME_LINK_LIFETIME_MS } from '../../auth/reset-links'
import {
  composeResetEmail,
  composeWelcomeEmail,
  type Email,
  LINK_MAIL_KINDS,
  type MailKind,
  type MailMessage,
  REDACTED_LINK,
} from '../../mail/messages'
import { recordAudit } from '../audit/audit'

/** Which mails the list shows: those the queue gave up on, or those queued for longer than a delivery should take. */
type MailListStatus = MailStatus

/** A queued mail counts as stuck after this long: the queue's first retries are over by then. */
const STUCK_AFTER_MS = 15 * 60_000

/** A mail as the list answers it: what it is and how its delivery went, never its body. */
export type MailListItem = {
  id: number
  kind: MailKind | null
  to: string
  lang: string | null
  subject: string
  status: MailListStatus
  attempts: number
  last_error: string | null
  created_at: string
  failed_at: string | null
}

type Row = Omit<MailListItem, 'to' | 'failed_at'> & { to_email: string; updated_at: string | null }

const WHERE: Record<MailListStatus, string> = {
  failed: "status = 'failed'",
  queued: "status = 'queued' AND created_at < ?1",
}

/** Mails of `status`, newest first, with how many of each status wait. */
export async function listMail(
  db: D1Database,
  status: MailListStatus,
  paging: Paging,
  now: Date,
): Promise<{ items: MailListItem[]; total: number; counts: Record<MailListStatus, number> }> {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString()
  const [counts, page] = await db.batch<{ failed: number; queued: number } | Row>([
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
  const count = counts!.results[0] as { failed: number; queued: number }
  const items = (page!.results as Row[]).map(({ to_email, updated_at, ...r }) => ({
    ...r,
    to: to_email,
    failed_at: r.status === 'failed' ? updated_at : null,
  }))
  return { items, total: count[status], counts: { failed: count.failed, queued: count.queued } }
}

type ResendRow = {
  id: number
  kind: MailKind | null
  to_email: string
  lang: string | null
  text: string
  status: string
  attempts: number
  link_uuid: string | null
}

type LinkOwner = { user_id: number; used_at: string | null; email: string; role: Role }

/**
 * The account whose password link a failed mail carried. 409 `link_replaced` when that link is no longer the account's
 * live one: a newer link was issued since, the password was set, or the account is gone; the person asks for a new
 * link themselves.
 */
async function linkOwner(db: D1Database, row: ResendRow): Promise<LinkOwner> {
  const owner = row.link_uuid
    ? await db
        .prepare(
          `SELECT r.user_id, r.used_at, u.email, u.role FROM reset_links r JOIN users u ON u.id = r.user_id
           WHERE r.uuid = ?`,
        )
        .bind(row.link_uuid)
        .first<LinkOwner>()
    : null
  if (!owner || owner.used_at) throw new GatewayError(409, 'link_replaced')
  return owner
}

/** The mail a failed password-link mail becomes: its kind in its language, with a fresh link (the old one dies). */
async function withFreshLink(env: Env, row: ResendRow, owner: LinkOwner, now: Date): Promise<Email> {
  const lang = readLang(row.lang)
  const user = { id: owner.user_id, email: owner.email, role: owner.role }
  if (row.kind === 'reset') {
    const link = await issuePasswordLink(env, user, lang, { lifetimeMs: RESET_LINK_LIFETIME_MS, purpose: 'reset', now })
    return composeResetEmail(row.to_email, link, lang)
  }
  const link = await issuePasswordLink(env, user, lang, {
    lifetimeMs: WELCOME_LINK_LIFETIME_MS,
    purpose: 'welcome',
    now,
  })
  return composeWelcomeEmail(row.to_email, owner.role, link, lang)
}

/**
 * Sends a failed mail again for `operatorId`: 404 for an unknown id, 409 `mail_not_failed` unless it failed, 409
 * `link_replaced` (see linkOwner) or `link_redacted` (a mail of unknown kind whose links are gone) when sending it
 * again would help nobody. Otherwise the row is `queued` with its attempts reset, enqueued, and the audit log has it.
 */
export async function resendMail(
  env: Env,
  operatorId: number,
  id: number,
  now: Date,
): Promise<{ id: number; status: 'queued'; link_renewed: boolean }> {
  const db = env.DB
  const row = await db
    .prepare('SELECT id, kind, to_email, lang, text, status, attempts, link_uuid FROM outbox WHERE id = ?')
    .bind(id)
    .first<ResendRow>()
  if (!row) throw new GatewayError(404, 'not_found')
  if (row.status !== 'failed') throw new GatewayError(409, 'mail_not_failed')
  const renewed = row.kind !== null && LINK_MAIL_KINDS.includes(row.kind)
  if (!renewed && row.text.includes(REDACTED_LINK)) throw new GatewayError(409, 'link_redacted')
  const owner = renewed ? await linkOwner(db, row) : null
  // The row is claimed before a fresh link is issued: of two operators sending it at once, one claims it and only that
  // one's link is mailed. Nothing enqueues it until the claim's owner does.
  const at = now.toISOString()
  const claimed = await db
    .prepare(
      "UPDATE outbox SET status = 'queued', attempts = 0, last_error = NULL, updated_at = ? WHERE id = ? AND status = 'failed'",
    )
    .bind(at, id)
    .run()
  if (claimed.meta.changes !== 1) throw new GatewayError(409, 'mail_not_failed')
  if (owner) {
    const mail = await withFreshLink(env, row, owner, now)
    await db
      .prepare('UPDATE outbox SET subject = ?, text = ?, html = ?, link_uuid = ? WHERE id = ?')
      .bind(mail.subject, mail.text, mail.html, mail.linkUuid ?? null, id)
      .run()
  }
  await env.MAIL_QUEUE.send({ outboxId: id } satisfies MailMessage, { contentType: 'json' })
  await recordAudit(
    db,
    operatorId,
    { action: 'mail.resend', kind: 'mail', id },
    { status: 'failed', attempts: row.attempts },
    { status: 'queued', attempts: 0, ...(renewed ? { link: 'renewed' } : {}) },
    now,
  )
  return { id, status: 'queued', link_renewed: renewed }
}
