/**
 * The enquiries area's SQL: interest or a contact request recorded (interest merged), an enquiry as its enquirer and as the agency read it, the
 * pipeline's list, counts and filters' choices, and each change written in one batch with its audit row.
 */
import type { Locale } from '../../../../contract/locales'
import { insertSql } from '../../lib/db'
import { col } from '../../lib/lang'
import { parseReference, REFERENCE_YEAR_SQL } from '../../lib/references'
import { likePattern } from '../../lib/search-text'

/** A project as the interest form needs it: whether readers see it, and its stage. */
export function readProjectForInterest(db: D1Database, id: number, lang: Locale) {
  return db
    .prepare(`SELECT id, status, publication, ${col('title', lang)} FROM projects WHERE id = ?`)
    .bind(id)
    .first<{ id: number; status: string; publication: string; title: string }>()
}

/** The account's own name, company, phone and address, which a signed-in enquiry uses in place of typed ones. */
export function readAccountContact(db: D1Database, userId: number) {
  return db
    .prepare(
      `SELECT u.email, trim(coalesce(p.name, '') || ' ' || coalesce(p.surname, '')) AS name,
         coalesce(p.company_name, '') AS company_name, coalesce(p.phone, '') AS phone, p.country_id
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`,
    )
    .bind(userId)
    .first<{ email: string; name: string; company_name: string; phone: string; country_id: number | null }>()
}

/** The first enquiry the address made for the project since `since`, which a second one joins. */
export function findRecentEnquiry(db: D1Database, email: string, projectId: number, since: string) {
  return db
    .prepare(
      `SELECT id, created_at FROM enquiries WHERE email = ? COLLATE NOCASE AND project_id = ? AND created_at >= ?
       ORDER BY id LIMIT 1`,
    )
    .bind(email, projectId, since)
    .first<{ id: number; created_at: string }>()
}

/** Records a new enquiry; answers its id. */
export async function insertEnquiry(db: D1Database, row: Record<string, unknown>): Promise<number> {
  const { sql, args } = insertSql('enquiries', row)
  const inserted = await db
    .prepare(sql)
    .bind(...args)
    .first<{ id: number }>()
  return inserted!.id
}

/**
 * Records a contact request and its enquiry (kind `contact`, docs/decisions/0056-enquiries.md#contact-requests) in one
 * batch, so neither exists without the other; answers the request's id and the enquiry's.
 */
export async function insertContactRequest(
  db: D1Database,
  request: Record<string, unknown> & { name: string; last_name: string; email: string; phone: string },
  enquiry: { user_id: number | null },
): Promise<{ contactId: number; enquiryId: number }> {
  const { sql, args } = insertSql('contact_requests', request)
  const [contact, inserted] = await db.batch<{ id: number }>([
    db.prepare(sql).bind(...args),
    db
      .prepare(
        `INSERT INTO enquiries (kind, contact_id, user_id, name, email, phone, company_name, message, lang, created_at,
           updated_at)
         SELECT 'contact', id, ?, trim(name || ' ' || last_name), email, phone, company_name, message, lang, created_at,
           created_at
         FROM contact_requests WHERE id = last_insert_rowid()
         RETURNING id`,
      )
      .bind(enquiry.user_id),
  ])
  return { contactId: contact!.results[0]!.id, enquiryId: inserted!.results[0]!.id }
}

/** Adds the enquirer's later message to an enquiry, which counts as touched. */
export async function appendEnquirerMessage(db: D1Database, id: number, body: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await db.batch([
    db
      .prepare("INSERT INTO enquiry_messages (enquiry_id, kind, body, created_at) VALUES (?, 'message', ?, ?)")
      .bind(id, body, at),
    db.prepare('UPDATE enquiries SET updated_at = ? WHERE id = ?').bind(at, id),
  ])
}

/**
 * An enquiry's own columns, with its project's title and sector and the names of its country and amount; a contact
 * request's with the fields of its request.
 */
export type EnquiryRow = {
  id: number
  kind: 'interest' | 'contact'
  contact_id: number | null
  contact_website: string | null
  contact_country: string | null
  contact_designation: string | null
  contact_purpose: string | null
  project_id: number | null
  project_title: string | null
  sector_id: number | null
  sector_name: string | null
  user_id: number | null
  name: string
  email: string
  phone: string
  company_name: string
  country_id: number | null
  country_name: string | null
  amount_name: string | null
  timeframe: string | null
  message: string
  lang: Locale
  status: string
  outcome: string | null
  outcome_reason: string | null
  assignee_id: number | null
  assignee_email: string | null
  assignee_name: string | null
  due_date: string | null
  created_at: string
  updated_at: string
}

