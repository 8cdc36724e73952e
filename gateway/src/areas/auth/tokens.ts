/** Bearer tokens: 256-bit random references stored as SHA-256, with absolute and idle expiry (ASVS V7). */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, AuthUser } from '../../lib/context'
import { createSecret, sha256Hex } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'
import { findToken, insertToken, touchToken } from './queries'
import type { SignInPlace } from './sign-in-place'

/** Absolute lifetime of a token. */
const TOKEN_LIFETIME_MS = 30 * 24 * 3600_000
/** A token unused for this long expires. */
const TOKEN_IDLE_MS = 7 * 24 * 3600_000
/** Refresh `last_used_at` at most this often, to spare a write on every request. */
const TOUCH_EVERY_MS = 60_000

/** Nothing known of a sign-in (a token made by the seed or a test). */
const UNKNOWN_PLACE: SignInPlace = { browser: null, os: null, country: null, city: null }

/**
 * Creates a token for a user and returns the raw value (only its hash is stored), with the browser and coarse place
 * of its sign-in for the person's list of sessions (docs/gateway-contract.md#sessions).
 */
export async function issueToken(
  db: D1Database,
  userId: number,
  now: Date,
  place: SignInPlace = UNKNOWN_PLACE,
): Promise<string> {
  const token = createSecret(32)
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS)
  await insertToken(db, { userId, hash: await sha256Hex(token), expiresAt, place }, now)
  return token
}

/** Whether a token row is live at `nowMs`: not revoked, within its absolute and idle expiry. */
function isLiveToken(row: { revoked_at: string | null; expires_at: string; last_used_at: string }, nowMs: number) {
  return !row.revoked_at && Date.parse(row.expires_at) > nowMs && Date.parse(row.last_used_at) + TOKEN_IDLE_MS > nowMs
}

/** The oldest `last_used_at` a live token may have at `now` (older ones expired idle), for SQL filters. */
export function idleCutoff(now: Date): string {
  return new Date(now.getTime() - TOKEN_IDLE_MS).toISOString()
}

/** The token of an `Authorization: Bearer …` header, or null. */
function readBearer(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header ?? '')
  return m ? m[1]! : null
}

/**
 * Resolves a raw token to its live user, refreshing the idle clock; null when missing, revoked or expired, or when its
 * account is blocked or deleted (docs/gateway-contract.md#account).
 */
async function findTokenUser(db: D1Database, token: string, now: Date): Promise<AuthUser | null> {
  const row = await findToken(db, await sha256Hex(token))
  const nowMs = now.getTime()
  if (!row || !isLiveToken(row, nowMs) || row.blocked_at || row.deleted_at) return null
  if (nowMs - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) await touchToken(db, row.token_id, now)
  return { id: row.id, email: row.email, role: row.role, isResident: row.is_resident === 1, tokenId: row.token_id }
}

/**
 * The live user of the request's bearer token, or null: for a public call that a signed-in user makes as themselves
 * (an enquiry takes the account's contact details).
 */
export async function readOptionalUser(c: Context<AppEnv>): Promise<AuthUser | null> {
  const token = readBearer(c.req.header('Authorization'))
  return token ? findTokenUser(c.env.DB, token, new Date()) : null
}

/** Requires a live bearer token; answers 401 `expired_token` otherwise. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = readBearer(c.req.header('Authorization'))
  const user = token ? await findTokenUser(c.env.DB, token, new Date()) : null
  if (!user) throw new GatewayError(401, 'expired_token')
  c.set('user', user)
  await next()
})
