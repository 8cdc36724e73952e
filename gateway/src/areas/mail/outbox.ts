/**
 * The outbox mail goes through (docs/decisions/0027-mail-delivery.md): sending records the message in the D1 `outbox`
 * (status `queued`) and puts its id on the mail queue, whose consumer (`queue.ts`) sends it. In DEV_MODE the outbox
 * keeps every message whole, for /dev/outbox; otherwise the links of a mail that may carry a password link are
 * redacted once its delivery is over, so the table keeps no usable reset or set-password link
 * (docs/security.md#dev-surface).
 */
import type { Email } from './email'
import { SECRET_LINK_MAIL_KINDS } from './kinds'
import { insertOutbox } from './queries'

/** Where the gateway hands its mail over. */
export type Mailer = { send(mail: Email): Promise<number | null> }

/** What the mail queue carries: the outbox row to send. */
export type MailMessage = { outboxId: number }

/**
 * Addresses that receive nothing: the reserved `.invalid` domain stands in for an account without an address (a
 * resident OneID created who gave none), so no mail is recorded for it.
 */
const UNDELIVERABLE = /\.invalid$/i

/** Whether mail to `address` is recorded at all. */
export function isDeliverable(address: string): boolean {
  return !UNDELIVERABLE.test(address)
}

/**
 * The mailer of this environment: records each message as `queued` in the outbox and enqueues its id (answered, or
 * null for an undeliverable address). The caller's request never waits on the provider; a send that fails is retried
 * by the queue (docs/decisions/0027-mail-delivery.md).
 */
export function createMailer(env: Env, now: Date): Mailer {
  return {
    async send(mail) {
      if (!isDeliverable(mail.to)) return null
      const outboxId = await insertOutbox(env.DB, mail, now)
      await enqueueMail(env, outboxId)
      return outboxId
    },
  }
}

/** Puts an outbox row on the mail queue. */
export async function enqueueMail(env: Env, outboxId: number): Promise<void> {
  await env.MAIL_QUEUE.send({ outboxId } satisfies MailMessage, { contentType: 'json' })
}

/** What stands in a message for a redacted link. */
export const REDACTED_LINK = '[link redacted]'

/** Replaces every URL in a message with a marker. */
export function redactLinks(body: string): string {
  return body.replace(/https?:\/\/[^\s"'<>]+/g, REDACTED_LINK)
}

/**
 * Whether a mail of `kind` may carry a secret link: a password link, an e-mail change's link, or a mail of unknown kind
 * (recorded before kinds were). Only these lose their links once delivery is over; the others link to public pages
 * and stay whole, so they can be sent again as they are.
 */
export function mayCarrySecret(kind: string | null): boolean {
  return kind === null || (SECRET_LINK_MAIL_KINDS as readonly string[]).includes(kind)
}
