/** The audit log's SQL. */
import type { Paging } from '../../../lib/paging'

/** An audit row to write: who, what, on which record, and the changed fields as JSON. */
export type AuditRowInput = {
  operatorId: number
  action: string
  kind: string
  targetId: number
  before: string | null
  after: string | null
}

/** Writes one audit row (`before` and `after` as JSON). */
export async function insertAuditRow(db: D1Database, row: AuditRowInput, now: Date): Promise<void> {
  await prepareAuditRow(db, row, now, false).run()
}

/**
 * The statement writing one audit row, for a caller to run in the batch of the change it records; `ifChanged` writes
 * it only when the batch's previous statement changed a row (SQLite's `changes()`), so a change that lost a race is not
 * recorded.
 */
export function prepareAuditRow(
  db: D1Database,
  row: AuditRowInput,
  now: Date,
  ifChanged: boolean,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (at, operator_id, action, target_kind, target_id, before, after)
       SELECT ?, ?, ?, ?, ?, ?, ?${ifChanged ? ' WHERE changes() > 0' : ''}`,
    )
    .bind(now.toISOString(), row.operatorId, row.action, row.kind, row.targetId, row.before, row.after)
}

/** An audit row with its operator. */
export type AuditRow = {
  id: number
  at: string
  operator_id: number
  email: string
  name: string
  action: string
  target_kind: string
  target_id: number
  before: string | null
  after: string | null
}

/** The columns a filter may match, with the value each must have (absent: any). */
export type AuditConditions = {
  operator_id?: number
  action?: string
  target_kind?: string
  target_id?: number
}

function whereOf(conditions: AuditConditions): { clause: string; args: unknown[] } {
  const given = Object.entries(conditions).filter(([, value]) => value !== undefined)
  const clause = given.length ? `WHERE ${given.map(([column]) => `a.${column} = ?`).join(' AND ')}` : ''
  return { clause, args: given.map(([, value]) => value) }
}

/** How many rows match. */
export async function countAudit(db: D1Database, conditions: AuditConditions): Promise<number> {
  const { clause, args } = whereOf(conditions)
  const n = await db
    .prepare(`SELECT count(*) AS n FROM audit_log a ${clause}`)
    .bind(...args)
    .first<number>('n')
  return n ?? 0
}

/** A page of the matching rows, newest first. */
export async function listAuditRows(db: D1Database, conditions: AuditConditions, paging: Paging): Promise<AuditRow[]> {
  const { clause, args } = whereOf(conditions)
  const { results } = await db
    .prepare(
      `SELECT a.id, a.at, a.operator_id, o.email, o.name, a.action, a.target_kind, a.target_id, a.before, a.after
       FROM audit_log a JOIN operators o ON o.id = a.operator_id ${clause} ORDER BY a.id DESC LIMIT ? OFFSET ?`,
    )
    .bind(...args, paging.size, paging.offset)
    .all<AuditRow>()
  return results
}
