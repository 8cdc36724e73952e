/**
 * Enquiries' domain (docs/gateway-contract.md#enquiries): the input a form sends, how interest is checked against the
 * project, merged with the same person's interest of the day, and answered as the enquirer and the agency see it.
 */
import * as v from 'valibot'
import {
  ENQUIRY_LIMITS,
  ENQUIRY_OUTCOMES,
  ENQUIRY_STATUSES,
  ENQUIRY_TIMEFRAMES,
  type EnquiryStatus,
} from '../../../../contract/gateway/enquiry-values'
import type { Locale } from '../../../../contract/locales'
import { GatewayError } from '../../lib/envelope'
import { formatReference } from '../../lib/references'
import { DateSchema, EmailSchema, HashSchema, IdSchema, optionalText, PhoneSchema, text } from '../../lib/validate'
import type { EnquiryChange, EnquiryRow, ThreadRow } from './queries'
import { countByStatus, readProjectForInterest } from './queries'

/** A second enquiry of the same address for the same project within this long joins the first. */
export const MERGE_WINDOW_MS = 24 * 60 * 60_000

/** The pipeline's overview counts an open enquiry nobody has changed, noted or answered for this many days. */
const STALE_DAYS = 7

/** The time before which an open enquiry nobody has touched counts as untouched. */
export const staleBefore = (now = Date.now()) => new Date(now - STALE_DAYS * 24 * 60 * 60_000).toISOString()

/** How many enquiries stand at each status, and how many open ones nobody has touched for `STALE_DAYS` days. */
export async function readEnquiryCounts(db: D1Database, now = Date.now()) {
  const counts = await countByStatus(db, staleBefore(now))
  return {
    counts: Object.fromEntries(
      ENQUIRY_STATUSES.map((s) => [s, counts.byStatus.find((r) => r.status === s)?.n ?? 0]),
    ) as Record<EnquiryStatus, number>,
    stale: counts.stale,
    stale_days: STALE_DAYS,
  }
}

/** What the interest form sends; the contact fields are required of a visitor, and ignored for an account. */
export const InterestSchema = v.object({
  project_id: IdSchema,
  amount_id: v.nullish(v.union([v.literal(''), IdSchema]), ''),
  timeframe: v.picklist(ENQUIRY_TIMEFRAMES),
  country_id: v.nullish(v.union([v.literal(''), IdSchema]), ''),
  message: v.pipe(text(ENQUIRY_LIMITS.message), v.minLength(ENQUIRY_LIMITS.messageMin)),
  name: optionalText(ENQUIRY_LIMITS.name),
  email: v.nullish(v.union([v.literal(''), EmailSchema]), ''),
  phone: v.nullish(v.union([v.literal(''), PhoneSchema]), ''),
  company_name: optionalText(ENQUIRY_LIMITS.company),
  hash: HashSchema,
})

/**
 * The project an interest names, if it takes interest: 409 `project_unavailable` when no published project has the id
 * (readers cannot see it), 409 `project_closed` when it is closed to investment.
 */
export async function assertOpenProject(db: D1Database, id: number, lang: Locale) {
  const project = await readProjectForInterest(db, id, lang)
  if (project?.publication !== 'published') throw new GatewayError(409, 'project_unavailable')
  if (project.status === 'closed') throw new GatewayError(409, 'project_closed')
  return project
}

/**
 * An enquiry's reference, as the receipt, the console and the enquirer quote it: a contact request keeps the one its
 * receipt gave (`CR-…`, of its request's id).
 */
export const referenceOf = (row: { id: number; created_at: string; contact_id?: number | null }) =>
  row.contact_id
    ? formatReference('contact', row.contact_id, row.created_at)
    : formatReference('enquiry', row.id, row.created_at)

const projectOf = (row: EnquiryRow) =>
  row.project_id === null ? null : { id: row.project_id, title: row.project_title ?? '' }

/**
 * An enquiry as its enquirer reads it: its project (none for a contact request), its message, status and the agency's
 * replies; never notes, assignee or due date.
 */
