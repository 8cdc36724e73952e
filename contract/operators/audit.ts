/** The audit log (docs/gateway-contract.md#operator): one row per change an operator made, newest first. */
import * as v from 'valibot'
import { AUDIT_ACTIONS } from './values'

const AuditEntrySchema = v.looseObject({
  id: v.number(),
  at: v.string(),
  operator: v.looseObject({ id: v.number(), email: v.string(), name: v.string() }),
  /** A row outlives the list of actions it was written under: the log shows it whatever it names. */
  action: v.string(),
  /** A record's kind (`appeal`, `operator`, a kind of content, …) and id; 0 for a change of no one record. */
  target: v.looseObject({ kind: v.string(), id: v.number() }),
  /** The changed fields as they were (null when the record did not exist) and as they became. */
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

/** `GET /core/operator/audit?operator=&action=&target=&target_id=`: a page of rows, and what the filters take. */
export const AuditLogSchema = v.looseObject({
  items: v.array(AuditEntrySchema),
  actions: v.array(v.picklist(AUDIT_ACTIONS)),
  targets: v.array(v.string()),
})
export type AuditLog = v.InferOutput<typeof AuditLogSchema>
