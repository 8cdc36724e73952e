/**
 * `/core/mail*`: what a mail's reader does without signing in. `POST /core/mail/unsubscribe` turns one topic's mail off
 * for the account or address a signed link names (RFC 8058 one-click, docs/security.md#one-click-unsubscribe); the
 * portal calls it from its one-click endpoint and its unsubscribe page. Mounted at `/core/mail`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { parseInput, readJson } from '../../lib/validate'
import { refuseMail } from '../notifications/choices'
import { verifyUnsubscribe } from './unsubscribe'

const UnsubscribeSchema = v.object({ token: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(600)) })

export const mailRoutes = new Hono<AppEnv>()

mailRoutes.post('/unsubscribe', async (c) => {
  const { token } = parseInput(UnsubscribeSchema, await readJson(c))
  const secret = readConfig(c.env).mailLinkSecret
  if (!secret) throw new GatewayError(503, 'unsubscribe_unavailable')
  const claim = await verifyUnsubscribe(secret, token)
  if (!claim) throw new GatewayError(400, 'invalid_link')
  const { topic, ...who } = claim
  await refuseMail(c.env.DB, who, topic, new Date())
  return ok(c, { topic })
})
