/** Bearer tokens: 256-bit random references stored as SHA-256, with absolute and idle expiry (ASVS V7). */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, AuthUser } from '../../lib/context'
import { createSecret, sha256Hex } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'
import { findToken, insertToken, touchToken } from './queries'

/** Absolute lifetime of a token. */
const TOKEN_LIFETIME_MS = 30 * 24 * 3600_000
/** A token unused for this long expires. */
const TOKEN_IDLE_MS = 7 * 24 * 3600_000
/** Refresh `last_used_at` at most this often, to spare a write on every request. */
const TOUCH_EVERY_MS = 60_000

/** Creates a token for a user and returns the raw value (only its hash is stored). */
export async function issueToken(db: D1Database, userId: number, now: Date): Promise<string> {
  const token = createSecret(32)
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS)
  await insertToken(db, { userId, hash: await sha256Hex(token), expiresAt }, now)
  return token
}

/** The token of an `Authorization: Bearer …` header, or null. */
function readBearer(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header ?? '')
  return m ? m[1]! : null
}

/** Resolves a raw token to its live user, refreshing the idle clock; null when missing, revoked or expired. */
async function findTokenUser(db: D1Database, token: string, now: Date): Promise<AuthUser | null> {
  const row = await findToken(db, await sha256Hex(token))
  if (!row || row.revoked_at) return null
  const nowMs = now.getTime()
  const lastUsed = Date.parse(row.last_used_at)
  if (Date.parse(row.expires_at) <= nowMs || lastUsed + TOKEN_IDLE_MS <= nowMs) return null
  if (nowMs - lastUsed >= TOUCH_EVERY_MS) await touchToken(db, row.token_id, now)
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
