/**
 * Who may use the console (docs/security.md#operator-surface): Cloudflare Access stands in front of it and adds its
 * signed token to every request; the console verifies that token itself (signature against the team's keys, issuer,
 * audience, expiry: the gateway's verifier) and asks the gateway which operator its e-mail is. Anything else is a
 * 403 page; why is logged, never shown.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { MeSchema } from '../../contract/operators/operators'
import { ACCESS_ASSERTION_HEADER, verifyAccessAssertion } from '../../platform/access'
import { gatewayFor } from './api'
import { readConfig } from './config'
import type { ConsoleEnv } from './context'
import { renderRefusal } from './refusal'
import { reaches, type Screen } from './sections/areas'

function logRefusal(c: Context<ConsoleEnv>, reason: string) {
  console.warn(JSON.stringify({ level: 'warn', msg: 'console refused', requestId: c.get('requestId'), reason }))
}

/**
 * Lets the request through only for an active operator: 503 while Access is not configured, 403 for a missing, forged,
 * expired or foreign token and for an e-mail that is no operator, 502 when the gateway cannot say.
 */
export const requireOperator = createMiddleware<ConsoleEnv>(async (c, next) => {
  const { access } = readConfig(c.env)
  if (!access) {
    logRefusal(c, 'access_not_configured')
    return renderRefusal(c, 503, 'unconfigured')
  }
  const verdict = await verifyAccessAssertion(c.req.header(ACCESS_ASSERTION_HEADER), access)
  if (!verdict.ok) {
    logRefusal(c, verdict.reason)
    return renderRefusal(c, 403, 'forbidden')
  }
  const me = await gatewayFor(c).get('/core/operator/me', MeSchema)
  if (!me.ok) {
    logRefusal(c, `gateway_${me.status}_${me.code}`)
    if (me.status === 403) return renderRefusal(c, 403, 'not_an_operator', verdict.identity.email ?? '')
    return renderRefusal(c, 502, 'unavailable')
  }
  c.set('operator', me.content)
  await next()
})

/** 403 unless the operator's role reaches `screen` (the role rule: sections/areas.ts). */
export const requireScreen = (screen: Screen) =>
  createMiddleware<ConsoleEnv>(async (c, next) => {
    if (!reaches(c.get('operator'), screen)) {
      logRefusal(c, `role_${c.get('operator').role}`)
      return renderRefusal(c, 403, 'role')
    }
    await next()
  })
