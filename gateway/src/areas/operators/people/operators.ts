/**
 * The agency's operators (docs/gateway-contract.md#operator): who may use the operator console, known by the e-mail
 * Cloudflare Access vouches for, each with one role (what a role reaches: `../roles.ts`). Every change is audited.
 */
import type { OperatorRole } from '../../../../../contract/operators/values'
import type { Operator } from '../../../lib/context'
import { GatewayError } from '../../../lib/envelope'
import { auditStatement } from '../audit/audit'
import {
  findActiveByEmail,
  findActiveById,
  insertFirstAdmin,
  insertOperator,
  listActive,
  markRemoved,
  updateRole,
} from './queries'

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
  const found = await findActiveByEmail(db, email)
  if (found || !firstAdmin || email.toLowerCase() !== firstAdmin) return found
  const made = { operatorEmail: firstAdmin }
  const subject = { action: 'operator.bootstrap', kind: 'operator', id: made } as const
  const audit = auditStatement(db, null, subject, null, { role: 'admin' }, now, { ifChanged: true })
  await insertFirstAdmin(db, firstAdmin, now, [audit])
  return findActiveByEmail(db, email)
}

/** Active operators, admins first, then by e-mail. */
export function listOperators(db: D1Database): Promise<Operator[]> {
  return listActive(db)
}

async function readActive(db: D1Database, id: number): Promise<Operator> {
  const row = await findActiveById(db, id)
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

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
  const audit = auditStatement(
    db,
    actor.id,
    { action: 'operator.add', kind: 'operator', id: { operatorEmail: input.email } },
    null,
    { email: input.email, name: input.name, role: input.role },
    now,
    { ifChanged: true },
  )
  const row = await insertOperator(db, input, now, [audit])
  if (!row) throw new GatewayError(409, 'operator_exists', 'operator_exists', ['email'])
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
  const audit = auditStatement(
    db,
    actor.id,
    { action: 'operator.role', kind: 'operator', id },
    { role: target.role },
    { role },
    now,
    { ifChanged: true },
  )
  if (!(await updateRole(db, id, role, [audit]))) throw lastAdmin()
  return { ...target, role }
}

/** Removes an operator: they can no longer sign in. The last admin cannot be removed (409 `last_admin`). */
export async function removeOperator(db: D1Database, actor: Operator, id: number, now: Date): Promise<void> {
  const target = await readActive(db, id)
  const audit = auditStatement(
    db,
    actor.id,
    { action: 'operator.remove', kind: 'operator', id },
    { email: target.email, role: target.role },
    null,
    now,
    { ifChanged: true },
  )
  if (!(await markRemoved(db, id, now, [audit]))) throw lastAdmin()
}
