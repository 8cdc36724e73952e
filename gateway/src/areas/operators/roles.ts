/**
 * What each operator role reaches (docs/gateway-contract.md#operator): decided here, once, for the gateway's operator
 * calls and the console alike (docs/decisions/0030-operator-console.md).
 */
import type { OperatorArea, OperatorRole } from '../../../../contract/operators/values'

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
