/**
 * An upstream's signed call to the portal (docs/gateway-contract.md#realtime): HMAC-SHA256 with REALTIME_SECRET over
 * `{timestamp}.{id}.{body}`, at most PUBLISH_MAX_BYTES, within PUBLISH_MAX_AGE_MS of the portal's clock. Realtime
 * publishes and the content version's push (docs/gateway-contract.md#content-version) are read alike.
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { PUBLISH_HEADERS, PUBLISH_MAX_AGE_MS, PUBLISH_MAX_BYTES } from '../../shared/realtime/realtime'
import { PublishIdSchema } from '../../shared/realtime/realtime-schemas'
import { errorEnvelope } from '../http/envelope'
import type { AppEnv } from '../types'
import { isValidSignature } from './signature'

/** A call whose signature holds, with its id, timestamp and parsed JSON body; else the refusal to answer. */
export type SignedCall = { ok: true; id: string; timestamp: number; json: unknown } | { ok: false; refusal: Response }

/**
 * Checks a signed call: 503 without a secret, 401 unsigned, badly signed or stale, 413 too large, 400 not JSON.
 */
export async function readSignedCall(c: Context<AppEnv>): Promise<SignedCall> {
  const refuse = (status: 400 | 401 | 413 | 503, code: string): SignedCall => ({
    ok: false,
    refusal: errorEnvelope(c, status, code),
  })
  const secret = c.get('config').realtimeSecret
  if (!secret) return refuse(503, 'realtime_unavailable')
  const timestamp = c.req.header(PUBLISH_HEADERS.timestamp) ?? ''
  const id = c.req.header(PUBLISH_HEADERS.id) ?? ''
  const signature = c.req.header(PUBLISH_HEADERS.signature) ?? ''
  if (!timestamp || !id || !signature) return refuse(401, 'unsigned')
  if (Number(c.req.header('content-length') ?? 0) > PUBLISH_MAX_BYTES) return refuse(413, 'payload_too_large')
  const body = await c.req.text()
  if (new TextEncoder().encode(body).length > PUBLISH_MAX_BYTES) return refuse(413, 'payload_too_large')
  if (
    !/^\d{1,15}$/.test(timestamp) ||
    !v.is(PublishIdSchema, id) ||
    !(await isValidSignature(secret, timestamp, id, body, signature))
  ) {
    return refuse(401, 'bad_signature')
  }
  const ts = Number(timestamp)
  if (Math.abs(Date.now() - ts) > PUBLISH_MAX_AGE_MS) return refuse(401, 'stale')
  try {
    return { ok: true, id, timestamp: ts, json: JSON.parse(body) }
  } catch {
    return refuse(400, 'bad_request')
  }
}
