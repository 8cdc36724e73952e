/** The auth area's SQL: accounts by e-mail, password links, session tokens and trusted devices. */
import type { Role } from '../../lib/context'
import type { SignInPlace } from './sign-in-place'

/**
 * The account that signs in with `email`, with its password hash (null for a resident: OneID only) and whether staff
 * blocked it or its owner deleted it.
 */
export async function findSignInAccount(db: D1Database, email: string) {
  return db
    .prepare('SELECT id, role, password_hash, blocked_at, deleted_at FROM users WHERE email = ?')
    .bind(email)
    .first<{
      id: number
      role: Role
      password_hash: string | null
      blocked_at: string | null
      deleted_at: string | null
    }>()
}

/** The account of `email` and `role` that may get a reset link: one with a password, or a non-resident's. */
export async function findResettableAccount(db: D1Database, email: string, role: Role) {
  return db
    .prepare(
      `SELECT id, email, role FROM users WHERE email = ? AND role = ? AND (password_hash IS NOT NULL OR is_resident = 0)
         AND blocked_at IS NULL AND deleted_at IS NULL`,
    )
    .bind(email, role)
    .first<{ id: number; email: string; role: Role }>()
}

/** Sets an account's password hash. */
export async function setPasswordHash(db: D1Database, userId: number, hash: string, now: Date): Promise<void> {
  await db
    .prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?')
    .bind(hash, now.toISOString(), userId)
    .run()
}

/** A password link not used and not expired, with its account. */
export type LiveLink = { id: number; user_id: number; token_hash: string; time: string; email: string; role: Role }

export async function findLiveLink(db: D1Database, uuid: string, now: Date): Promise<LiveLink | null> {
  return db
    .prepare(
      `SELECT r.id, r.user_id, r.token_hash, r.time, u.email, u.role FROM reset_links r JOIN users u ON u.id = r.user_id
       WHERE r.uuid = ? AND r.used_at IS NULL AND r.expires_at > ? AND u.blocked_at IS NULL AND u.deleted_at IS NULL`,
    )
    .bind(uuid, now.toISOString())
    .first<LiveLink>()
}

/** Marks a link used; false when another request used it first. */
export async function useLink(db: D1Database, id: number, now: Date): Promise<boolean> {
  const used = await db
    .prepare('UPDATE reset_links SET used_at = ? WHERE id = ? AND used_at IS NULL')
    .bind(now.toISOString(), id)
    .run()
  return used.meta.changes === 1
}

/** Ends the account's live links and records a new one (its token stored as a hash), in one transaction. */
export async function replacePasswordLink(
  db: D1Database,
  link: { uuid: string; userId: number; tokenHash: string; time: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.batch([
    db
      .prepare('UPDATE reset_links SET used_at = ? WHERE user_id = ? AND used_at IS NULL')
      .bind(now.toISOString(), link.userId),
    db
      .prepare(
        'INSERT INTO reset_links (uuid, user_id, token_hash, time, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .bind(link.uuid, link.userId, link.tokenHash, link.time, link.expiresAt.toISOString(), now.toISOString()),
  ])
}

/** Records a session token by its hash, with what its sign-in is remembered by. */
export async function insertToken(
  db: D1Database,
  token: { userId: number; hash: string; expiresAt: Date; place: SignInPlace },
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  const { browser, os, country, city } = token.place
  await db
    .prepare(
      `INSERT INTO tokens (user_id, token_hash, created_at, expires_at, last_used_at, browser, os, country, city)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(token.userId, token.hash, at, token.expiresAt.toISOString(), at, browser, os, country, city)
    .run()
}

/** A token by its hash, with its account. */
export type TokenRow = {
  token_id: number
  expires_at: string
  last_used_at: string
  revoked_at: string | null
  id: number
  email: string
  role: Role
  is_resident: number
  blocked_at: string | null
  deleted_at: string | null
}

export async function findToken(db: D1Database, hash: string): Promise<TokenRow | null> {
  return db
    .prepare(
      `SELECT t.id AS token_id, t.expires_at, t.last_used_at, t.revoked_at, u.id, u.email, u.role, u.is_resident,
         u.blocked_at, u.deleted_at
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
    )
    .bind(hash)
    .first<TokenRow>()
}

/** Moves a token's idle clock on. */
export async function touchToken(db: D1Database, tokenId: number, now: Date): Promise<void> {
  await db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?').bind(now.toISOString(), tokenId).run()
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

/** Whether `hash` is a live device of the account of `email`. */
export async function isLiveDevice(db: D1Database, hash: string, email: string, now: Date): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 AS ok FROM trusted_devices d JOIN users u ON u.id = d.user_id WHERE d.token_hash = ? AND u.email = ? AND d.expires_at > ?',
    )
    .bind(hash, email, now.toISOString())
    .first<{ ok: number }>()
  return !!row
}

/** Sets when a trusted device expires. */
export async function setDeviceExpiry(db: D1Database, hash: string, expiresAt: Date): Promise<void> {
  await db
    .prepare('UPDATE trusted_devices SET expires_at = ? WHERE token_hash = ?')
    .bind(expiresAt.toISOString(), hash)
    .run()
}

/** Records a trusted device and forgets the account's devices beyond its newest `keep`. */
export async function insertDevice(
  db: D1Database,
  device: { hash: string; userId: number; expiresAt: Date; keep: number },
  now: Date,
): Promise<void> {
  await db.batch([
    db
      .prepare('INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .bind(device.hash, device.userId, now.toISOString(), device.expiresAt.toISOString()),
    db
      .prepare(
        `DELETE FROM trusted_devices WHERE user_id = ?1 AND token_hash NOT IN (
           SELECT token_hash FROM trusted_devices WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(device.userId, device.keep),
  ])
}

/** Whether any browser ever signed in to the account (a device of it is recorded, live or expired). */
export async function hasAnyDevice(db: D1Database, userId: number): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS ok FROM trusted_devices WHERE user_id = ? LIMIT 1').bind(userId).first()
  return !!row
}

/** Whether `hash` is a live device of the account `userId`. */
export async function isLiveDeviceOf(db: D1Database, hash: string, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS ok FROM trusted_devices WHERE token_hash = ? AND user_id = ? AND expires_at > ?')
    .bind(hash, userId, now.toISOString())
    .first()
  return !!row
}

/** An account's address and role, as the notice of a new sign-in needs them. */
export async function readAccountContact(db: D1Database, id: number) {
  return db.prepare('SELECT email, role FROM users WHERE id = ?').bind(id).first<{ email: string; role: Role }>()
}
