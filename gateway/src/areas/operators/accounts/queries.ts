/** The People section's SQL (docs/gateway-contract.md#operator-people): finding accounts and reading one whole. */
import type { Locale } from '../../../../../contract/locales'
import { col } from '../../../lib/lang'
import type { Paging } from '../../../lib/paging'

/** An account as the People list shows it. */
export type PersonRow = {
  id: number
  email: string
  role: 'investor' | 'businessmen'
  is_resident: number
  name: string | null
  surname: string | null
  company_name: string | null
  phone: string | null
  pin: string | null
  tin: string | null
  blocked_at: string | null
  deleted_at: string | null
  erase_after: string | null
  created_at: string
}

const PERSON_COLUMNS = `u.id, u.email, u.role, u.is_resident, p.name, p.surname, p.company_name, p.phone,
  nullif(coalesce(u.pin, p.pin), '') AS pin, nullif(p.tin, '') AS tin, u.blocked_at, u.deleted_at, u.erase_after,
  u.created_at`

/**
 * The condition a search `q` makes: 14 digits are a PINFL, 9 digits a TIN, anything else a part of the e-mail, the
 * name (either way round) or the company.
 */
function searchCondition(q: string): { sql: string; args: string[] } {
  if (!q) return { sql: '1 = 1', args: [] }
  if (/^\d{14}$/.test(q)) return { sql: '(u.pin = ? OR p.pin = ?)', args: [q, q] }
  if (/^\d{9}$/.test(q)) return { sql: 'p.tin = ?', args: [q] }
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return {
    sql: `(u.email LIKE ?1 ESCAPE '\\' OR (p.name || ' ' || p.surname) LIKE ?1 ESCAPE '\\'
      OR (p.surname || ' ' || p.name) LIKE ?1 ESCAPE '\\' OR p.company_name LIKE ?1 ESCAPE '\\')`,
    args: [like],
  }
}

/** Accounts matching `q`, newest first, a page of them. */
export async function searchPeople(db: D1Database, q: string, paging: Paging): Promise<PersonRow[]> {
  const where = searchCondition(q)
  const offset = where.args.length + 1
  const { results } = await db
    .prepare(
      `SELECT ${PERSON_COLUMNS} FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE ${where.sql}
       ORDER BY u.id DESC LIMIT ?${offset} OFFSET ?${offset + 1}`,
    )
    .bind(...where.args, paging.size, paging.offset)
    .all<PersonRow>()
  return results
}

/** How many accounts match `q`. */
export async function countPeople(db: D1Database, q: string): Promise<number> {
  const where = searchCondition(q)
  const row = await db
    .prepare(`SELECT count(*) AS n FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE ${where.sql}`)
    .bind(...where.args)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** One account, or null. */
export async function readPerson(db: D1Database, id: number): Promise<PersonRow | null> {
  return db
    .prepare(`SELECT ${PERSON_COLUMNS} FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`)
    .bind(id)
    .first<PersonRow>()
}

/** The account's appeals, newest first (at most 50), with their topic in `lang`. */
export async function listPersonAppeals(db: D1Database, userId: number, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.status, a.text, ${col('t.title', lang, 'topic')}, a.created_at FROM appeals a
       JOIN appeal_topics t ON t.id = a.topic_id WHERE a.user_id = ? ORDER BY a.id DESC LIMIT 50`,
    )
    .bind(userId)
    .all<{ id: number; status: string; text: string; topic: string; created_at: string }>()
  return results
}

/** The account's projects, newest first (at most 50), with their title in `lang`. */
export async function listPersonProjects(db: D1Database, userId: number, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT id, ${col('title', lang, 'title')}, state, draft, created_at FROM personal_projects
       WHERE user_id = ? ORDER BY id DESC LIMIT 50`,
    )
    .bind(userId)
    .all<{ id: number; title: string; state: string; draft: number; created_at: string }>()
  return results
}
