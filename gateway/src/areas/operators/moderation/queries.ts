/** The moderators' queues' SQL: appeals, submitted projects and registrations, listed and read in full. */
import type { Locale } from '../../../../../contract/locales'
import { APPEAL_STATUSES, DECISION_STATES } from '../../../../../contract/operators/values'
import { placeholders } from '../../../lib/db'
import { col } from '../../../lib/lang'
import type { Paging } from '../../../lib/paging'

/** How many records of each state, for the queue's tabs. */
async function countBy(db: D1Database, sql: string, keys: readonly string[]): Promise<Record<string, number>> {
  const { results } = await db.prepare(sql).all<{ k: string; n: number }>()
  return Object.fromEntries(keys.map((k) => [k, results.find((r) => r.k === k)?.n ?? 0]))
}

export const countAppeals = (db: D1Database) =>
  countBy(db, 'SELECT status AS k, count(*) AS n FROM appeals GROUP BY status', APPEAL_STATUSES)
export const countProjects = (db: D1Database) =>
  countBy(db, 'SELECT state AS k, count(*) AS n FROM personal_projects WHERE draft = 0 GROUP BY state', DECISION_STATES)
export const countRegistrations = (db: D1Database) =>
  countBy(db, 'SELECT state AS k, count(*) AS n FROM registrations GROUP BY state', DECISION_STATES)

/** Inbox items not handled yet, of each kind. */
export async function countOpenInbox(db: D1Database): Promise<{ event: number }> {
  const n = await db.prepare('SELECT count(*) AS n FROM event_applications WHERE handled_at IS NULL').first<number>('n')
  return { event: n ?? 0 }
}

/** An appeal as the queue lists it, with its applicant (signed in or not) and the size of its thread. */
export type AppealListRow = {
  id: number
  status: string
  text: string
  created_at: string
  updated_at: string
  full_name: string
  email: string
  name: string | null
  surname: string | null
  topic: string
  responses: number
}

