/**
 * Failed mail in the operators' API (docs/gateway-contract.md#operator-mail): the mails the queue gave up on, listed
 * by what they are and to whom, never with their bodies (a reset or set-password link must not reach an operator),
 * and sent again: the row is queued anew and put on the mail queue. A mail carrying a password link gets a fresh link,
 * since the one it carried has expired or was redacted while it failed (docs/operations.md#mail).
 */
import type { MailStatus } from '../../../../../contract/operators/values'
import { GatewayError } from '../../../lib/envelope'
import { readLang } from '../../../lib/lang'
import type { Paging } from '../../../lib/paging'
import { issuePasswordLink, RESET_LINK_LIFETIME_MS, WELCOME_LINK_LIFETIME_MS } from '../../auth/reset-links'
import type { Email } from '../../mail/email'
import { LINK_MAIL_KINDS, type MailKind } from '../../mail/kinds'
import { enqueueMail, REDACTED_LINK } from '../../mail/outbox'
import { composeMail } from '../../mail/send'
import { auditStatement } from '../audit/audit'
import { listMailRows, type ResendRow, readLinkOwner, readResendRow, replaceMessage, requeueFailed } from './queries'

/** A queued mail counts as stuck after this long: the queue's first retries are over by then. */
const STUCK_AFTER_MS = 15 * 60_000

/** A mail as the list answers it: what it is and how its delivery went, never its body. */
export type MailListItem = {
  id: number
  kind: MailKind | null
  to: string
  lang: string | null
  subject: string
  status: MailStatus
  attempts: number
  last_error: string | null
  created_at: string
  failed_at: string | null
}

/** Mails of `status`, newest first, with how many of each status wait. */
export async function listMail(
  db: D1Database,
  status: MailStatus,
  paging: Paging,
  now: Date,
): Promise<{ items: MailListItem[]; total: number; counts: Record<MailStatus, number> }> {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString()
  const { rows, counts } = await listMailRows(db, status, paging, stuckBefore)
  const items = rows.map(({ to_email, updated_at, kind, ...r }) => ({
    ...r,
    kind: kind as MailKind | null,
    to: to_email,
    failed_at: r.status === 'failed' ? updated_at : null,
  }))
  return { items, total: counts[status], counts }
}

type LinkOwner = NonNullable<Awaited<ReturnType<typeof readLinkOwner>>>

/**
 * The account whose password link a failed mail carried. 409 `link_replaced` when that link is no longer the account's
 * live one: a newer link was issued since, the password was set, or the account is gone; the person asks for a new
 * link themselves.
 */
async function linkOwner(db: D1Database, row: ResendRow): Promise<LinkOwner> {
  const owner = row.link_uuid ? await readLinkOwner(db, row.link_uuid) : null
  if (!owner || owner.used_at) throw new GatewayError(409, 'link_replaced')
  return owner
}

/** The mail a failed password-link mail becomes: its kind in its language, with a fresh link (the old one dies). */
async function withFreshLink(env: Env, row: ResendRow, owner: LinkOwner, now: Date): Promise<Email> {
  const lang = readLang(row.lang)
  const user = { id: owner.user_id, email: owner.email, role: owner.role }
  const to = row.to_email
  if (row.kind === 'reset') {
    const link = await issuePasswordLink(env, user, lang, { lifetimeMs: RESET_LINK_LIFETIME_MS, purpose: 'reset', now })
    return composeMail(env, { kind: 'reset', to, lang, userId: owner.user_id, props: { link } })
  }
  const link = await issuePasswordLink(env, user, lang, {
    lifetimeMs: WELCOME_LINK_LIFETIME_MS,
    purpose: 'welcome',
    now,
  })
  return composeMail(env, { kind: 'set-password', to, lang, userId: owner.user_id, props: { role: owner.role, link } })
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
  const row = await readResendRow(db, id)
  if (!row) throw new GatewayError(404, 'not_found')
  if (row.status !== 'failed') throw new GatewayError(409, 'mail_not_failed')
  const renewed = row.kind !== null && (LINK_MAIL_KINDS as readonly string[]).includes(row.kind)
  if (!renewed && row.text.includes(REDACTED_LINK)) throw new GatewayError(409, 'link_redacted')
  const owner = renewed ? await linkOwner(db, row) : null
  // The row is claimed before a fresh link is issued: of two operators sending it at once, one claims it and only that
  // one's link is mailed. Nothing enqueues it until the claim's owner does.
  const audit = auditStatement(
    db,
    operatorId,
    { action: 'mail.resend', kind: 'mail', id },
    { status: 'failed', attempts: row.attempts },
    { status: 'queued', attempts: 0, ...(renewed ? { link: 'renewed' } : {}) },
    now,
    { ifChanged: true },
  )
  if (!(await requeueFailed(db, id, now, [audit]))) throw new GatewayError(409, 'mail_not_failed')
  if (owner) await replaceMessage(db, id, await withFreshLink(env, row, owner, now))
  await enqueueMail(env, id)
  return { id, status: 'queued', link_renewed: renewed }
}
