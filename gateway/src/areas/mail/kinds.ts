/**
 * What each kind of mail is (docs/product.md#mail): the outbox records its kind, the operators' mail screen names it,
 * a resend knows from it whether it carries a password link, and `send.ts` reads from its rule whether the person may
 * turn it off and whether a public form sent it (docs/decisions/0047-notification-choices.md).
 */
import type { MailTopic } from '../../../../contract/gateway/channels'

const MAIL_KINDS = [
  'reset',
  'set-password',
  'welcome-resident',
  'registration-rejected',
  'duplicate-registration',
  'password-changed',
  'new-sign-in',
  'email-change',
  'email-changed',
  'appeal-receipt',
  'appeal-reply',
  'appeal-rejected',
  'project-approved',
  'project-rejected',
  'event-received',
  'event-confirmed',
  'event-declined',
  'contact-receipt',
  'contact-reply',
  'contact-status',
  'enquiry-receipt',
  'enquiry-reply',
  'enquiry-status',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** The kinds whose mail carries a single-use password link: never shown whole, renewed on a resend. */
export const LINK_MAIL_KINDS: readonly MailKind[] = ['reset', 'set-password']

/**
 * The kinds whose mail carries a secret link of any kind: a password link, or the link that confirms a new e-mail
 * address (docs/gateway-contract.md#account), which is not renewed (the person asks again).
 */
export const SECRET_LINK_MAIL_KINDS: readonly MailKind[] = [...LINK_MAIL_KINDS, 'email-change']

/**
 * A kind's rule. `topic`: the choice that governs it, so it is optional mail carrying a one-click unsubscribe; null
 * when the person needs it (a password link, a decision on their own application, a security notice, the agency's
 * answer to their message). `neededWithoutAccount`: the mail is the only way the news reaches someone without an
 * account (an anonymous appeal's answer, an event decision), so to them it is needed. `publicForm`: a public form,
 * which anyone may fill in with any address, sends it: it counts against the address's daily limit.
 */
type MailRule = { topic: MailTopic | null; neededWithoutAccount?: true; publicForm?: true }

const MAIL_RULES: Record<MailKind, MailRule> = {
  reset: { topic: null },
  'set-password': { topic: null },
  'welcome-resident': { topic: null },
  'registration-rejected': { topic: null },
  'duplicate-registration': { topic: null, publicForm: true },
  'password-changed': { topic: null },
  'new-sign-in': { topic: null },
  // A change of the account's address: the link is the change itself, the notice a security notice.
  'email-change': { topic: null },
  'email-changed': { topic: null },
  'appeal-receipt': { topic: 'appeals', publicForm: true },
  'appeal-reply': { topic: 'appeals', neededWithoutAccount: true },
  'appeal-rejected': { topic: 'appeals', neededWithoutAccount: true },
  'project-approved': { topic: 'projects' },
  'project-rejected': { topic: 'projects' },
  'event-received': { topic: 'events', publicForm: true },
  'event-confirmed': { topic: 'events', neededWithoutAccount: true },
  'event-declined': { topic: 'events', neededWithoutAccount: true },
  'contact-receipt': { topic: 'contact', publicForm: true },
  'contact-reply': { topic: null },
  // A contact request moving on in the pipeline: optional, under the choice of the sender's messages to the agency.
  'contact-status': { topic: 'contact' },
  // Interest in a project (docs/product.md#enquiries): the receipt carries the only link to the enquiry of someone
  // without an account, and a reply is the agency's answer, so both are needed; the news of a status is optional.
  'enquiry-receipt': { topic: null, publicForm: true },
  'enquiry-reply': { topic: null },
  'enquiry-status': { topic: 'enquiries' },
}

/** The topic a person may turn a mail of `kind` off by, or null when they need it (see `MailRule`). */
export function optionalTopic(kind: MailKind, hasAccount: boolean): MailTopic | null {
  const rule = MAIL_RULES[kind]
  if (rule.neededWithoutAccount && !hasAccount) return null
  return rule.topic
}

/** Whether a mail of `kind` counts against its address's daily limit: a public form sent it to a typed address. */
export function isPublicFormMail(kind: MailKind, hasAccount: boolean): boolean {
  return MAIL_RULES[kind].publicForm === true && !hasAccount
}
