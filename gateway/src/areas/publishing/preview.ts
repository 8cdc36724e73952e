/**
 * Preview links (docs/gateway-contract.md#preview): a token naming one item of a kind, signed with HMAC-SHA-256 under
 * the configured key and valid for a while. The portal forwards it unchanged (`X-Preview-Token`); the content calls
 * then answer that item even while it is a draft.
 */

import { fromBase64, toBase64Url } from '../../lib/crypto'
import { KIND_NAMES, type KindName } from './kinds'

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 30 * 60 * 1000

/** The header the portal forwards a preview token in. */
export const PREVIEW_HEADER = 'X-Preview-Token'

export type PreviewClaim = { kind: KindName; id: number; exp: number }

const encoder = new TextEncoder()

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

/** `{kind}.{id}.{expiry in s}.{signature}`: readable, so a support person can tell what a link shows. */
export async function signPreview(secret: string, kind: KindName, id: number, now: Date): Promise<string> {
  const body = `${kind}.${id}.${Math.floor((now.getTime() + PREVIEW_TTL_MS) / 1000)}`
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body))
  return `${body}.${toBase64Url(new Uint8Array(signature))}`
}

const TOKEN = /^([a-z_]{1,20})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The item a token names, or null when it is malformed, forged or expired (all alike to the caller). */
export async function verifyPreview(
  secret: string,
  token: string | undefined,
  now: Date,
): Promise<PreviewClaim | null> {
  const m = secret && token ? TOKEN.exec(token) : null
  if (!m) return null
  const [, kind, id, exp, signature] = m as unknown as [string, string, string, string, string]
  if (!(KIND_NAMES as readonly string[]).includes(kind)) return null
  const sig = fromBase64(signature.replace(/-/g, '+').replace(/_/g, '/'))
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), sig, encoder.encode(`${kind}.${id}.${exp}`))
  if (!valid || Number(exp) * 1000 <= now.getTime()) return null
  return { kind: kind as KindName, id: Number(id), exp: Number(exp) }
}
