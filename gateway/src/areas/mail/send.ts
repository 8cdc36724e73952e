/**
 * The one way a mail is sent (docs/product.md#mail): it asks whether the person wants it (optional mail,
 * docs/decisions/0047-notification-choices.md), counts a public form's mail against its address's daily limit
 * (docs/security.md#mail-limits), renders its template in the person's language with the agency's contacts, gives
 * optional mail its one-click unsubscribe (RFC 8058), and records it in the outbox for the queue to send.
 */
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import { isOverLimit, mailAddressLimit } from '../../lib/rate-limit'
import { readSiteSettings } from '../content/site-settings'
import { mayTell } from '../notifications/choices'
import type { Email, MailAttachment } from './email'
import { isPublicFormMail, LINK_MAIL_KINDS, type MailKind, optionalTopic } from './kinds'
import { createMailer, isDeliverable } from './outbox'
import { renderMail } from './render'
import type { MailFrame } from './templates/frame'
import type { MailProps } from './templates/index'
import { signUnsubscribe } from './unsubscribe'

/**
 * A mail to send: its kind and that kind's props, to whom and in which language. `userId`: the account it concerns,
 * whose choices decide an optional mail (and whose mail is no public form's).
 */
export type MailRequest = {
  [K in MailKind]: {
    kind: K
    to: string
    lang: Locale
    props: MailProps[K]
    userId?: number | null
    attachments?: MailAttachment[]
  }
}[MailKind]

/** What became of a mail: queued (with its outbox row), refused by the person's choice, over the limit, or nowhere. */
export type MailOutcome =
  | { sent: true; outboxId: number }
  | { sent: false; why: 'refused' | 'over_limit' | 'undeliverable' }

function logDropped(kind: MailKind, why: string): void {
  // Never the address: the kind and why are enough to see that limits and choices work (docs/security.md#logs).
  console.log(JSON.stringify({ level: 'info', msg: 'mail not sent', kind, why }))
}

/** Sends `request` if the person wants it and its address's limit allows; see the module's summary. */
export async function queueMail(env: Env, now: Date, request: MailRequest): Promise<MailOutcome> {
  const db = env.DB
  const { kind, to } = request
  if (!isDeliverable(to)) return { sent: false, why: 'undeliverable' }
  const hasAccount = request.userId != null
  const topic = optionalTopic(kind, hasAccount)
  const recipient = hasAccount ? { userId: request.userId as number, email: to } : { email: to }
  if (topic && !(await mayTell(db, recipient, topic, 'mail'))) {
    logDropped(kind, 'refused')
    return { sent: false, why: 'refused' }
  }
  if (isPublicFormMail(kind, hasAccount) && (await isOverLimit(db, mailAddressLimit(to), now.getTime()))) {
    logDropped(kind, 'over_limit')
    return { sent: false, why: 'over_limit' }
  }
  const outboxId = await createMailer(env, now).send(await composeMail(env, request))
  return outboxId === null ? { sent: false, why: 'undeliverable' } : { sent: true, outboxId }
}

/** The password link's id (`uuid`) in a link `issuePasswordLink` made. */
function linkUuidOf(link: string): string | undefined {
  return URL.canParse(link) ? (new URL(link).searchParams.get('uuid') ?? undefined) : undefined
}

/**
 * The mail `request` becomes, without sending it: rendered in the layout with the agency's contacts, and, when it is
 * optional, with its unsubscribe link and RFC 8058 headers. A resend (docs/gateway-contract.md#operator-mail) renders
 * the same way.
 */
export async function composeMail(env: Env, request: MailRequest): Promise<Email> {
  const { kind, to, lang } = request
  const config = readConfig(env)
  const origin = config.portalOrigin
  const userId = request.userId ?? null
  const topic = optionalTopic(kind, userId !== null)
  const token =
    topic && config.mailLinkSecret
      ? await signUnsubscribe(config.mailLinkSecret, userId !== null ? { topic, userId } : { topic, email: to })
      : null
  const frame: MailFrame = {
    lang,
    portalOrigin: origin,
    site: await readSiteSettings(env.DB, lang),
    unsubscribe:
      token && topic ? { url: `${origin}/${lang}/unsubscribe?${new URLSearchParams({ token })}`, topic } : null,
    choicesUrl: userId !== null ? `${origin}/${lang}/profile/notifications` : null,
  }
  const rendered = await renderMail(kind, request.props as never, frame)
  // RFC 8058: a mail client unsubscribes with a POST to this address, without the reader opening a page.
  const headers: Record<string, string> = token
    ? {
        'List-Unsubscribe': `<${origin}/_app/unsubscribe?${new URLSearchParams({ lang, token })}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {}
  const link = (request.props as { link?: unknown }).link
  return {
    to,
    lang,
    kind,
    ...rendered,
    headers,
    attachments: request.attachments,
    linkUuid: LINK_MAIL_KINDS.includes(kind) && typeof link === 'string' ? linkUuidOf(link) : undefined,
  }
}
