/**
 * The audit log of the operator console (docs/gateway-contract.md#operator): one row per change an operator makes —
 * who, when, what, and the changed fields before and after — written by the operator calls after the change has
 * succeeded, and read back filtered by operator, action and target.
 */

import type { AuditAction } from '../../../../../contract/operators/values'
import type { Paging } from '../../../lib/paging'
import { type KindName, PUBLISHABLE_KINDS } from '../../publishing/kinds'

/** What an audit row names: the action, and the record it changed. */
export type AuditSubject = { action: AuditAction; kind: AuditTargetKind; id: number }

export const AUDIT_TARGET_KINDS = [
  'appeal',
  'project',
  'registration',
  'contact',
  'event_application',
  'operator',
  'site_settings',
  'mail',
  ...PUBLISHABLE_KINDS.map((k) => contentAuditTarget(k.kind)),
] as const
type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number]

/**
 * The audit target of a content kind: its name, except the projects catalogue (`catalogue_project`), whose ids are not
 * those of the investors' projects moderation names `project`.
 */
export function contentAuditTarget(kind: KindName) {
  return kind === 'project' ? ('catalogue_project' as const) : kind
}

/** A row as the audit call answers it; `before` and `after` are the stored JSON, parsed. */
export type AuditEntry = {
  id: number
  at: string
  operator: { id: number; email: string; name: string }
  action: AuditAction
  target: { kind: AuditTargetKind; id: number }
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

export type AuditFilter = { operatorId?: number; action?: AuditAction; kind?: AuditTargetKind; targetId?: number }

/** Writes one audit row. */
export async function recordAudit(
  db: D1Database,
  operatorId: number,
  subject: AuditSubject,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  now: Date,
): Promise<void> {
  await db
    .prepare(
      'INSERT INTO audit_log (at, operator_id, action, target_kind, target_id, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      now.toISOString(),
      operatorId,
      subject.action,
      subject.kind,
      subject.id,
      before ? JSON.stringify(before) : null,
      after ? JSON.stringify(after) : null,
    )
    .run()
}

type AuditRow = {
  id: number
  at: string
  operator_id: number
  email: string
  name: string
  action: AuditAction
  target_kind: AuditTargetKind
  target_id: number
  before: string | null
  after: string | null
}

/** Audit rows matching `filter`, newest first, with their total. */
export async function listAudit(
  db: D1Database,
  filter: AuditFilter,
  paging: Paging,
): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions: [string, unknown][] = [
    ['a.operator_id = ?', filter.operatorId],
    ['a.action = ?', filter.action],
    ['a.target_kind = ?', filter.kind],
    ['a.target_id = ?', filter.targetId],
  ]
  const given = conditions.filter(([, value]) => value !== undefined)
  const where = given.map(([sql]) => sql)
  const args = given.map(([, value]) => value)
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const total = await db
    .prepare(`SELECT count(*) AS n FROM audit_log a ${clause}`)
    .bind(...args)
    .first<number>('n')
  const { results } = await db
    .prepare(
      `SELECT a.id, a.at, a.operator_id, o.email, o.name, a.action, a.target_kind, a.target_id, a.before, a.after
       FROM audit_log a JOIN operators o ON o.id = a.operator_id ${clause} ORDER BY a.id DESC LIMIT ? OFFSET ?`,
    )
    .bind(...args, paging.size, paging.offset)
    .all<AuditRow>()
  return {
    total: total ?? 0,
    items: results.map((r) => ({
      id: r.id,
      at: r.at,
      operator: { id: r.operator_id, email: r.email, name: r.name },
      action: r.action,
      target: { kind: r.target_kind, id: r.target_id },
      before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
      after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
    })),
  }
}
