/** The operators table's SQL: who may use the console, with which role, and the changes admins make to it. */
import type { OperatorRole } from '../../../../../contract/operators/values'
import type { Operator } from '../../../lib/context'
import { runWith } from '../../../lib/db'

const SELECT = 'SELECT id, email, name, role, created_at FROM operators'

/** The active operator with `email`, or null. */
export async function findActiveByEmail(db: D1Database, email: string): Promise<Operator | null> {
  return db.prepare(`${SELECT} WHERE email = ? AND removed_at IS NULL`).bind(email).first<Operator>()
}

/** The active operator with `id`, or null. */
export async function findActiveById(db: D1Database, id: number): Promise<Operator | null> {
  return db.prepare(`${SELECT} WHERE id = ? AND removed_at IS NULL`).bind(id).first<Operator>()
}

/**
 * Makes `email` an admin unless an active admin exists; answers whether it did. One statement decides: of two first
 * sign-ins at once, only one finds no admin and makes one. `also` runs in the same batch (its audit row).
 */
export async function insertFirstAdmin(
  db: D1Database,
  email: string,
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const make = db
    .prepare(
      `INSERT INTO operators (email, name, role, created_at)
       SELECT ?1, '', 'admin', ?2 WHERE NOT EXISTS (SELECT 1 FROM operators WHERE role = 'admin' AND removed_at IS NULL)
       ON CONFLICT (email) DO UPDATE SET role = 'admin', removed_at = NULL`,
    )
    .bind(email, now.toISOString())
  return (await runWith(db, make, also)) === 1
}

/** Active operators, admins first, then by e-mail. */
export async function listActive(db: D1Database): Promise<Operator[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE removed_at IS NULL ORDER BY role = 'admin' DESC, email`)
    .all<Operator>()
  return results
}

/**
 * Adds an operator, or brings a removed one back, with `also` in the same batch (its audit row); null when the e-mail
 * is an active operator already.
 */
export async function insertOperator(
  db: D1Database,
  input: { email: string; name: string; role: OperatorRole },
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<Operator | null> {
  const insert = db
    .prepare(
      `INSERT INTO operators (email, name, role, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, role = excluded.role, removed_at = NULL,
         created_at = excluded.created_at
       WHERE operators.removed_at IS NOT NULL
       RETURNING id, email, name, role, created_at`,
    )
    .bind(input.email, input.name, input.role, now.toISOString())
  const [inserted] = await db.batch<Operator>([insert, ...also])
  return inserted!.results[0] ?? null
}

/**
 * The condition that keeps an admin: a change to operator `?2` applies only if they are no admin or another active
 * admin remains. One statement, so two admins removing each other at once cannot both succeed.
 */
const KEEPS_AN_ADMIN = `(role <> 'admin' OR EXISTS (
  SELECT 1 FROM operators other WHERE other.role = 'admin' AND other.removed_at IS NULL AND other.id <> ?2))`

/** Changes an active operator's role unless it takes the last admin's, with `also`; answers whether it did. */
export async function updateRole(
  db: D1Database,
  id: number,
  role: OperatorRole,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const change = db
    .prepare(
      `UPDATE operators SET role = ?1 WHERE id = ?2 AND removed_at IS NULL AND (?1 = 'admin' OR ${KEEPS_AN_ADMIN})`,
    )
    .bind(role, id)
  return (await runWith(db, change, also)) === 1
}

/** Removes an active operator unless they are the last admin, with `also`; answers whether it did. */
export async function markRemoved(
  db: D1Database,
  id: number,
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const remove = db
    .prepare(`UPDATE operators SET removed_at = ?1 WHERE id = ?2 AND removed_at IS NULL AND ${KEEPS_AN_ADMIN}`)
    .bind(now.toISOString(), id)
  return (await runWith(db, remove, also)) === 1
}