const selectOf = (lang: Locale) => `SELECT e.*, ${col('p.title', lang, 'project_title')}, p.sector_id,
    ${col('s.content', lang, 'sector_name')}, ${col('co.country', lang, 'country_name')},
    ${col('a.content', lang, 'amount_name')}, o.email AS assignee_email, o.name AS assignee_name,
    cr.website AS contact_website, cr.country AS contact_country, cr.designation AS contact_designation,
    cr.purpose AS contact_purpose
  FROM enquiries e LEFT JOIN projects p ON p.id = e.project_id LEFT JOIN sectors s ON s.id = p.sector_id
  LEFT JOIN countries co ON co.id = e.country_id LEFT JOIN amounts a ON a.id = e.amount_id
  LEFT JOIN operators o ON o.id = e.assignee_id LEFT JOIN contact_requests cr ON cr.id = e.contact_id`

/** One enquiry, or null. */
export function readEnquiry(db: D1Database, id: number, lang: Locale) {
  return db
    .prepare(`${selectOf(lang)} WHERE e.id = ?`)
    .bind(id)
    .first<EnquiryRow>()
}

/** An account's enquiries, and those made without signing in from its address, newest first. */
export async function listOwnEnquiries(db: D1Database, userId: number, email: string, lang: Locale) {
  const { results } = await db
    .prepare(`${selectOf(lang)} WHERE e.user_id = ? OR e.email = ? COLLATE NOCASE ORDER BY e.id DESC LIMIT 100`)
    .bind(userId, email)
    .all<EnquiryRow>()
  return results
}

/** A thread's entry, with the operator who wrote a reply or note. */
export type ThreadRow = {
  id: number
  enquiry_id: number
  kind: 'message' | 'reply' | 'note'
  body: string
  operator_id: number | null
  operator_email: string | null
  operator_name: string | null
  created_at: string
}

/** The threads of enquiries, oldest first; `kinds` narrows them (the enquirer sees replies only). */
export async function listThreads(db: D1Database, ids: number[], kinds: readonly ThreadRow['kind'][]) {
  if (!ids.length) return []
  const { results } = await db
    .prepare(
      `SELECT m.*, o.email AS operator_email, o.name AS operator_name FROM enquiry_messages m
       LEFT JOIN operators o ON o.id = m.operator_id
       WHERE m.enquiry_id IN (SELECT value FROM json_each(?)) AND m.kind IN (SELECT value FROM json_each(?))
       ORDER BY m.id`,
    )
    .bind(JSON.stringify(ids), JSON.stringify(kinds))
    .all<ThreadRow>()
  return results
}

/** A list's filter; null matches every value, an assignee of 0 the enquiries nobody holds. */
export type EnquiryFilter = {
  kind: 'interest' | 'contact' | null
  /** A contact request's enquiry (the console's old address of a request leads to it). */
  contact_id?: number | null
  /** Open enquiries nobody has touched since this time. */
  stale_before?: string | null
  /** A reference (`IN-…`, or a contact request's `CR-…`) names one enquiry; other text searches the enquirer's. */
  q?: string
  status: string | null
  project_id: number | null
  sector_id: number | null
  country_id: number | null
  assignee_id: number | null
}

