/**
 * Device tokens against lock-out (docs/security.md#sign-in-throttling, after OWASP's "device cookies"): a successful
 * password sign-in hands the browser a random token, which the portal keeps in an HttpOnly cookie and sends back on
 * later sign-ins. A sign-in that presents a live token of the same account is counted against that device alone, not
 * against the account's shared budget, so guesses spread over many addresses cannot keep the owner out.
 */
import { createSecret, sha256Hex } from '../../lib/crypto'
import { insertDevice, isLiveDevice, setDeviceExpiry } from './queries'

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
export function isTrustedDevice(db: D1Database, hash: string, email: string, now: Date): Promise<boolean> {
  return isLiveDevice(db, hash, email, now)
}

/** Extends a trusted device's life after another successful sign-in. */
export async function renewDevice(db: D1Database, hash: string, now: Date): Promise<void> {
  await setDeviceExpiry(db, hash, new Date(now.getTime() + DEVICE_LIFETIME_MS))
}

/** Trusts a new device for `userId` and answers its token; the account keeps its newest devices only. */
export async function trustNewDevice(db: D1Database, userId: number, now: Date): Promise<string> {
  const token = createSecret()
  const expiresAt = new Date(now.getTime() + DEVICE_LIFETIME_MS)
  await insertDevice(db, { hash: await sha256Hex(token), userId, expiresAt, keep: DEVICES_PER_ACCOUNT }, now)
  return token
}
