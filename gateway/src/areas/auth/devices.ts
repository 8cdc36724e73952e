/**
 * Device tokens against lock-out (docs/security.md#sign-in-throttling, after OWASP's "device cookies"): a successful
 * password sign-in hands the browser a random token, which the portal keeps in an HttpOnly cookie and sends back on
 * later sign-ins. A sign-in that presents a live token of the same account is counted against that device alone, not
 * against the account's shared budget, so guesses spread over many addresses cannot keep the owner out.
 */
import { createSecret, sha256Hex } from '../../lib/crypto'

/** The header the portal sends the device token in (only on the sign-in call). */
export const DEVICE_HEADER = 'X-Device-Token'
/** A device stays trusted this long after its last successful sign-in. */
const DEVICE_LIFETIME_MS = 90 * 24 * 60 * 60_000
/** The newest devices an account keeps; older ones are forgotten. */
const DEVICES_PER_ACCOUNT = 10

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/

/** The hash of a well-formed device token in the request, or null. */
export async function readDeviceHash(header: string | undefined): Promise<string | null> {
  const token = header?.trim()
  return token && TOKEN_SHAPE.test(token) ? sha256Hex(token) : null
}

/** Whether `hash` is a live device of the account of `email`. */
export async function isTrustedDevice(db: D1Database, hash: string, email: string, now: Date): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 AS ok FROM trusted_devices d JOIN users u ON u.id = d.user_id WHERE d.token_hash = ? AND u.email = ? AND d.expires_at > ?',
    )
    .bind(hash, email, now.toISOString())
    .first<{ ok: number }>()
  return !!row
}

/** Extends a trusted device's life after another successful sign-in. */
export async function renewDevice(db: D1Database, hash: string, now: Date): Promise<void> {
  await db
    .prepare('UPDATE trusted_devices SET expires_at = ? WHERE token_hash = ?')
    .bind(new Date(now.getTime() + DEVICE_LIFETIME_MS).toISOString(), hash)
    .run()
}

/** Trusts a new device for `userId` and answers its token; the account keeps its newest devices only. */
export async function trustNewDevice(db: D1Database, userId: number, now: Date): Promise<string> {
  const token = createSecret()
  await db.batch([
    db
      .prepare('INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .bind(
        await sha256Hex(token),
        userId,
        now.toISOString(),
        new Date(now.getTime() + DEVICE_LIFETIME_MS).toISOString(),
      ),
    db
      .prepare(
        `DELETE FROM trusted_devices WHERE user_id = ?1 AND token_hash NOT IN (
           SELECT token_hash FROM trusted_devices WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(userId, DEVICES_PER_ACCOUNT),
  ])
  return token
}
