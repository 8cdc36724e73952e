/**
 * The signed link an enquirer without an account follows their enquiry by (docs/security.md#enquiry-links): the
 * enquiry's id signed with HMAC-SHA-256 under MAIL_LINK_SECRET, with a purpose of its own so no other signed token
 * (an unsubscribe link) can stand for it. It never expires, as the receipt it comes in is read weeks later, and grants
 * only reading the enquiry's status and the agency's replies.
 */
import { fromBase64, toBase64Url } from '../../lib/crypto'

const encoder = new TextEncoder()
const PURPOSE = 'enquiry'

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

/** `{id}.{signature}`, URL-safe. */
export async function signEnquiryLink(secret: string, id: number): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${PURPOSE}.${id}`))
  return `${id}.${toBase64Url(new Uint8Array(signature))}`
}

const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/

/** The enquiry a token names, or null when it is malformed or forged (alike to the caller). */
export async function verifyEnquiryLink(secret: string, token: string): Promise<number | null> {
  const m = secret ? TOKEN.exec(token) : null
  if (!m) return null
  const [, id, signature] = m as unknown as [string, string, string]
  const sig = fromBase64(signature.replace(/-/g, '+').replace(/_/g, '/'))
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), sig, encoder.encode(`${PURPOSE}.${id}`))
  return valid ? Number(id) : null
}
