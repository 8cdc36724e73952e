/**
 * `/core/operator/*`: the agency's operators decide registration applications and set the site's contacts
 * (docs/gateway-contract.md#operator).
 * The calls are served on the operators' own hostname behind Cloudflare Access, never through the portal's proxy:
 * they exist only while Access and the `OPERATOR_TOKEN` secret are configured (404 otherwise), and need a valid Access
 * token (403 otherwise) and then the secret as the bearer (401 otherwise) (docs/security.md#operator-surface).
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { ACCESS_ASSERTION_HEADER, verifyAccessAssertion } from '../lib/access'
import { readConfig } from '../lib/config'
import type { AppEnv } from '../lib/context'
import { isEqualBytes } from '../lib/crypto'
import { GatewayError, ok } from '../lib/envelope'
import { approveRegistration, listPendingRegistrations, rejectRegistration } from '../lib/registrations'
import { SiteSettingsInputSchema, writeSiteSettings } from '../lib/site-settings'
import { readBearer } from '../lib/tokens'
import { IdSchema, parseInput, readJson, text } from '../lib/validate'

const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)))

/**
 * 404 unless Access and the secret are configured; 403 `forbidden` without a valid Access token; 401 `unauthorized`
 * unless the bearer equals the secret (compared in constant time).
 */
const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const { operatorToken: secret, access } = readConfig(c.env)
  if (!secret || !access) throw new GatewayError(404, 'not_found')
  const verdict = await verifyAccessAssertion(c.req.header(ACCESS_ASSERTION_HEADER), access)
  if (!verdict.ok) {
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'access refused', requestId: c.get('requestId'), reason: verdict.reason }),
    )
    throw new GatewayError(403, 'forbidden')
  }
  const given = readBearer(c.req.header('Authorization')) ?? ''
  // Digests of equal length, so neither the secret's length nor a matching prefix shows in the timing.
  if (!isEqualBytes(await digest(given), await digest(secret))) {
    c.header('WWW-Authenticate', 'Bearer')
    throw new GatewayError(401, 'unauthorized')
  }
  await next()
})

const ParamsSchema = v.object({ id: IdSchema })
const RejectSchema = v.object({ reason: text(2000) })

/** The operator routes. */
export const operatorRoutes = new Hono<AppEnv>()

operatorRoutes.use('/core/operator/*', requireOperator)

operatorRoutes.get('/core/operator/registrations', async (c) => ok(c, await listPendingRegistrations(c.env.DB)))

operatorRoutes.post('/core/operator/registrations/:id/approve', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  return ok(c, await approveRegistration(c.env, id, new Date()))
})

operatorRoutes.post('/core/operator/registrations/:id/reject', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reason } = parseInput(RejectSchema, await readJson(c))
  return ok(c, await rejectRegistration(c.env, id, reason, new Date()))
})

// The agency's contacts the portal shows (docs/gateway-contract.md#site-settings): replaced as a whole.
operatorRoutes.put('/core/operator/site-settings', async (c) => {
  const input = parseInput(SiteSettingsInputSchema, await readJson(c))
  await writeSiteSettings(c.env.DB, input, new Date())
  return ok(c, null)
})
