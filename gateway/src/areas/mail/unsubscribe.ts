/**
 * One-click unsubscribe links (RFC 8058, docs/security.md#one-click-unsubscribe): a token naming whom a topic's mail is
 * refused for (an account, or an address without one), signed with HMAC-SHA-256 under MAIL_LINK_SECRET. It never
 * expires (a mail is read years later) and grants nothing but turning that topic's mail off, so a mail client's POST
 * without an Origin, or anyone holding the mail, may use it without signing in.
 */
import { MAIL_TOPICS, type MailTopic } from '../../../../contract/gateway/channels'
import { fromBase64, toBase64Url } from '../../lib/crypto'

/** Whom a token refuses mail for. */
export type UnsubscribeClaim = { topic: MailTopic } & ({ userId: number } | { email: string })

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

function fromBase64Url(text: string): Uint8Array {
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'))
}

/** `{topic}.u.{user id}.{signature}` or `{topic}.e.{address, base64url}.{signature}`. */
export async function signUnsubscribe(secret: string, claim: UnsubscribeClaim): Promise<string> {
  const who = 'userId' in claim ? `u.${claim.userId}` : `e.${toBase64Url(encoder.encode(claim.email.toLowerCase()))}`
  const body = `${claim.topic}.${who}`
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body))
  return `${body}.${toBase64Url(new Uint8Array(signature))}`
}

const TOKEN = /^([a-z]{1,20})\.(u\.\d{1,10}|e\.[A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/

/** What a token refuses, or null when it is malformed or forged (alike to the caller). */
export async function verifyUnsubscribe(secret: string, token: string): Promise<UnsubscribeClaim | null> {
  const m = secret ? TOKEN.exec(token) : null
  if (!m) return null
  const [, topic, who, signature] = m as unknown as [string, string, string, string]
  if (!(MAIL_TOPICS as readonly string[]).includes(topic)) return null
  let sig: Uint8Array
  try {
    sig = fromBase64Url(signature)
  } catch {
    return null
  }
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), sig, encoder.encode(`${topic}.${who}`))
  if (!valid) return null
  const value = who.slice(2)
  if (who.startsWith('u.')) return { topic: topic as MailTopic, userId: Number(value) }
  return { topic: topic as MailTopic, email: decoder.decode(fromBase64Url(value)) }
}
