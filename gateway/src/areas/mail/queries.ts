/** The mail area's SQL: the outbox rows the mailer records and the queue's consumer sends. */
import type { Email, MailAttachment } from './email'

/** Records a message as `queued`; answers its row's id. */
export async function insertOutbox(db: D1Database, mail: Email, now: Date): Promise<number> {
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO outbox (to_email, subject, text, html, status, created_at, updated_at, kind, lang, link_uuid,
         headers_json, attachments_json)
       VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      at,
      at,
      mail.kind,
      mail.lang,
      mail.linkUuid ?? null,
      mail.headers && Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null,
      mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    )
    .first<{ id: number }>()
  return row!.id
}

/** An outbox row as the queue's consumer reads it. */
export type OutboxRow = {
  id: number
  to_email: string
  subject: string
  text: string
  html: string
  status: string
  kind: string | null
  headers: Record<string, string>
  attachments: MailAttachment[]
}

export async function readOutboxRow(db: D1Database, id: number): Promise<OutboxRow | null> {
  const row = await db
    .prepare(
      'SELECT id, to_email, subject, text, html, status, kind, headers_json, attachments_json FROM outbox WHERE id = ?',
    )
    .bind(id)
    .first<
      Omit<OutboxRow, 'headers' | 'attachments'> & { headers_json: string | null; attachments_json: string | null }
    >()
  if (!row) return null
  const { headers_json, attachments_json, ...rest } = row
  return {
    ...rest,
    headers: headers_json ? (JSON.parse(headers_json) as Record<string, string>) : {},
    attachments: attachments_json ? (JSON.parse(attachments_json) as MailAttachment[]) : [],
  }
}

/** Marks a row sent, with the provider's id, keeping the bodies given (whole, or without their links). */
export async function markSent(
  db: D1Database,
  id: number,
  sent: { providerId: string; text: string; html: string },
  at: string,
): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET status = 'sent', attempts = attempts + 1, provider_id = ?, sent_at = ?, updated_at = ?,
         last_error = NULL, text = ?, html = ? WHERE id = ?`,
    )
    .bind(sent.providerId, at, at, sent.text, sent.html, id)
    .run()
}

/** Counts a failed send, with why. */
export async function markAttemptFailed(db: D1Database, id: number, error: string, at: string): Promise<void> {
  await db
    .prepare('UPDATE outbox SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ?')
    .bind(error.slice(0, 500), at, id)
    .run()
}

/** Marks a still queued row failed (the queue gave up on it), keeping the bodies given. */
export async function markFailed(db: D1Database, id: number, kept: { text: string; html: string }, at: string) {
  await db
    .prepare(
      "UPDATE outbox SET status = 'failed', updated_at = ?, text = ?, html = ? WHERE id = ? AND status = 'queued'",
    )
    .bind(at, kept.text, kept.html, id)
    .run()
}
