/** Route rules (docs/product.md#route-rules): per-route redirects decided at the edge, after the guards. */
import type { Context } from 'hono'
import type { SignedIn } from '../../contract/gateway/account'
import { href } from '../../shared/routing/match'
import type { RouteId } from '../../shared/routing/routes'
import { isSameOriginPath, safeReturnPath } from '../../shared/routing/safe-path'
import type { PageRoute, SessionState } from '../../shared/state/state'
import { afterSignIn } from '../actions/lib/return-path'
import { setSessionCookie } from '../session/session'
import { signInPlaceHeaders } from '../session/sign-in-place'
import { issueSsoNonce, takeSsoNonce } from '../session/sso-nonce'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'
import type { RouteRule } from './route-rule'
import { serviceCategoryIndexRule, serviceCategoryRule, serviceStepRule } from './service-rules'

const ROLES = new Set(['investor', 'businessmen'])

/**
 * The SSO authorize URL the gateway hands out: an https URL, or (reference gateway, local mode) a path of this origin.
 */
function isSsoLocation(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 4096) return false
  if (value.startsWith('/')) return isSameOriginPath(value)
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * `/auth/one-id?role=&state=`: off to the national SSO. `state` here is where to go afterwards; what OneID receives as
 * `state` is the nonce of this browser's sign-in (docs/security.md#sso-nonce). Renders the page only on failure.
 */
const oneIdRule: RouteRule<'one-id'> = async ({ c, query, gateway }) => {
  const locale = c.get('locale')
  const role = ROLES.has(query.role ?? '') ? query.role : 'investor'
  const nonce = issueSsoNonce(c, safeReturnPath(query.state) ?? href('profile', { locale }))
  const answer = await gateway.request<string>('GET', '/core/auth', { query: { state: nonce, role } })
  return answer.ok && isSsoLocation(answer.envelope.content) ? answer.envelope.content : null
}

/**
 * `/sso?code&state&role`: the SSO's answer. The code is exchanged once for the session (the token goes only into the
 * HttpOnly cookie), and only when `state` is this browser's nonce; the page (auth-error dialog) renders otherwise.
 */
const ssoRule: RouteRule<'sso'> = async ({ c, query, gateway }) => {
  const returnPath = takeSsoNonce(c, query.state)
  const code = query.code
  const role = query.role
  if (returnPath === null || !code || code.length > 256 || !ROLES.has(role ?? '')) return null
  const signedIn = await gateway.request<SignedIn>('POST', '/core/auth', {
    query: { code, role },
    headers: signInPlaceHeaders(c),
  })
  if (!signedIn.ok) {
    // The page says why in the visitor's language: OneID unavailable, no company for a businessman, a taken TIN.
    c.set('ruleCode', signedIn.code)
    return null
  }
  const token = signedIn.envelope.content?.token
  if (typeof token !== 'string' || !token) return null
  await setSessionCookie(c, token)
  c.header('referrer-policy', 'no-referrer')
  return afterSignIn(returnPath, c.get('locale'))
}

/** A signed-in visitor has nothing to do on the sign-in pages: straight to the profile (or the return path). */
const signedInRule: RouteRule<'sign-in' | 'forgot-password'> = async ({ c, query, session }) =>
  session.profile ? afterSignIn(query.return, c.get('locale')) : null

/** A signed-in visitor of a registration page has an account already: to the profile (docs/product.md#registration). */
const registeredRule: RouteRule<'guide-register-investor' | 'guide-register-business'> = async ({ c, session }) =>
  session.profile ? href('profile', { locale: c.get('locale') }) : null

type RouteRules = { readonly [Id in RouteId]?: RouteRule<Id> }

const ROUTE_RULES: RouteRules = {
  'one-id': oneIdRule,
  sso: ssoRule,
  'sign-in': signedInRule,
  'forgot-password': signedInRule,
  'guide-register-investor': registeredRule,
  'guide-register-business': registeredRule,
  'service-category-index': serviceCategoryIndexRule,
  'service-category': serviceCategoryRule,
  service: serviceStepRule,
}

/** Whether a route has a rule, which may redirect or set a cookie on any request however often its page was drawn. */
export function hasRouteRule(id: RouteId): boolean {
  return id in ROUTE_RULES
}

/** Runs the route's rule, if it has one: a redirect location, or null to render the page. */
export function runRouteRule<Id extends RouteId>(
  c: Context<AppEnv>,
  route: PageRoute<Id>,
  session: SessionState,
  token: string | null,
): Promise<string | null> {
  const rule: RouteRule<Id> | undefined = ROUTE_RULES[route.id]
  if (!rule) return Promise.resolve(null)
  return rule({ c, params: route.params, query: route.query, session, gateway: gatewayFor(c, { token }) })
}
