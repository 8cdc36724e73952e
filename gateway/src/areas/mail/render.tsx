/**
 * Renders a mail from its template (docs/decisions/0046-mail-templates.md): React Email draws the HTML document in the
 * layout, and the plain text is that same document converted, so the two always say the same.
 */
import { render, toPlainText } from '@react-email/render'
import type { MailKind } from './kinds'
import type { MailFrame } from './templates/frame'
import { type MailProps, TEMPLATES } from './templates/index'
import { MailLayout } from './templates/layout'
import type { MailTemplate } from './templates/template'

export type RenderedMail = { subject: string; html: string; text: string }

export async function renderMail<K extends MailKind>(
  kind: K,
  props: MailProps[K],
  frame: MailFrame,
): Promise<RenderedMail> {
  const template = TEMPLATES[kind] as unknown as MailTemplate<MailProps[K]>
  const subject = template.subject(props, frame.lang)
  const html = await render(
    <MailLayout frame={frame} heading={subject} preview={template.preview(props, frame.lang)}>
      <template.Body p={props} frame={frame} />
    </MailLayout>,
  )
  return { subject, html, text: `${toPlainText(html).trim()}\n` }
}
