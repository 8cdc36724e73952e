/** Bearer tokens: 256-bit random references stored as SHA-256, with absolute and idle expiry (ASVS V7). */
import { createMiddleware } from 'hono/factory'
import type { AppEnv, AuthUser, Role } from '../../lib/context'
import { createSecret, sha256Hex } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'

/** Absolute lifetime of a token. */
const TOKEN_LIFETIME_MS = 30 * 24 * 3600_000
/** A token unused for this long expires. */
const TOKEN_IDLE_MS = 7 * 24 * 3600_000
/** Refresh `last_used_at` at most this often, to spare a write on every request. */
const TOUCH_EVERY_MS = 60_000

/** Creates a token for a user and returns the raw value (only its hash is stored). */
export async function issueToken(db: D1Database, userId: number, now: Date): Promise<string> {
  const token = createSecret(32)
  const at = now.toISOString()
  await db
    .prepare('INSERT INTO tokens (user_id, token_hash, created_at, expires_at, last_used_at) VALUES (?, ?, ?, ?, ?)')
    .bind(userId, await sha256Hex(token), at, new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(), at)
    .run()
  return token
}

/** The token of an `Authorization: Bearer …` header, or null. */
function readBearer(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header ?? '')
  return m ? m[1]! : null
}

type TokenRow = {
  token_id: number
  expires_at: string
  last_used_at: string
  revoked_at: string | null
  id: number
  email: string
  role: Role
  is_resident: number
}

/** Resolves a raw token to its live user, refreshing the idle clock; null when missing, revoked or expired. */
async function findTokenUser(db: D1Database, token: string, now: Date): Promise<AuthUser | null> {
  const row = await db
    .prepare(
      `SELECT t.id AS token_id, t.expires_at, t.last_used_at, t.revoked_at, u.id, u.email, u.role, u.is_resident
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
    )
    .bind(await sha256Hex(token))
    .first<TokenRow>()
  if (!row || row.revoked_at) return null
  const nowMs = now.getTime()
  const lastUsed = Date.parse(row.last_used_at)
  if (Date.parse(row.expires_at) <= nowMs || lastUsed + TOKEN_IDLE_MS <= nowMs) return null
  if (nowMs - lastUsed >= TOUCH_EVERY_MS) {
    await db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?').bind(now.toISOString(), row.token_id).run()
  }
  return { id: row.id, email: row.email, role: row.role, isResident: row.is_resident === 1, tokenId: row.token_id }
}

/** Revokes one token. */
export async function revokeToken(db: D1Database, tokenId: number, now: Date): Promise<void> {
  await db
    .prepare('UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .bind(now.toISOString(), tokenId)
    .run()
}

/** Revokes every live token of a user except `keepTokenId` (after a password change or reset). */
export async function revokeUserTokens(db: D1Database, userId: number, now: Date, keepTokenId = 0): Promise<void> {
  await db
    .prepare('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND id != ? AND revoked_at IS NULL')
    .bind(now.toISOString(), userId, keepTokenId)
    .run()
}

/** Requires a live bearer token; answers 401 `expired_token` otherwise. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = readBearer(c.req.header('Authorization'))
  const user = token ? await findTokenUser(c.env.DB, token, new Date()) : null
  if (!user) throw new GatewayError(401, 'expired_token')
  c.set('user', user)
  await next()
})
