/** Session on the edge (SPEC §4): token cookie → profile; a failed profile fetch clears the cookie. */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../shared/constants'
import { validatePayload } from '../shared/contract'
import type { Profile } from '../shared/guards'
import type { SessionState } from '../shared/state'
import { gatewayFor } from './gateway'
import type { AppEnv } from './types'

export type SessionResult = { ok: true; session: SessionState } | { ok: false }

export async function resolveSession(c: Context<AppEnv>): Promise<SessionResult> {
  const token = getCookie(c, TOKEN_COOKIE) || null
  c.set('token', token)
  if (!token) return { ok: true, session: { hasToken: false, profile: null } }
  try {
    const envelope = await gatewayFor(c, { withToken: true }).getEnvelope<Profile>('/core/profile')
    // An empty profile or one of the wrong shape (docs/gateway-contract.md#profile) would feed the guards guesses.
    if (!validatePayload('/core/profile', envelope).ok) throw new Error('profile breaks the contract')
    return { ok: true, session: { hasToken: true, profile: envelope.content } }
  } catch {
    clearSessionCookie(c)
    return { ok: false }
  }
}

export function clearSessionCookie(c: Context<AppEnv>) {
  c.set('token', null)
  deleteCookie(c, TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' })
}

/** Matches the gateway's absolute token expiry. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60

/** The session cookie (issue #4): HttpOnly, Secure except on plain-http loopback, SameSite=Lax, Path=/. */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  const url = new URL(c.req.url)
  const loopback = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  setCookie(c, TOKEN_COOKIE, token, { path: '/', httpOnly: true, secure: !loopback, sameSite: 'Lax', maxAge: SESSION_MAX_AGE_S })
}
