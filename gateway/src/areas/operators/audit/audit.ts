/**
 * The audit log of the operator console (docs/gateway-contract.md#operator): one row per change an operator makes —
 * who, when, what, and the changed fields before and after — written by the operator calls after the change has
 * succeeded, and read back filtered by operator, action and target.
 */
import type { AuditAction } from '../../../../../contract/operators/values'
import type { Paging } from '../../../lib/paging'
import { type KindName, TOP_LEVEL_KINDS } from '../../publishing/kinds'
import { countAudit, insertAuditRow, listAuditRows, prepareAuditRow } from './queries'

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
  'person',
  'enquiry',
  ...TOP_LEVEL_KINDS.map((k) => contentAuditTarget(k.kind)),
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
  const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null)
  const row = { operatorId, action: subject.action, kind: subject.kind, targetId: subject.id }
  await insertAuditRow(db, { ...row, before: json(before), after: json(after) }, now)
}

/**
 * The statement writing one audit row, to run in the same D1 batch as the change it records, so the two stand or fall
 * together; `ifChanged`: only when the batch's statement before it changed a row.
 */
export function auditStatement(
  db: D1Database,
  operatorId: number,
  subject: AuditSubject,
  change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
  now: Date,
  ifChanged = false,
): D1PreparedStatement {
  const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null)
  const row = { operatorId, action: subject.action, kind: subject.kind, targetId: subject.id }
  return prepareAuditRow(db, { ...row, before: json(change.before), after: json(change.after) }, now, ifChanged)
}

/** Audit rows matching `filter`, newest first, with their total. */
export async function listAudit(
  db: D1Database,
  filter: AuditFilter,
  paging: Paging,
): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions = {
    operator_id: filter.operatorId,
    action: filter.action,
    target_kind: filter.kind,
    target_id: filter.targetId,
  }
  const total = await countAudit(db, conditions)
  const rows = await listAuditRows(db, conditions, paging)
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      at: r.at,
      operator: { id: r.operator_id, email: r.email, name: r.name },
      action: r.action as AuditAction,
      target: { kind: r.target_kind as AuditTargetKind, id: r.target_id },
      before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
      after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
    })),
  }
}
