/** What a rendered mail is, as the mailer records it and the outbox keeps it. */
import type { Locale } from '../../../../contract/locales'
import type { MailKind } from './kinds'

/** A file a mail carries (an event's calendar): its content in base64. */
export type MailAttachment = { filename: string; type: string; content: string }

/**
 * One message to send, rendered: `text` and `html` say the same, `lang` is the language they are written in,
 * `linkUuid` names the password link a `reset` or `set-password` mail carries. `headers` are the ones a mail needs
 * beyond from/to/subject (one-click unsubscribe); `attachments` its files.
 */
export type Email = {
  to: string
  subject: string
  text: string
  html: string
  lang: Locale
  kind: MailKind
  linkUuid?: string
  headers?: Record<string, string>
  attachments?: MailAttachment[]
}
