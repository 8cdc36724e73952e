/**
 * The mail an enquiry sends its enquirer (docs/product.md#enquiries), each through the one way mail is sent (its
 * choices, its address's daily limit): the receipt with the reference and the signed link, the agency's replies, and
 * the reaching of in contact, meeting or closed. A mail that fails is logged; the call it follows has succeeded.
 */
import type { EnquiryStatus } from '../../../../contract/gateway/enquiry-values'
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import { type MailRequest, queueMail } from '../mail/send'
import { referenceOf } from './enquiries'
import { signEnquiryLink } from './links'
import type { EnquiryChange, EnquiryRow } from './queries'

/** Where the enquirer follows the enquiry: the portal's page of its signed link, in the enquiry's language. */
export async function linkOf(env: Env, id: number, lang: Locale): Promise<string> {
  const config = readConfig(env)
  return `${config.portalOrigin}/${lang}/enquiry/${await signEnquiryLink(config.mailLinkSecret, id)}`
}

async function send(env: Env, now: Date, request: MailRequest): Promise<void> {
  try {
    await queueMail(env, now, request)
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'enquiry mail failed',
        kind: request.kind,
        error: err instanceof Error ? err.message : String(err),
      }),
    )
  }
}

/** The receipt of a new enquiry (a merged one sends none). */
export async function mailReceipt(
  env: Env,
  now: Date,
  enquiry: { id: number; reference: string; email: string; userId: number | null; lang: Locale },
  project: string,
): Promise<void> {
  const link = await linkOf(env, enquiry.id, enquiry.lang)
  await send(env, now, {
    kind: 'enquiry-receipt',
    to: enquiry.email,
    lang: enquiry.lang,
    userId: enquiry.userId,
    props: { reference: enquiry.reference, project, link },
  })
}

/** The agency's reply: a contact request's is the contact form's reply mail, with the link. */
export async function mailReply(env: Env, now: Date, row: EnquiryRow, reply: string): Promise<void> {
  if (row.kind === 'contact') {
    const props = { reference: referenceOf(row), reply, link: await linkOf(env, row.id, row.lang) }
    await send(env, now, { kind: 'contact-reply', to: row.email, lang: row.lang, userId: row.user_id, props })
    return
  }
  await send(env, now, {
    kind: 'enquiry-reply',
    to: row.email,
    lang: row.lang,
    userId: row.user_id,
    props: {
      reference: referenceOf(row),
      project: row.project_title ?? '',
      reply,
      link: await linkOf(env, row.id, row.lang),
    },
  })
}

/**
 * The enquiry reached in contact, meeting or closed; a contact request's news is `contact-status`, which its sender
 * turns off with their messages to the agency rather than with interest in projects.
 */
export async function mailStatus(env: Env, now: Date, row: EnquiryRow, after: EnquiryChange): Promise<void> {
  await send(env, now, {
    kind: row.kind === 'contact' ? 'contact-status' : 'enquiry-status',
    to: row.email,
    lang: row.lang,
    userId: row.user_id,
    props: {
      reference: referenceOf(row),
      project: row.project_title ?? '',
      status: after.status as EnquiryStatus,
      outcome: after.outcome === 'won' || after.outcome === 'lost' ? after.outcome : null,
      link: await linkOf(env, row.id, row.lang),
    },
  })
}
