/**
 * The audit log of the operator console (docs/gateway-contract.md#operator): one row per change an operator makes —
 * who, when, what, and the changed fields before and after — written in the same D1 batch as the change (one
 * transaction: no change without its row, docs/security.md#operator-surface), and read back filtered by operator,
 * action and target.
 */
import type { AuditAction } from '../../../../../contract/operators/values'
import type { Paging } from '../../../lib/paging'
import { type KindName, TOP_LEVEL_KINDS } from '../../publishing/kinds'
import { type AuditTarget, amendAuditStatement, countAudit, insertAuditStatement, listAuditRows } from './queries'

/**
 * What an audit row names: the action, and the record it changed (one made in the same batch: the operator of an
 * e-mail, the actor too when they make themselves, or the row the statement before inserted).
 */
export type AuditSubject = { action: AuditAction; kind: AuditTargetKind; id: AuditTarget }

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
  // A stored file: its id is text, so the row's target id is 0 and `after` names the file.
  'file',
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

/**
 * The audit row of a change, as a statement for the change's own batch (one transaction, so an audit that fails undoes
 * the change). `ifChanged`: placed right after a conditional write, it is written only if that write changed a row.
 * `insertedAs`: placed right after an INSERT, `after` gains this key with the inserted row's id.
 */
export function auditStatement(
  db: D1Database,
  operatorId: number | null,
  subject: AuditSubject,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  now: Date,
  { ifChanged = false, insertedAs = null }: { ifChanged?: boolean; insertedAs?: string | null } = {},
): D1PreparedStatement {
  const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null)
  const row = { operatorId, action: subject.action, kind: subject.kind, target: subject.id }
  return insertAuditStatement(db, { ...row, before: json(before), after: json(after) }, now, ifChanged, insertedAs)
}

/** Adds `values` to the `after` of the last audit row of `subject`, in the batch of a later step of the same change. */
export function amendAudit(
  db: D1Database,
  subject: { action: AuditAction; kind: AuditTargetKind; id: number },
  values: Record<string, unknown>,
): D1PreparedStatement {
  return amendAuditStatement(db, { action: subject.action, kind: subject.kind, target: subject.id }, values)
}

/** Records what an operator read without changing anything (an export): its row alone. */
export async function recordRead(
  db: D1Database,
  operatorId: number,
  subject: AuditSubject,
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await auditStatement(db, operatorId, subject, null, after, now).run()
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
