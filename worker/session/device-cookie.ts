/**
 * The device cookie against sign-in lock-out (docs/security.md#sign-in-throttling): the gateway hands a browser that
 * signed in with its password a device token; the edge keeps it in an HttpOnly cookie, never in the page, and sends
 * it back only on the sign-in call, so that browser keeps a sign-in budget of its own however many others fail.
 */
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types'
import { isLoopbackHttp } from './session'

/** The header the gateway reads the device token from (docs/gateway-contract.md#auth). */
const DEVICE_HEADER = 'x-device-token'
/** As long as the gateway trusts the device after a sign-in. */
const DEVICE_MAX_AGE_S = 90 * 24 * 60 * 60

/**
 * `__Host-` pins the cookie to this host over https; browsers refuse it on plain-http loopback, which gets a plain
 * name.
 */
function cookieName(c: Context): string {
  return isLoopbackHttp(c) ? 'device' : '__Host-device'
}

/** The header carrying this browser's device token to the sign-in call, if it has one. */
export function deviceHeaders(c: Context<AppEnv>): Record<string, string> {
  const token = getCookie(c, cookieName(c))
  return token ? { [DEVICE_HEADER]: token } : {}
}

/** Keeps a device token the gateway answered a successful sign-in with. */
export function setDeviceCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, cookieName(c), token, {
    path: '/',
    httpOnly: true,
    secure: !isLoopbackHttp(c),
    sameSite: 'Lax',
    maxAge: DEVICE_MAX_AGE_S,
  })
}
