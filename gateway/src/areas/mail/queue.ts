/**
 * The mail queue's consumer (docs/decisions/0027-mail-delivery.md): each message names an outbox row, which is sent
 * through Cloudflare Email Service and marked `sent`. A failed send is retried by the queue after a growing delay;
 * once the queue gives up, the message reaches the dead-letter queue, whose consumer marks the mail `failed`. Queues
 * deliver at least once and the binding takes no idempotency key, so a row that is no longer `queued` is acknowledged
 * without sending again.
 */
import { type MailTransport, sendMail } from '../../integrations/email'
import { readConfig } from '../../lib/config'
import { type MailMessage, mayCarrySecret, redactLinks } from './outbox'
import { markAttemptFailed, markFailed, markSent, type OutboxRow, readOutboxRow } from './queries'

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
    const row = id ? await readOutboxRow(env.DB, id) : null
    if (row?.status !== 'queued') {
      // Sent already (a redelivery), given up, or not ours: nothing to send.
      message.ack()
      continue
    }
    const at = new Date().toISOString()
    try {
      const mail = {
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        attachments: row.attachments,
      }
      const result = await sendMail(env, transport, mail)
      await markSent(env.DB, row.id, { providerId: result.messageId, ...keptBodies(env, row) }, at)
      message.ack()
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      await markAttemptFailed(env.DB, row.id, error, at)
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
    const row = id ? await readOutboxRow(env.DB, id) : null
    if (row?.status === 'queued') {
      await markFailed(env.DB, row.id, keptBodies(env, row), new Date().toISOString())
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
