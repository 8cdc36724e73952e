/**
 * Cloudflare Email Service, through the EMAIL binding (docs/operations.md#mail): the one message the mail queue's
 * consumer hands it, from the sender the binding allows.
 */
import { readConfig } from '../lib/config'

/** What sends one message: the EMAIL binding (tests wrap it to fail on demand). */
export type MailTransport = { send(message: EmailMessageBuilder): Promise<EmailSendResult> }

/** One message as the outbox holds it. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string }

/** The sender the EMAIL binding allows (MAIL_FROM), with the portal's name. */
function mailSender(env: Env): { email: string; name: string } {
  return { email: readConfig(env).mailFrom, name: 'Invest Portal' }
}

/** Sends one message; throws when it cannot (no sender configured, the provider refused), for the queue to retry. */
export async function sendMail(env: Env, transport: MailTransport, mail: OutgoingMail): Promise<EmailSendResult> {
  const from = mailSender(env)
  if (!from.email) throw new Error('MAIL_FROM is not set')
  return transport.send({ from, ...mail })
}
