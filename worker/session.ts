/**
 * The session on the edge (docs/product.md#session): token cookie → profile, resolved once per request. Only the
 * gateway rejecting the token ends a session; an upstream that times out or fails keeps the cookie, and the page
 * renders with the session marked unavailable (docs/security.md#sessions).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../shared/constants'
import { validatePayload } from '../shared/contract'
import { GatewayError } from '../shared/gateway-client'
import type { Profile } from '../shared/guards'
import type { SessionState } from '../shared/state'
import { gatewayFor } from './gateway'
import type { AppEnv } from './types'

/** `ended`: the gateway rejected the token and the cookie is cleared. */
export type SessionResult = { ok: true; session: SessionState } | { ok: false; ended: true }

/** Result codes that mean the token itself is no good (beside a 401 or 403 status). */
const TOKEN_REJECTED_CODES: ReadonlySet<string> = new Set(['expired_token', 'invalid_token', 'unauthorized', 'forbidden'])

/** True when a failed profile fetch means "this token is not accepted", as opposed to "the upstream is in trouble". */
export function isTokenRejection(err: unknown): boolean {
  if (!(err instanceof GatewayError)) return false
  if (err.status === 401 || err.status === 403) return true
  return err.status > 0 && err.status < 500 && TOKEN_REJECTED_CODES.has(err.code)
}

async function fetchSession(c: Context<AppEnv>): Promise<SessionResult> {
  const token = getCookie(c, TOKEN_COOKIE) || null
  c.set('token', token)
  if (!token) return { ok: true, session: { hasToken: false, profile: null } }
  try {
    const envelope = await gatewayFor(c, { withToken: true }).getEnvelope<Profile>('/core/profile', AbortSignal.timeout(c.get('config').upstreamTimeoutMs))
    // An accepted call without a profile: the account behind the token is gone.
    if (!envelope.content) throw new GatewayError(401, 'expired_token', 'empty profile')
    // A profile of the wrong shape (docs/gateway-contract.md#profile) is the upstream's fault, not the token's: the
    // session stays, marked unavailable, instead of feeding the guards a guess.
    if (!validatePayload('/core/profile', envelope).ok) throw new Error('profile breaks the contract')
    return { ok: true, session: { hasToken: true, profile: envelope.content } }
  } catch (err) {
    if (isTokenRejection(err)) {
      clearSessionCookie(c)
      return { ok: false, ended: true }
    }
    // Timeout, network error, 5xx or a malformed answer: keep the cookie and try again on the next request.
    return { ok: true, session: { hasToken: true, profile: null, unavailable: true } }
  }
}

/** The request's session, fetched on first use and shared by everything after it (pages, guards, actions). */
export function readSession(c: Context<AppEnv>): Promise<SessionResult> {
  let pending = c.get('session')
  if (!pending) {
    pending = fetchSession(c)
    c.set('session', pending)
  }
  return pending
}

/** Resolves the session before the page pipeline runs, so `c.var.session` holds it. */
export function resolveSession(): MiddlewareHandler<AppEnv> {
  return async function resolveSessionMiddleware(c, next) {
    await readSession(c)
    await next()
  }
}

/** Whether this request is plain http on a loopback host, where browsers refuse `Secure` and `__Host-` cookies. */
export function isLoopbackHttp(c: Context): boolean {
  const url = new URL(c.req.url)
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

export function clearSessionCookie(c: Context<AppEnv>) {
  c.set('token', null)
  deleteCookie(c, TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' })
}

/** Matches the gateway's absolute token expiry. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60

/** The session cookie (docs/security.md#cookies): HttpOnly, Secure except on plain-http loopback, SameSite=Lax, Path=/. */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, TOKEN_COOKIE, token, { path: '/', httpOnly: true, secure: !isLoopbackHttp(c), sameSite: 'Lax', maxAge: SESSION_MAX_AGE_S })
}
