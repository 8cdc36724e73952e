/** The audit log's call (docs/gateway-contract.md#operator), mounted at `/core/operator/audit` (admins). */
import { Hono } from 'hono'
import * as v from 'valibot'
import { AUDIT_ACTIONS } from '../../../../../contract/operators/values'
import type { AppEnv } from '../../../lib/context'
import { ok } from '../../../lib/envelope'
import { pageable, readPaging } from '../../../lib/paging'
import { IdSchema, parseInput, readQuery } from '../../../lib/validate'
import { AUDIT_TARGET_KINDS, listAudit } from './audit'

const AuditQuerySchema = v.object({
  operator: v.optional(IdSchema),
  action: v.optional(v.picklist(AUDIT_ACTIONS)),
  target: v.optional(v.picklist(AUDIT_TARGET_KINDS)),
  target_id: v.optional(IdSchema),
})

export const operatorAuditRoutes = new Hono<AppEnv>()

operatorAuditRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const filter = parseInput(AuditQuerySchema, query)
  const paging = readPaging(query, 50)
  const { items, total } = await listAudit(
    c.env.DB,
    { operatorId: filter.operator, action: filter.action, kind: filter.target, targetId: filter.target_id },
    paging,
  )
  // The actions and target kinds come along, so the console's filter offers exactly what the log can hold.
  return ok(c, { items, actions: AUDIT_ACTIONS, targets: AUDIT_TARGET_KINDS }, pageable(paging, total))
})
