/**
 * Cross-site request forgery (docs/security.md#csrf): a state-changing request must come from our own pages. The
 * browser's `Origin` (or `Sec-Fetch-Site: same-origin` where it sends none, or `null`) must be ours; calls made by
 * script must
 * also carry something a cross-site form cannot send: a JSON content type or our marker header.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { CSRF_HEADER, CSRF_MARKER } from '../../shared/gateway/gateway-client'
import { errorEnvelope } from './envelope'

export type SameOriginOptions = Readonly<{
  /** Script calls (the proxy, the session endpoint): a JSON body or the marker header is required too. */
  scriptOnly: boolean
}>

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** True when the request may change state on behalf of the visitor's cookies. */
export function isSameOriginWrite(c: Context, options: SameOriginOptions): boolean {
  // A page served with `Referrer-Policy: no-referrer` (reset-password) makes the browser send `Origin: null` on its own
  // form posts; `Sec-Fetch-Site` still tells ours from a cross-site (or opaque-origin) page's, so it decides then.
  const origin = c.req.header('origin')
  const sameOrigin =
    origin && origin !== 'null'
      ? origin === new URL(c.req.url).origin
      : c.req.header('sec-fetch-site') === 'same-origin'
  if (!sameOrigin) return false
  if (!options.scriptOnly) return true
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || c.req.header(CSRF_HEADER) === CSRF_MARKER
}

/** Refuses unsafe methods that fail `isSameOriginWrite` with 403 `csrf_forbidden`; safe methods pass. */
export function requireSameOrigin(options: SameOriginOptions): MiddlewareHandler {
  const frozen = Object.freeze({ ...options })
  return async function requireSameOriginMiddleware(c, next) {
    if (UNSAFE_METHODS.has(c.req.method.toUpperCase()) && !isSameOriginWrite(c, frozen))
      return errorEnvelope(c, 403, 'csrf_forbidden')
    await next()
  }
}
