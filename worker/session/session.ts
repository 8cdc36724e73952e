/**
 * The session on the edge (docs/product.md#session): token cookie → profile, resolved once per request. Only the
 * gateway rejecting the token ends a session; an upstream that times out or fails keeps the cookie, and the page
 * renders with the session marked unavailable (docs/security.md#sessions).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { validatePayload } from '../../contract/gateway'
import { TOKEN_COOKIE } from '../../shared/constants'
import type { GatewayFailure } from '../../shared/gateway/gateway-client'
import { accountKeys } from '../../shared/keys/account-keys'
import type { AppEnv, SessionResult } from '../types'
import { gatewayFor } from '../upstream/gateway'

/** Result codes that mean the token itself is no good (beside a 401 or 403 status). */
const TOKEN_REJECTED_CODES: ReadonlySet<string> = new Set([
  'expired_token',
  'invalid_token',
  'unauthorized',
  'forbidden',
])

/** True when a failed profile fetch means "this token is not accepted", as opposed to "the upstream is in trouble". */
function isTokenRejection(failure: GatewayFailure): boolean {
  if (failure.status === 401 || failure.status === 403) return true
  return failure.status > 0 && failure.status < 500 && TOKEN_REJECTED_CODES.has(failure.code)
}

async function fetchSession(c: Context<AppEnv>): Promise<SessionResult> {
  const token = await readSessionToken(c)
  if (!token) return { ok: true, session: { hasToken: false, profile: null }, token: null }
  const answer = await gatewayFor(c, { token }).getEnvelope(
    accountKeys.profile(),
    AbortSignal.timeout(c.get('config').upstreamTimeoutMs),
  )
  // An accepted call without a profile: the account behind the token is gone.
  if ((answer.ok && !answer.envelope.content) || (!answer.ok && isTokenRejection(answer))) {
    clearSessionCookie(c)
    return { ok: false, ended: true }
  }
  // Timeout, network error, 5xx or a malformed answer keep the cookie: the next request tries again. So does a profile
  // of the wrong shape (docs/gateway-contract.md#profile), the upstream's fault, not the token's: the session stays,
  // marked unavailable, instead of feeding the guards a guess.
  if (!answer.ok || !validatePayload('/core/profile', answer.envelope).ok) {
    return { ok: true, session: { hasToken: true, profile: null, unavailable: true }, token }
  }
  return { ok: true, session: { hasToken: true, profile: answer.envelope.content }, token }
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
  deleteCookie(c, TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' })
  deleteCookie(c, bindingCookieName(c), { path: '/', secure: !isLoopbackHttp(c), httpOnly: true, sameSite: 'Lax' })
}

/** Matches the gateway's absolute token expiry. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60

/**
 * The session's host-bound companion (docs/security.md#cookies): the spec names the session cookie `token`, and a page
 * on a sibling subdomain could set a cookie of that name for a parent domain. Only the portal's own host can set a
 * `__Host-` cookie, so the companion holds the token's SHA-256 and a `token` without its match is not a session.
 * Browsers refuse `__Host-` on plain-http loopback, which gets a plain name.
 */
function bindingCookieName(c: Context): string {
  return isLoopbackHttp(c) ? 'token_bind' : '__Host-token_bind'
}

/** The companion's value for `token`: its SHA-256, base64url. */
async function sessionBinding(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Every value of the cookies named `name` in the request, in the order the browser sent them. */
function cookieValues(c: Context, name: string): string[] {
  const values: string[] = []
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      values.push(decodeURIComponent(part.slice(eq + 1).trim()))
    } catch {
      // A malformed value is no session.
    }
  }
  return values
}

/**
 * Whether the request carries a session cookie at all, valid or not: without one the request is an anonymous reader's,
 * whatever else it carries (the document memory's door, `document-door.ts`).
 */
export function hasTokenCookie(c: Context): boolean {
  return cookieValues(c, TOKEN_COOKIE).some(Boolean)
}

/**
 * The session token of this request: the `token` cookie whose SHA-256 the host-bound companion holds. A `token`
 * another host planted (for a parent domain) has no such companion and is ignored; with both present the portal's
 * own wins. Null when there is none.
 */
export async function readSessionToken(c: Context): Promise<string | null> {
  const candidates = cookieValues(c, TOKEN_COOKIE).filter(Boolean)
  const binding = getCookie(c, bindingCookieName(c))
  if (!candidates.length || !binding) return null
  for (const candidate of candidates) if ((await sessionBinding(candidate)) === binding) return candidate
  return null
}

/**
 * The session cookie (docs/security.md#cookies): HttpOnly, Secure except on plain-http loopback, SameSite=Lax, Path=/,
 * with its host-bound companion.
 */
export async function setSessionCookie(c: Context<AppEnv>, token: string): Promise<void> {
  const secure = !isLoopbackHttp(c)
  setCookie(c, TOKEN_COOKIE, token, { path: '/', httpOnly: true, secure, sameSite: 'Lax', maxAge: SESSION_MAX_AGE_S })
  setCookie(c, bindingCookieName(c), await sessionBinding(token), {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    maxAge: SESSION_MAX_AGE_S,
  })
}
