/**
 * Cloudflare Email Service, through the EMAIL binding (docs/operations.md#mail): the one message the mail queue's
 * consumer hands it, from the sender the binding allows.
 */
import { readConfig } from '../lib/config'
import { fromBase64 } from '../lib/crypto'

/** What sends one message: the EMAIL binding (tests wrap it to fail on demand). */
export type MailTransport = { send(message: EmailMessageBuilder): Promise<EmailSendResult> }

/**
 * One message as the outbox holds it: its headers beyond from/to/subject (one-click unsubscribe, RFC 8058) and its
 * files (an event's calendar), base64.
 */
export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  attachments: { filename: string; type: string; content: string }[]
}

/** The sender the EMAIL binding allows (MAIL_FROM), with the portal's name. */
function mailSender(env: Env): { email: string; name: string } {
  return { email: readConfig(env).mailFrom, name: 'Invest Portal' }
}

/** Sends one message; throws when it cannot (no sender configured, the provider refused), for the queue to retry. */
export async function sendMail(env: Env, transport: MailTransport, mail: OutgoingMail): Promise<EmailSendResult> {
  const from = mailSender(env)
  if (!from.email) throw new Error('MAIL_FROM is not set')
  const { headers, attachments, ...message } = mail
  return transport.send({
    from,
    ...message,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(attachments.length
      ? {
          attachments: attachments.map((a) => ({
            disposition: 'attachment' as const,
            filename: a.filename,
            type: a.type,
            content: fromBase64(a.content),
          })),
        }
      : {}),
  })
}