export function toEnquirerView(row: EnquiryRow, replies: ThreadRow[]) {
  return {
    id: row.id,
    kind: row.kind,
    reference: referenceOf(row),
    project: projectOf(row),
    message: row.message,
    status: row.status,
    outcome: row.outcome,
    created_at: row.created_at,
    updated_at: row.updated_at,
    replies: replies
      .filter((r) => r.enquiry_id === row.id)
      .map((r) => ({ id: r.id, body: r.body, created_at: r.created_at })),
  }
}

const person = (id: number | null, email: string | null, name: string | null) =>
  id === null ? null : { id, email: email ?? '', name: name ?? '' }

/** An enquiry as the operators' list and export answer it. */
export function toOperatorItem(row: EnquiryRow) {
  const project = projectOf(row)
  return {
    id: row.id,
    kind: row.kind,
    contact_id: row.contact_id,
    reference: referenceOf(row),
    status: row.status,
    outcome: row.outcome,
    outcome_reason: row.outcome_reason,
    project: project && { ...project, sector: row.sector_name ?? '' },
    name: row.name,
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    country: row.country_name ?? '',
    amount: row.amount_name ?? '',
    timeframe: row.timeframe,
    message: row.message,
    signed_in: row.user_id !== null,
    assignee: person(row.assignee_id, row.assignee_email, row.assignee_name),
    due_date: row.due_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** A contact request's fields beyond an enquiry's own, for the console's enquiry screen; null for interest. */
export const contactFieldsOf = (row: EnquiryRow) =>
  row.contact_id === null
    ? null
    : {
        website: row.contact_website ?? '',
        country: row.contact_country ?? '',
        designation: row.contact_designation ?? '',
        purpose: row.contact_purpose ?? '',
      }

/** An operator's change of the pipeline's columns; a closed enquiry names its outcome, and a lost one its reason. */
export const ChangeSchema = v.pipe(
  v.object({
    status: v.picklist(ENQUIRY_STATUSES),
    outcome: v.nullish(v.union([v.literal(''), v.picklist(ENQUIRY_OUTCOMES)]), ''),
    outcome_reason: optionalText(ENQUIRY_LIMITS.reason),
    assignee_id: v.nullish(v.union([v.literal(''), IdSchema]), ''),
    due_date: v.nullish(v.union([v.literal(''), DateSchema]), ''),
  }),
  v.forward(
    v.partialCheck([['status'], ['outcome']], (i) => (i.status === 'closed') === !!i.outcome),
    ['outcome'],
  ),
  v.forward(
    v.partialCheck([['outcome'], ['outcome_reason']], (i) => i.outcome !== 'lost' || !!i.outcome_reason),
    ['outcome_reason'],
  ),
)

/** The stored change `input` asks for. */
export function toChange(input: v.InferOutput<typeof ChangeSchema>): EnquiryChange {
  const closed = input.status === 'closed'
  return {
    status: input.status,
    outcome: closed ? input.outcome || null : null,
    outcome_reason: closed && input.outcome_reason ? input.outcome_reason : null,
    assignee_id: input.assignee_id === '' ? null : input.assignee_id,
    due_date: input.due_date || null,
  }
}

/** The pipeline's columns as a row holds them. */
export const changeOf = (row: EnquiryRow): EnquiryChange => ({
  status: row.status,
  outcome: row.outcome,
  outcome_reason: row.outcome_reason,
  assignee_id: row.assignee_id,
  due_date: row.due_date,
})

/** The fields of `after` that differ from `before`, each side (the audit row's before and after). */
export function diffOf(before: EnquiryChange, after: EnquiryChange) {
  const keys = (Object.keys(after) as (keyof EnquiryChange)[]).filter((k) => before[k] !== after[k])
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  }
}

/** The statuses whose reaching is mailed to the enquirer (their choices apply). */
export const MAILED_STATUSES: readonly EnquiryStatus[] = ['in_contact', 'meeting', 'closed']

/** A reply or a note's text. */
export const ReplySchema = v.object({ body: text(ENQUIRY_LIMITS.reply) })
export const NoteSchema = v.object({ body: text(ENQUIRY_LIMITS.note) })
