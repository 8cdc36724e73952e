/**
 * Signed publishes (docs/decisions/0018-realtime-hub.md): HMAC-SHA256 with REALTIME_SECRET over `{timestamp}.{id}.{body}`,
 * sent as `v1=` and the hex digest. The timestamp bounds a message's age, the id makes a replay recognisable.
 */

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, key)
  }
  return key
}

const signedText = (timestamp: string, id: string, body: string) => `${timestamp}.${id}.${body}`

/** The signature header's value for a message. */
export async function signPublish(secret: string, timestamp: string, id: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(signedText(timestamp, id, body)))
  return `v1=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Whether `signature` is the message's; compared by the runtime's HMAC verify (constant time). */
export async function isValidSignature(
  secret: string,
  timestamp: string,
  id: string,
  body: string,
  signature: string,
): Promise<boolean> {
  const hex = /^v1=([0-9a-f]{64})$/.exec(signature)?.[1]
  if (!hex) return false
  const mac = new Uint8Array(32)
  for (let i = 0; i < 32; i++) mac[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return crypto.subtle.verify('HMAC', await keyOf(secret), mac, encoder.encode(signedText(timestamp, id, body)))
}
