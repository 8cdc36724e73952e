/** What a mail kind's template is: its subject, its inbox preview and its content, each in the mail's language. */
import type { ReactElement } from 'react'
import type { Locale } from '../../../../../contract/locales'
import type { MailFrame } from './frame'

export type MailTemplate<P> = {
  subject: (p: P, lang: Locale) => string
  /** The line inboxes show beside the subject. */
  preview: (p: P, lang: Locale) => string
  /** The content between the heading (the subject) and the footer. */
  Body: (props: { p: P; frame: MailFrame }) => ReactElement
}

/** The props of a template. */
export type PropsOf<T> = T extends MailTemplate<infer P> ? P : never