/** A page of the appeals of `status`: the queue oldest first, closed appeals newest first. */
export async function listAppealQueue(db: D1Database, status: string, lang: Locale, paging: Paging) {
  const order = status === 'in_moderation' ? 'a.id' : 'a.updated_at DESC, a.id DESC'
  const { results } = await db
    .prepare(
      `SELECT a.id, a.status, a.text, a.created_at, a.updated_at, a.full_name, coalesce(u.email, a.email) AS email,
         p.name, p.surname, ${col('t.title', lang, 'topic')},
         (SELECT count(*) FROM appeal_responses r WHERE r.appeal_id = a.id) AS responses
       FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id
       LEFT JOIN users u ON u.id = a.user_id LEFT JOIN profiles p ON p.user_id = a.user_id
       WHERE a.status = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(status, paging.size, paging.offset)
    .all<AppealListRow>()
  return results
}

/** One appeal with its applicant, topic, type and region in `lang`. */
export async function readAppealForModerator(db: D1Database, id: number, lang: Locale) {
  return db
    .prepare(
      `SELECT a.id, a.user_id, a.status, a.text, a.reject_reason, a.resolve_reason, a.created_at,
         a.updated_at, a.full_name, coalesce(u.email, a.email) AS email, p.name, p.surname,
         ${col('t.title', lang, 'topic')}, ${col('y.title', lang, 'type')}, ${col('r.region', lang, 'region')}
       FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id JOIN appeal_topics y ON y.id = a.type_id
       LEFT JOIN users u ON u.id = a.user_id LEFT JOIN profiles p ON p.user_id = a.user_id
       LEFT JOIN regions r ON r.id = a.region_id WHERE a.id = ?`,
    )
    .bind(id)
    .first<
      AppealListRow & {
        user_id: number | null
        region: string | null
        reject_reason: string | null
        resolve_reason: string | null
        type: string
      }
    >()
}

/** An appeal's whole thread, oldest first. */
export async function listThread(db: D1Database, appealId: number) {
  const { results } = await db
    .prepare('SELECT id, admin, owner, response, created FROM appeal_responses WHERE appeal_id = ? ORDER BY id')
    .bind(appealId)
    .all<{ id: number; admin: string | null; owner: number; response: string; created: string }>()
  return results
}

/** A submitted project as the queue lists it, with its owner. */
export type ProjectQueueRow = {
  id: number
  state: string
  reject_reason: string | null
  budget: number
  region_id: number
  email: string
  name: string | null
  surname: string | null
  company_name: string | null
  created_at: string
  updated_at: string
} & Record<`title_${Locale}` | `content_${Locale}`, string>

/** A page of the submitted projects of `state`: pending ones longest waiting first, decided ones newest first. */
export async function listProjectQueue(db: D1Database, state: string, paging: Paging) {
  const order = state === 'pending' ? 'p.updated_at, p.id' : 'p.updated_at DESC, p.id DESC'
  const { results } = await db
    .prepare(
      `SELECT p.*, u.email, pr.name, pr.surname, pr.company_name FROM personal_projects p
       JOIN users u ON u.id = p.user_id LEFT JOIN profiles pr ON pr.user_id = p.user_id
       WHERE p.state = ? AND p.draft = 0 ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(state, paging.size, paging.offset)
    .all<ProjectQueueRow>()
  return results
}

/** One submitted project with its owner, and its sector, category and region named in `lang`. */
export async function readProjectForModerator(db: D1Database, id: number, lang: Locale) {
  return db
    .prepare(
      `SELECT p.*, u.email, pr.name, pr.surname, pr.company_name, ${col('s.content', lang, 'sector')},
         ${col('k.title', lang, 'category')}, ${col('r.region', lang, 'region')}
       FROM personal_projects p JOIN users u ON u.id = p.user_id LEFT JOIN profiles pr ON pr.user_id = p.user_id
       LEFT JOIN sectors s ON s.id = p.sector_id LEFT JOIN project_categories k ON k.id = p.category_id
       LEFT JOIN regions r ON r.id = p.region_id WHERE p.id = ? AND p.draft = 0`,
    )
    .bind(id)
    .first<
      ProjectQueueRow & {
        sector: string | null
        category: string | null
        region: string | null
        status: string
        phone: string
        upload_file_id: string | null
      } & Record<`presentation_${Locale}_file_id`, string | null>
    >()
}

/** What the moderator sees of a project's files. */
export async function listFileSummaries(db: D1Database, ids: (string | null)[]) {
  const { results } = await db
    .prepare(`SELECT id, original_name, size, content_type FROM files WHERE id IN (${placeholders(ids.length)})`)
    .bind(...ids)
    .all<{ id: string; original_name: string; size: number; content_type: string }>()
  return results
}

const APPLICATION_COLUMNS = `coalesce(i.name, b.name, '') AS name, coalesce(i.surname, b.surname, '') AS surname,
  coalesce(i.company_name, b.company_name, '') AS company_name, coalesce(i.is_resident, b.is_resident, 0) AS is_resident,
  coalesce(i.lang, b.lang, 'en') AS lang`
const APPLICATION_JOINS = `LEFT JOIN investor_registrations i ON r.kind = 'investor' AND i.id = r.application_id
  LEFT JOIN business_registrations b ON r.kind = 'business' AND b.id = r.application_id`

/** A page of the registrations of `state`: pending ones oldest first, decided ones newest decision first. */
export async function listRegistrationQueue(db: D1Database, state: string, paging: Paging) {
  const order = state === 'pending' ? 'r.id' : 'r.decided_at DESC, r.id DESC'
  const { results } = await db
    .prepare(
      `SELECT r.id, r.kind, r.email, r.state, r.reason, r.created_at, r.decided_at, ${APPLICATION_COLUMNS}
       FROM registrations r ${APPLICATION_JOINS} WHERE r.state = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(state, paging.size, paging.offset)
    .all<Record<string, unknown> & { is_resident: number }>()
  return results
}

/** A registration's ledger record, in full. */
export async function readRegistrationLedger(db: D1Database, id: number) {
  return db
    .prepare(
      'SELECT id, kind, application_id, email, state, reason, decided_at, user_id, created_at FROM registrations WHERE id = ?',
    )
    .bind(id)
    .first<{ kind: 'investor' | 'business'; application_id: number } & Record<string, unknown>>()
}

/** An application's row in its form's table, with its country named in `lang` (when it has one). */
export async function readApplication(db: D1Database, table: string, id: number, lang: Locale) {
  return db
    .prepare(
      `SELECT x.*, ${col('co.country', lang, 'country_name')} FROM ${table} x
       LEFT JOIN countries co ON co.id = ${table === 'investor_registrations' ? 'x.country_id' : 'NULL'} WHERE x.id = ?`,
    )
    .bind(id)
    .first<Record<string, unknown>>()
}
