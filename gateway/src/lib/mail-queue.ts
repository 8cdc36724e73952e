/**
 * The mail queue's consumer (docs/decisions/0027-mail-delivery.md): each message names an outbox row, which is sent
 * through Cloudflare Email Service and marked `sent`. A failed send is retried by the queue after a growing delay;
 * once the queue gives up, the message reaches the dead-letter queue, whose consumer marks the mail `failed`. Queues
 * deliver at least once and the binding takes no idempotency key, so a row that is no longer `queued` is acknowledged
 * without sending again.
 */
import { readConfig } from './config'
import { type MailMessage, mailSender, mayCarrySecret, redactLinks } from './email'

/** What sends one message: the EMAIL binding (tests wrap it to fail on demand). */
export type MailTransport = { send(message: EmailMessageBuilder): Promise<EmailSendResult> }

/** The first retry waits 30 s, each later one twice as long as the one before, at most an hour. */
const FIRST_RETRY_S = 30
const LONGEST_RETRY_S = 3600

/** How long the queue waits before delivering a message again after its `attempts`-th send failed. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_S * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_S)
}

/** The dead-letter queue's name ends so (`invest-portal-mail-failed`, and the same in every environment). */
const DEAD_LETTER_SUFFIX = '-failed'

/** Whether a batch comes from the dead-letter queue. */
function isDeadLetterBatch(batch: MessageBatch): boolean {
  return batch.queue.endsWith(DEAD_LETTER_SUFFIX)
}

type OutboxRow = {
  id: number
  to_email: string
  subject: string
  text: string
  html: string
  status: string
  kind: string | null
}

function outboxIdOf(message: Message<unknown>): number | null {
  const id = (message.body as Partial<MailMessage> | null)?.outboxId
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null
}

function log(level: 'info' | 'error', msg: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, msg, ...fields })
  if (level === 'error') console.error(line)
  else console.log(line)
}

/**
 * The message's bodies as the outbox keeps them once delivery is over: whole in DEV_MODE or when the mail's kind
 * carries no secret link (so it can be sent again as it is), without links otherwise (docs/security.md#dev-surface).
 */
function keptBodies(env: Env, row: OutboxRow): { text: string; html: string } {
  if (readConfig(env).devMode || !mayCarrySecret(row.kind)) return { text: row.text, html: row.html }
  return { text: redactLinks(row.text), html: redactLinks(row.html) }
}

/** Sends each queued mail of a batch once: acknowledged when sent (or already sent), retried with backoff otherwise. */
export async function deliverMail(
  batch: MessageBatch<unknown>,
  env: Env,
  transport: MailTransport = env.EMAIL,
): Promise<void> {
  for (const message of batch.messages) {
    const id = outboxIdOf(message)
    const row = id
      ? await env.DB.prepare('SELECT id, to_email, subject, text, html, status, kind FROM outbox WHERE id = ?')
          .bind(id)
          .first<OutboxRow>()
      : null
    if (row?.status !== 'queued') {
      // Sent already (a redelivery), given up, or not ours: nothing to send.
      message.ack()
      continue
    }
    const at = new Date().toISOString()
    try {
      const from = mailSender(env)
      if (!from.email) throw new Error('MAIL_FROM is not set')
      const result = await transport.send({
        from,
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        html: row.html,
      })
      const kept = keptBodies(env, row)
      await env.DB.prepare(
        `UPDATE outbox SET status = 'sent', attempts = attempts + 1, provider_id = ?, sent_at = ?, updated_at = ?,
           last_error = NULL, text = ?, html = ? WHERE id = ?`,
      )
        .bind(result.messageId, at, at, kept.text, kept.html, row.id)
        .run()
      message.ack()
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      await env.DB.prepare('UPDATE outbox SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ?')
        .bind(error.slice(0, 500), at, row.id)
        .run()
      const delaySeconds = retryDelaySeconds(message.attempts)
      log('error', 'mail send failed', {
        outboxId: row.id,
        attempt: message.attempts,
        retryInSeconds: delaySeconds,
        error,
      })
      message.retry({ delaySeconds })
    }
  }
}

/** The dead-letter queue: the queue gave up on these mails, so they are marked `failed` (and their links redacted). */
async function markMailFailed(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const id = outboxIdOf(message)
    const row = id
      ? await env.DB.prepare('SELECT id, to_email, subject, text, html, status, kind FROM outbox WHERE id = ?')
          .bind(id)
          .first<OutboxRow>()
      : null
    if (row?.status === 'queued') {
      const kept = keptBodies(env, row)
      await env.DB.prepare(
        "UPDATE outbox SET status = 'failed', updated_at = ?, text = ?, html = ? WHERE id = ? AND status = 'queued'",
      )
        .bind(new Date().toISOString(), kept.text, kept.html, row.id)
        .run()
      log('error', 'mail failed', { outboxId: row.id })
    }
    message.ack()
  }
}

/** The gateway's `queue` handler: the mail queue and its dead-letter queue. */
export async function handleMailQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (isDeadLetterBatch(batch)) await markMailFailed(batch, env)
  else await deliverMail(batch, env)
}
