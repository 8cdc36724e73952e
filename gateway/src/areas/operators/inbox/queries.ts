/** The inbox's SQL: event applications, filtered, read and marked handled. */
import type { Locale } from '../../../../../contract/locales'
import type { InboxKind } from '../../../../../contract/operators/values'
import { runWith } from '../../../lib/db'
import { col } from '../../../lib/lang'
import { parseReference, REFERENCE_YEAR_SQL } from '../../../lib/references'
import { likePattern } from '../../../lib/search-text'

/** A filter as the calls read it: an event's applications only, when `eventId` is set. */
export type InboxFilter = { kind: InboxKind; handled: 'open' | 'handled' | 'all'; q: string; eventId?: number }

const TABLES: Record<InboxKind, string> = { event: 'event_applications' }

/** Columns a search looks in, per kind. */
const SEARCHED: Record<InboxKind, string[]> = {
  event: ['x.first_name', 'x.last_name', 'x.email', 'x.phone', 'x.organization', 'x.passport'],
}

function whereOf(filter: InboxFilter): { sql: string; args: unknown[] } {
  const parts: string[] = []
  const args: unknown[] = []
  if (filter.handled === 'open') parts.push('x.handled_at IS NULL')
  if (filter.handled === 'handled') parts.push('x.handled_at IS NOT NULL')
  if (filter.kind === 'event' && filter.eventId) {
    parts.push('x.event_id = ?')
    args.push(filter.eventId)
  }
  // A reference (docs/decisions/0048-references.md) names one record: its id, made in its year.
  const reference = parseReference(filter.q)
  if (reference) {
    const match = reference.kind === filter.kind
    parts.push(match ? `x.id = ? AND ${REFERENCE_YEAR_SQL('x.created_at')} = ?` : '0')
    if (match) args.push(reference.id, reference.year)
  } else if (filter.q) {
    // An all-digit search is an id as well.
    const id = /^\d{1,10}$/.test(filter.q) ? Number(filter.q) : -1
    const searched = SEARCHED[filter.kind]
    parts.push(`(x.id = ? OR ${searched.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    args.push(id, ...searched.map(() => likePattern(filter.q)))
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

const selectOf = (_kind: InboxKind, lang: Locale) =>
  `SELECT x.*, ${col('e.name', lang, 'event_title')}, ${col('co.country', lang, 'country_name')},
         d.passport_file_id, d.image_file_id, o.email AS handled_by_email, o.name AS handled_by_name
       FROM event_applications x LEFT JOIN events e ON e.id = x.event_id LEFT JOIN countries co ON co.id = x.country_id
       LEFT JOIN event_application_documents d ON d.application_id = x.id LEFT JOIN operators o ON o.id = x.handled_by`

/** An item's row, with who handled it. */
export type InboxRow = Record<string, unknown> & {
  id: number
  handled_at: string | null
  handled_by: number | null
  handled_by_email: string | null
  handled_by_name: string | null
}

/** How many items match. */
export async function countInbox(db: D1Database, filter: InboxFilter): Promise<number> {
  const where = whereOf(filter)
  const n = await db
    .prepare(`SELECT count(*) AS n FROM ${TABLES[filter.kind]} x ${where.sql}`)
    .bind(...where.args)
    .first<number>('n')
  return n ?? 0
}

/** The matching items, newest first: a page of them, or (an export) the first `limit`. */
export async function listInbox(
  db: D1Database,
  filter: InboxFilter,
  lang: Locale,
  page: { size: number; offset: number },
): Promise<InboxRow[]> {
  const where = whereOf(filter)
  const { results } = await db
    .prepare(`${selectOf(filter.kind, lang)} ${where.sql} ORDER BY x.id DESC LIMIT ? OFFSET ?`)
    .bind(...where.args, page.size, page.offset)
    .all<InboxRow>()
  return results
}

/** One item, or null. */
export async function readInboxItem(db: D1Database, kind: InboxKind, id: number, lang: Locale) {
  return db
    .prepare(`${selectOf(kind, lang)} WHERE x.id = ?`)
    .bind(id)
    .first<InboxRow>()
}

/** Whether an item exists. */
export async function inboxItemExists(db: D1Database, kind: InboxKind, id: number): Promise<boolean> {
  return (await db.prepare(`SELECT 1 FROM ${TABLES[kind]} WHERE id = ?`).bind(id).first()) !== null
}

/** Marks an item handled by the operator, or open again, with `also`; false when it already was. */
export async function setHandled(
  db: D1Database,
  item: { kind: InboxKind; id: number },
  handledBy: number | null,
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const table = TABLES[item.kind]
  const change =
    handledBy !== null
      ? db
          .prepare(`UPDATE ${table} SET handled_at = ?, handled_by = ? WHERE id = ? AND handled_at IS NULL`)
          .bind(now.toISOString(), handledBy, item.id)
      : db
          .prepare(`UPDATE ${table} SET handled_at = NULL, handled_by = NULL WHERE id = ? AND handled_at IS NOT NULL`)
          .bind(item.id)
  return (await runWith(db, change, also)) === 1
}

/** The events that have applications, newest first, with how many each has: what the inbox filters by. */
export async function listApplicationEvents(db: D1Database, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT e.id, ${col('e.name', lang, 'title')}, count(x.id) AS applications FROM events e
       JOIN event_applications x ON x.event_id = e.id GROUP BY e.id ORDER BY e.date_from DESC, e.id DESC LIMIT 200`,
    )
    .all<{ id: number; title: string; applications: number }>()
  return results
}
