/** The audit log's SQL. */
import type { Paging } from '../../../lib/paging'

/**
 * The INSERT of one audit row (`before` and `after` as JSON), for the change's own batch; with `ifChanged`, it inserts
 * nothing unless the statement before it in the batch changed a row; with `insertedAs`, `after` gains that key with the
 * id of the row the statement before it inserted.
 */
export function insertAuditStatement(
  db: D1Database,
  row: {
    operatorId: number | null
    action: string
    kind: string
    /**
     * The target's id; or, made in the same batch so that its id is not known yet, the operator of that e-mail or the
     * row the statement before inserted.
     */
    target: AuditTarget
    before: string | null
    after: string | null
  },
  now: Date,
  ifChanged: boolean,
  insertedAs: string | null = null,
): D1PreparedStatement {
  const { target } = row
  const id = typeof target === 'number' ? target : null
  const email = typeof target === 'object' && 'operatorEmail' in target ? target.operatorEmail : null
  const inserted = typeof target === 'object' && 'inserted' in target ? 1 : 0
  return db
    .prepare(
      `INSERT INTO audit_log (at, operator_id, action, target_kind, target_id, before, after)
       SELECT ?1, coalesce(?2, (SELECT id FROM operators WHERE email = ?9)), ?3, ?4,
         coalesce(?5, CASE WHEN ?10 = 1 THEN last_insert_rowid() END, (SELECT id FROM operators WHERE email = ?9)), ?6,
         CASE WHEN ?11 IS NULL THEN ?7 ELSE json_set(coalesce(?7, '{}'), '$.' || ?11, last_insert_rowid()) END
       WHERE ?8 = 0 OR changes() > 0`,
    )
    .bind(
      now.toISOString(),
      row.operatorId,
      row.action,
      row.kind,
      id,
      row.before,
      row.after,
      ifChanged ? 1 : 0,
      email,
      inserted,
      insertedAs,
    )
}

/** What an audit row names as its target (`insertAuditStatement`). */
export type AuditTarget = number | { operatorEmail: string } | { inserted: true }

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

/** Adds `values` to the `after` of an audit row written earlier in the request (an approval's account, once open). */
export function amendAuditStatement(
  db: D1Database,
  row: { action: string; kind: string; target: number },
  values: Record<string, unknown>,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE audit_log SET after = json_patch(coalesce(after, '{}'), ?4) WHERE id = (
         SELECT max(id) FROM audit_log WHERE action = ?1 AND target_kind = ?2 AND target_id = ?3)`,
    )
    .bind(row.action, row.kind, row.target, JSON.stringify(values))
}
