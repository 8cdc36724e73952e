/**
 * The agency's operators (docs/gateway-contract.md#operator): who may use the operator console, known by the e-mail
 * Cloudflare Access vouches for, each with one role. What each role reaches is decided here, once, for the gateway's
 * operator calls and the console alike (docs/decisions/0030-operator-console.md).
 */
import * as v from 'valibot'
import { recordAudit } from './audit'
import { GatewayError } from './envelope'

/** The operator roles, in the order the console lists them. */
const OPERATOR_ROLES = ['moderator', 'editor', 'admin'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** What a role is for: moderation (appeals, projects, registrations, inbox), content, and the console's own admin. */
export const OPERATOR_AREAS = ['moderation', 'content', 'admin'] as const
export type OperatorArea = (typeof OPERATOR_AREAS)[number]

/**
 * Which areas each role reaches. An admin reaches every area, so an agency with one admin is never locked out of its
 * own queues; a moderator and an editor reach their own only.
 */
const AREAS: Record<OperatorRole, readonly OperatorArea[]> = {
  moderator: ['moderation'],
  editor: ['content'],
  admin: ['moderation', 'content', 'admin'],
}

/** Whether `role` may use the calls (and console screens) of `area`. */
export function mayReach(role: OperatorRole, area: OperatorArea): boolean {
  return AREAS[role].includes(area)
}

/** An operator as the operator calls answer it. */
export type Operator = { id: number; email: string; name: string; role: OperatorRole; created_at: string }

export const OperatorRoleSchema = v.picklist(OPERATOR_ROLES)

const SELECT = 'SELECT id, email, name, role, created_at FROM operators'

/**
 * The active operator signed in as `email`, or null. While no active operator is an admin, the configured first admin
 * (`FIRST_ADMIN_EMAIL`) becomes one at their first sign-in, recorded in the audit log: that is how a new deployment
 * gets its first admin, and the configuration grants nothing once an admin exists.
 */
export async function findOperator(
  db: D1Database,
  email: string,
  firstAdmin: string,
  now: Date,
): Promise<Operator | null> {
  const active = () => db.prepare(`${SELECT} WHERE email = ? AND removed_at IS NULL`).bind(email).first<Operator>()
  const found = await active()
  if (found || !firstAdmin || email.toLowerCase() !== firstAdmin) return found
  // One statement decides: of two first sign-ins at once, only one finds no admin and makes one.
  const made = await db
    .prepare(
      `INSERT INTO operators (email, name, role, created_at)
       SELECT ?1, '', 'admin', ?2 WHERE NOT EXISTS (SELECT 1 FROM operators WHERE role = 'admin' AND removed_at IS NULL)
       ON CONFLICT (email) DO UPDATE SET role = 'admin', removed_at = NULL`,
    )
    .bind(firstAdmin, now.toISOString())
    .run()
  const admin = await active()
  if (made.meta.changes === 1 && admin) {
    const subject = { action: 'operator.bootstrap', kind: 'operator', id: admin.id } as const
    await recordAudit(db, admin.id, subject, null, { role: 'admin' }, now)
  }
  return admin
}

/** Active operators, admins first, then by e-mail. */
export async function listOperators(db: D1Database): Promise<Operator[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE removed_at IS NULL ORDER BY role = 'admin' DESC, email`)
    .all<Operator>()
  return results
}

async function readActive(db: D1Database, id: number): Promise<Operator> {
  const row = await db.prepare(`${SELECT} WHERE id = ? AND removed_at IS NULL`).bind(id).first<Operator>()
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

/**
 * The condition that keeps an admin: a change to operator `?2` applies only if they are no admin or another active
 * admin remains. One statement, so two admins removing each other at once cannot both succeed.
 */
const KEEPS_AN_ADMIN = `(role <> 'admin' OR EXISTS (
  SELECT 1 FROM operators other WHERE other.role = 'admin' AND other.removed_at IS NULL AND other.id <> ?2))`

/** 409 `last_admin`: the console always keeps an admin, who alone can add operators. */
const lastAdmin = () => new GatewayError(409, 'last_admin')

/**
 * Adds an operator (or brings a removed one back) with a role; 409 `operator_exists` when the e-mail is an active
 * operator already.
 */
export async function addOperator(
  db: D1Database,
  actor: Operator,
  input: { email: string; name: string; role: OperatorRole },
  now: Date,
): Promise<Operator> {
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO operators (email, name, role, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, role = excluded.role, removed_at = NULL,
         created_at = excluded.created_at
       WHERE operators.removed_at IS NOT NULL
       RETURNING id, email, name, role, created_at`,
    )
    .bind(input.email, input.name, input.role, at)
    .first<Operator>()
  if (!row) throw new GatewayError(409, 'operator_exists', 'operator_exists', ['email'])
  await recordAudit(
    db,
    actor.id,
    { action: 'operator.add', kind: 'operator', id: row.id },
    null,
    { email: row.email, name: row.name, role: row.role },
    now,
  )
  return row
}

/** Changes an operator's role; the last admin keeps theirs (409 `last_admin`). */
export async function changeOperatorRole(
  db: D1Database,
  actor: Operator,
  id: number,
  role: OperatorRole,
  now: Date,
): Promise<Operator> {
  const target = await readActive(db, id)
  if (target.role === role) return target
  const changed = await db
    .prepare(
      `UPDATE operators SET role = ?1 WHERE id = ?2 AND removed_at IS NULL AND (?1 = 'admin' OR ${KEEPS_AN_ADMIN})`,
    )
    .bind(role, id)
    .run()
  if (changed.meta.changes !== 1) throw lastAdmin()
  await recordAudit(
    db,
    actor.id,
    { action: 'operator.role', kind: 'operator', id },
    { role: target.role },
    { role },
    now,
  )
  return { ...target, role }
}

/** Removes an operator: they can no longer sign in. The last admin cannot be removed (409 `last_admin`). */
export async function removeOperator(db: D1Database, actor: Operator, id: number, now: Date): Promise<void> {
  const target = await readActive(db, id)
  const removed = await db
    .prepare(`UPDATE operators SET removed_at = ?1 WHERE id = ?2 AND removed_at IS NULL AND ${KEEPS_AN_ADMIN}`)
    .bind(now.toISOString(), id)
    .run()
  if (removed.meta.changes !== 1) throw lastAdmin()
  await recordAudit(
    db,
    actor.id,
    { action: 'operator.remove', kind: 'operator', id },
    { email: target.email, role: target.role },
    null,
    now,
  )
}
