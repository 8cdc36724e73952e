/** Password hashing: PBKDF2-SHA256 via WebCrypto with a per-user salt (ASVS 5.0 V11.4). */
import { fromBase64, isEqualBytes, toBase64 } from '../../lib/crypto'

/** workerd caps PBKDF2 at 100 000 iterations, which is also the floor we require. */
const PBKDF2_ITERATIONS = 100_000
const SALT_BYTES = 16
const HASH_BITS = 256
const DUMMY_SALT = new Uint8Array(SALT_BYTES)

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS)
  return new Uint8Array(bits)
}

/** Hashes a password into `pbkdf2-sha256$iterations$salt$hash` (base64 parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, PBKDF2_ITERATIONS)
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`
}

/** Checks a password against a stored hash; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$')
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') {
    await burnPasswordCheck(password)
    return false
  }
  const iterations = Number(parts[1])
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false
  const actual = await derive(password, fromBase64(parts[2]!), iterations)
  return isEqualBytes(actual, fromBase64(parts[3]!))
}

/** Spends the same work as a real check, so unknown accounts answer in similar time. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await derive(password, DUMMY_SALT, PBKDF2_ITERATIONS)
}
