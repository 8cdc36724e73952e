/**
 * Seeds the demo operators of the local console (a moderator and an editor); the admin comes from FIRST_ADMIN_EMAIL at
 * their first sign-in, as in a deployment (docs/operations.md#operator-access). Operators already there are kept.
 */
import type { OperatorRole } from '../../../../contract/operators/values'
import operators from '../../../seed/operators.json'
import { insertOperatorsIfNew } from './queries'

export async function seedOperators(db: D1Database, now: Date): Promise<void> {
  await insertOperatorsIfNew(db, operators as { email: string; name: string; role: OperatorRole }[], now)
}
