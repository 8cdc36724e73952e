/**
 * `POST /_app/content-version`: an upstream that can push tells the portal its new content version at once
 * (docs/gateway-contract.md#content-version), signed as a realtime publish is. A replay is harmless: versions only
 * grow, so an old one changes nothing.
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { errorEnvelope } from '../http/envelope'
import { acceptPushedVersion } from '../payloads/content-version'
import { readSignedCall } from '../realtime/signed-call'
import type { AppEnv } from '../types'

/** Where upstreams push the version. */
export const CONTENT_VERSION_PUSH_PATH = '/_app/content-version'

const PushSchema = v.object({ version: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) })

/** 202 once this isolate and the shared record hold the version; the signed call's refusals otherwise. */
export async function serveVersionPush(c: Context<AppEnv>): Promise<Response> {
  c.set('routeId', 'content-version')
  const call = await readSignedCall(c)
  if (!call.ok) return call.refusal
  const parsed = v.safeParse(PushSchema, call.json)
  if (!parsed.success) return errorEnvelope(c, 400, 'bad_request')
  await acceptPushedVersion(c, parsed.output.version)
  return c.json({ result: { code: 'ok', description: '' }, content: { version: parsed.output.version } }, 202)
}
