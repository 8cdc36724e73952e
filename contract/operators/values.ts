/**
 * The closed lists of values the operators' API answers and takes (docs/gateway-contract.md#operator), as plain data:
 * the gateway checks its input against them and the console offers them as choices, each without loading a schema.
 */

/** An operator's one role (docs/gateway-contract.md#operator), in the order the console lists them. */
export const OPERATOR_ROLES = ['moderator', 'editor', 'admin'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** What a role may reach: the queues and the inbox, publishing, and the console's own administration. */
export const OPERATOR_AREAS = ['moderation', 'content', 'admin'] as const
export type OperatorArea = (typeof OPERATOR_AREAS)[number]

/** An appeal's status; `in_moderation` is the moderators' queue and the list's default. */
export const APPEAL_STATUSES = ['in_moderation', 'reviewed', 'resolved', 'not_resolved'] as const
export type AppealStatus = (typeof APPEAL_STATUSES)[number]

/** The state of a decision on a project or a registration; `pending` is the queue and the list's default. */
export const DECISION_STATES = ['pending', 'approved', 'rejected'] as const
export type DecisionState = (typeof DECISION_STATES)[number]

/** Which of the two registration forms an application came from. */
export const REGISTRATION_KINDS = ['investor', 'business'] as const

/**
 * The inbox's kinds of item: event applications. Contact requests are enquiries
 * (docs/decisions/0056-enquiries.md#contact-requests), followed in the enquiries' pipeline.
 */
export const INBOX_KINDS = ['event'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

/** Which inbox items a list shows; `open` (not handled yet) is the default. */
export const INBOX_HANDLED = ['open', 'handled', 'all'] as const

/** The mail an admin sees: given up on, or queued for longer than a delivery takes; `failed` is the default. */
export const MAIL_STATUSES = ['failed', 'queued'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

/** A publishable item's state (docs/gateway-contract.md#operator-content). */
export const PUBLICATIONS = ['draft', 'scheduled', 'published'] as const
export type Publication = (typeof PUBLICATIONS)[number]

/**
 * What a field of a kind of content holds; the console draws each field's control from it. `text`, `longtext` and
 * `html` are written in each language (the kinds' descriptions say so per field, as `localized`).
 */
export const FIELD_TYPES = [
  'text',
  'longtext',
  'html',
  'plain',
  'slug',
  'email',
  'url',
  'phone',
  'icon',
  'date',
  'datetime',
  'time',
  'number',
  'bool',
  'choice',
  'ref',
  'image',
  'file',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** The social networks the site's contacts link to, by name (docs/gateway-contract.md#site-settings). */
export const SOCIAL_NETWORKS = ['telegram', 'facebook', 'instagram', 'youtube', 'x', 'linkedin'] as const

/** An account's state as the People section shows it (docs/gateway-contract.md#operator-people). */
export const PERSON_STATES = ['active', 'blocked', 'deleted'] as const

/** What the audit log records, one action per change an operator makes; the log's filter takes these. */
export const AUDIT_ACTIONS = [
  'appeal.reply',
  'appeal.reject',
  'project.approve',
  'project.reject',
  'registration.approve',
  'registration.reject',
  'inbox.handled',
  'inbox.reopened',
  'inbox.export',
  'inbox.reply',
  'inbox.confirm',
  'inbox.decline',
  'operator.add',
  'operator.role',
  'operator.remove',
  'operator.bootstrap',
  'site_settings.update',
  'content.create',
  'content.update',
  'content.publish',
  'content.schedule',
  'content.unpublish',
  'content.delete',
  'content.restore',
  'content.erase',
  'content.preview',
  'file.upload',
  'file.download',
  'mail.resend',
  'person.contact',
  'person.block',
  'person.unblock',
  'person.erase',
  'enquiry.update',
  'enquiry.note',
  'enquiry.reply',
  'enquiry.export',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Which answers to "Was this page useful?" a list shows; `all` is the default. */
export const FEEDBACK_ANSWERS = ['all', 'yes', 'no'] as const
export type FeedbackAnswer = (typeof FEEDBACK_ANSWERS)[number]