function whereOf(filter: EnquiryFilter): { sql: string; args: unknown[] } {
  const parts: string[] = []
  const args: unknown[] = []
  const equal = (column: string, value: unknown) => {
    parts.push(`${column} = ?`)
    args.push(value)
  }
  if (filter.kind) equal('e.kind', filter.kind)
  if (filter.contact_id) equal('e.contact_id', filter.contact_id)
  const reference = filter.q ? parseReference(filter.q) : null
  if (reference) {
    const column = reference.kind === 'enquiry' ? 'e.id' : reference.kind === 'contact' ? 'e.contact_id' : null
    parts.push(column ? `${column} = ? AND ${REFERENCE_YEAR_SQL('e.created_at')} = ?` : '0')
    if (column) args.push(reference.id, reference.year)
  } else if (filter.q) {
    const searched = ['e.name', 'e.email', 'e.company_name', 'e.message']
    parts.push(`(${searched.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    args.push(...searched.map(() => likePattern(filter.q!)))
  }
  if (filter.stale_before) {
    parts.push("e.status != 'closed' AND e.updated_at < ?")
    args.push(filter.stale_before)
  }
  if (filter.status) equal('e.status', filter.status)
  if (filter.project_id) equal('e.project_id', filter.project_id)
  if (filter.sector_id) equal('p.sector_id', filter.sector_id)
  if (filter.country_id) equal('e.country_id', filter.country_id)
  if (filter.assignee_id === 0) parts.push('e.assignee_id IS NULL')
  else if (filter.assignee_id) equal('e.assignee_id', filter.assignee_id)
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

/** How many enquiries match. */
export async function countEnquiries(db: D1Database, filter: EnquiryFilter): Promise<number> {
  const where = whereOf(filter)
  const n = await db
    .prepare(`SELECT count(*) AS n FROM enquiries e LEFT JOIN projects p ON p.id = e.project_id ${where.sql}`)
    .bind(...where.args)
    .first<number>('n')
  return n ?? 0
}

/** The matching enquiries, newest first: a page of them, or (an export) the first `size`. */
export async function listEnquiries(
  db: D1Database,
  filter: EnquiryFilter,
  lang: Locale,
  page: { size: number; offset: number },
) {
  const where = whereOf(filter)
  const { results } = await db
    .prepare(`${selectOf(lang)} ${where.sql} ORDER BY e.id DESC LIMIT ? OFFSET ?`)
    .bind(...where.args, page.size, page.offset)
    .all<EnquiryRow>()
  return results
}

/** How many enquiries stand at each status, and how many open ones nobody has touched since `staleBefore`. */
export async function countByStatus(db: D1Database, staleBefore: string) {
  const [byStatus, stale] = await db.batch<{ status?: string; n: number }>([
    db.prepare('SELECT status, count(*) AS n FROM enquiries GROUP BY status'),
    db.prepare("SELECT count(*) AS n FROM enquiries WHERE status != 'closed' AND updated_at < ?").bind(staleBefore),
  ])
  return { byStatus: byStatus!.results, stale: stale!.results[0]?.n ?? 0 }
}

/** The choices of the list's filters: the projects, sectors and countries enquiries name, and who may be assigned. */
export async function listFilterOptions(db: D1Database, lang: Locale) {
  const [projects, sectors, countries, assignees] = await db.batch<{ id: number; name: string; email?: string }>([
    db.prepare(
      `SELECT DISTINCT p.id, ${col('p.title', lang, 'name')} FROM enquiries e JOIN projects p ON p.id = e.project_id
       ORDER BY name`,
    ),
    db.prepare(
      `SELECT DISTINCT s.id, ${col('s.content', lang, 'name')} FROM enquiries e JOIN projects p ON p.id = e.project_id
       JOIN sectors s ON s.id = p.sector_id ORDER BY name`,
    ),
    db.prepare(
      `SELECT DISTINCT co.id, ${col('co.country', lang, 'name')} FROM enquiries e JOIN countries co ON co.id = e.country_id
       ORDER BY name`,
    ),
    db.prepare(ASSIGNEES_SQL),
  ])
  return {
    projects: projects!.results,
    sectors: sectors!.results,
    countries: countries!.results,
    assignees: assignees!.results as { id: number; name: string; email: string }[],
  }
}

/** The operators an enquiry may be assigned to: active ones whose role reaches moderation. */
const ASSIGNEES_SQL = `SELECT id, name, email FROM operators WHERE removed_at IS NULL AND role IN ('moderator', 'admin')
  ORDER BY name, email`

export async function listAssignees(db: D1Database) {
  const { results } = await db.prepare(ASSIGNEES_SQL).all<{ id: number; name: string; email: string }>()
  return results
}

/** An audit row as a statement, to run in the batch of the change it records. */
export type AuditStatement = D1PreparedStatement

/** The pipeline's columns an operator changes. */
export type EnquiryChange = {
  status: string
  outcome: string | null
  outcome_reason: string | null
  assignee_id: number | null
  due_date: string | null
}

/**
 * Writes a change with its audit row in one batch, if the enquiry still stands as `before` said (an operator who
 * changed it meanwhile wins, and this one changes nothing): answers whether it was written.
 */
export async function writeChange(
  db: D1Database,
  id: number,
  before: EnquiryChange,
  after: EnquiryChange,
  audit: AuditStatement,
  now: Date,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE enquiries SET status = ?, outcome = ?, outcome_reason = ?, assignee_id = ?, due_date = ?, updated_at = ?
         WHERE id = ? AND status = ? AND outcome IS ? AND outcome_reason IS ? AND assignee_id IS ? AND due_date IS ?`,
      )
      .bind(
        after.status,
        after.outcome,
        after.outcome_reason,
        after.assignee_id,
        after.due_date,
        now.toISOString(),
        id,
        before.status,
        before.outcome,
        before.outcome_reason,
        before.assignee_id,
        before.due_date,
      ),
    // The audit row is written only when the update was: it names the row the update changed.
    audit,
  ])
  return (updated?.meta.changes ?? 0) > 0
}

/** Adds an operator's reply or note to the thread, touches the enquiry, and writes the audit row, in one batch. */
export async function writeThreadEntry(
  db: D1Database,
  entry: { enquiryId: number; kind: 'reply' | 'note'; body: string; operatorId: number },
  audit: AuditStatement,
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  await db.batch([
    db
      .prepare('INSERT INTO enquiry_messages (enquiry_id, kind, body, operator_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(entry.enquiryId, entry.kind, entry.body, entry.operatorId, at),
    db.prepare('UPDATE enquiries SET updated_at = ? WHERE id = ?').bind(at, entry.enquiryId),
    audit,
  ])
}
