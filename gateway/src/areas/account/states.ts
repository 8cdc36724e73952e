/**
 * An account's states (docs/gateway-contract.md#account): its owner deletes it (disabled at once, erased after a grace
 * period by the retention cron), staff block and unblock it (every session ends; no sign-in while blocked), and an
 * admin or the cron erases it. What erasing keeps is decided in docs/decisions/0029-data-residency.md#erasing-an-account.
 */
import type { AuthUser } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { clearLimit } from '../../lib/queries'
import { CHANGE_PASSWORD_LIMIT, takeAttempt } from '../../lib/rate-limit'
import { failValidation } from '../../lib/validate'
import { verifyPassword } from '../auth/password'
import { deleteFiles } from '../documents/files'
import { readPasswordHash } from '../profile/queries'
import {
  type AccountStateRow,
  eraseAccountRows,
  listAccountFiles,
  listDueErasures,
  markBlocked,
  markDeleted,
  markUnblocked,
  readAccountState,
} from './queries'

/** How long a deleted account waits before it is erased: the person may still ask the agency to stop it. */
export const ERASE_AFTER_MS = 30 * 24 * 3600_000

/** An account's state as staff see it. */
export type AccountState = 'active' | 'blocked' | 'deleted'

export function stateOf(row: Pick<AccountStateRow, 'blocked_at' | 'deleted_at'>): AccountState {
  if (row.deleted_at) return 'deleted'
  return row.blocked_at ? 'blocked' : 'active'
}

/**
 * Deletes the signed-in account at its owner's word: an account with a password confirms with it (422 naming
 * `password` when wrong, 5 tries per 15 minutes); a resident (OneID) has none. Every session, link and device ends at
 * once and the account signs in no more; the retention cron erases it after `ERASE_AFTER_MS`. Answers when.
 */
export async function deleteOwnAccount(
  env: Env,
  user: AuthUser,
  password: string,
  now: Date,
): Promise<{ erase_after: string }> {
  const db = env.DB
  const passwordHash = await readPasswordHash(db, user.id)
  if (passwordHash) {
    const limit = { key: `delete-account:${user.id}`, ...CHANGE_PASSWORD_LIMIT }
    if (!(await takeAttempt(db, [limit], now.getTime()))) throw new GatewayError(429, 'too_many_attempts')
    if (!password || !(await verifyPassword(password, passwordHash))) failValidation(['password'])
    await clearLimit(db, limit.key)
  }
  const eraseAfter = new Date(now.getTime() + ERASE_AFTER_MS)
  if (!(await markDeleted(db, user.id, eraseAfter, now))) throw new GatewayError(409, 'invalid_state')
  // The data on offer goes at once: the account's exports (nobody can sign in to download them any more).
  const { exportKeys } = await listAccountFiles(db, user.id)
  if (exportKeys.length) await env.UPLOADS.delete(exportKeys)
  return { erase_after: eraseAfter.toISOString() }
}

/** The account of `id`, 404 `not_found` when there is none. */
async function readAccountOrFail(db: D1Database, id: number): Promise<AccountStateRow> {
  const row = await readAccountState(db, id)
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

/** Blocks an active account: every session ends at once. 409 `invalid_state` unless it is active. */
export async function blockAccount(db: D1Database, id: number, now: Date, audit: D1PreparedStatement): Promise<void> {
  await readAccountOrFail(db, id)
  if (!(await markBlocked(db, id, now, audit))) throw new GatewayError(409, 'invalid_state')
}

/** Unblocks a blocked account. 409 `invalid_state` unless it is blocked. */
export async function unblockAccount(db: D1Database, id: number, now: Date, audit: D1PreparedStatement): Promise<void> {
  await readAccountOrFail(db, id)
  if (!(await markUnblocked(db, id, now, audit))) throw new GatewayError(409, 'invalid_state')
}

/**
 * Erases an account: its stored files, then its rows (docs/decisions/0029-data-residency.md#erasing-an-account), with an
 * operator's audit row, if any, in the rows' batch.
 */
export async function eraseAccount(env: Env, id: number, audit?: D1PreparedStatement): Promise<void> {
  const row = await readAccountOrFail(env.DB, id)
  const { fileIds, exportKeys } = await listAccountFiles(env.DB, id)
  await deleteFiles(env, fileIds)
  if (exportKeys.length) await env.UPLOADS.delete(exportKeys)
  await eraseAccountRows(env.DB, id, row.email, audit)
}

/** Erases the deleted accounts whose grace period is over, at most `limit` a run; answers how many. */
export async function eraseDueAccounts(env: Env, now: Date, limit: number): Promise<number> {
  const due = await listDueErasures(env.DB, now, limit)
  for (const id of due) await eraseAccount(env, id)
  return due.length
}
