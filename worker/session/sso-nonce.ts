/**
 * The single sign-on's login-CSRF guard (docs/security.md#sso-nonce): `/auth/one-id` binds the sign-in to this
 * browser with a short-lived nonce cookie and sends the same nonce to OneID as `state`; `/sso` exchanges a code only
 * when the `state` it brings back equals the cookie, compared in constant time, and the cookie is spent either way.
 * Otherwise an attacker could send a victim to `/sso?code=<attacker's code>` and sign them in as the attacker.
 */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types'
import { isLoopbackHttp } from './session'

/** Time to finish signing in at OneID. */
const NONCE_MAX_AGE_S = 10 * 60

/**
 * `__Host-` pins the cookie to this host over https; browsers refuse it on plain-http loopback, which gets a plain
 * name.
 */
function cookieName(c: Context): string {
  return isLoopbackHttp(c) ? 'sso_state' : '__Host-sso_state'
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Starts a sign-in: sets the nonce cookie (with where to go afterwards) and returns the nonce to send as `state`. */
export function issueSsoNonce(c: Context<AppEnv>, returnPath: string): string {
  const nonce = randomNonce()
  setCookie(c, cookieName(c), `${nonce}.${returnPath}`, {
    path: '/',
    httpOnly: true,
    secure: !isLoopbackHttp(c),
    sameSite: 'Lax',
    maxAge: NONCE_MAX_AGE_S,
  })
  return nonce
}

/**
 * Ends a sign-in: deletes the nonce cookie and answers the return path stored with it when `state` matches the
 * nonce, else null (no cookie, another browser's state, or a forged one).
 */
export function takeSsoNonce(c: Context<AppEnv>, state: string | undefined): string | null {
  const name = cookieName(c)
  const stored = getCookie(c, name)
  if (stored === undefined) return null
  deleteCookie(c, name, { path: '/', secure: !isLoopbackHttp(c), httpOnly: true, sameSite: 'Lax' })
  const dot = stored.indexOf('.')
  if (dot < 1 || !state) return null
  return constantTimeEqual(stored.slice(0, dot), state) ? stored.slice(dot + 1) : null
}

function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  // Lengths are not secret (every nonce has the same length); the contents are compared without an early exit.
  return x.byteLength === y.byteLength && crypto.subtle.timingSafeEqual(x, y)
}
