/**
 * Realtime hints to a user's own open pages (docs/gateway-contract.md#realtime): ids and states, never content; the
 * browser refetches with its own session.
 */
import type { AppealStatus } from '../../../../contract/operators/values'
import { schedulePublish } from '../../integrations/realtime'
import type { RequestScope } from '../../lib/context'
import { readUserRole } from './queries'

/** Personal events: hints with ids and states; the browser refetches with its own session. */
export type PersonalEvent =
  | { type: 'notification'; kind: string }
  | { type: 'appeal'; id: number; status: AppealStatus; by: 'user' | 'agency' }
  | { type: 'project'; id: number; state: 'pending' | 'approved' | 'rejected' | 'draft' }

/** Tells the user's own channel; the portal names it from the user's role and id (looked up here). */
export function publishToUser(request: RequestScope, userId: number, event: PersonalEvent): void {
  schedulePublish(request, async (env) => {
    const role = await readUserRole(env.DB, userId)
    return role ? { user: { role, id: userId }, event } : null
  })
}
