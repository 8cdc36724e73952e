/**
 * `/gateway/*` → the pinned upstream (docs/security.md#proxy): one canonical path decides everything, only the
 * contract's prefixes pass, header hygiene both ways, the bearer from the HttpOnly cookie, CSRF, bounded bodies, and
 * the session cookie around the sign-in exchange. `/_dev/*` reaches the reference gateway's `/dev/*` helpers in local
 * mode only.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { bodyLimitFor, EDGE_ONLY_CALLS, isUpstreamPath } from '../../shared/gateway/gateway-paths'
import { isPublicUrl } from '../../shared/keys/api-keys'
import { isSameOriginPath } from '../../shared/routing/safe-path'
import { errorEnvelope } from '../http/envelope'
import { isSameOriginWrite } from '../http/same-origin'
import { deviceHeaders, setDeviceCookie } from '../session/device-cookie'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../session/session'
import { signInPlaceHeaders } from '../session/sign-in-place'
import type { AppEnv } from '../types'
import { createUpstreamFetch } from './upstream'

/** Methods the proxy forwards; anything else is 405. */
const PROXY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD'])

/**
 * Headers the upstream may see; everything else (Cookie, X-Forwarded-*, internal headers) stays at the edge. A
 * client's own `Authorization` is never among them: the bearer comes from the HttpOnly cookie alone, so no caller
 * chooses whose session or which credential the upstream sees (docs/security.md#proxy).
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'if-none-match',
  'if-modified-since',
  'range',
]
/**
 * Response headers never passed back: hop-by-hop (RFC 9110 §7.6.1), cookies for the upstream's own origin, and
 * anything that describes the upstream. `Access-Control-*` is dropped by prefix: the portal is same-origin, and an
 * upstream's CORS grant must not become the portal's.
 */
const DROPPED_RESPONSE_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'server',
  'x-powered-by',
  'alt-svc',
]

/**
 * Security headers the portal sets itself on every answer (`secureHeaders` in `app.ts`): an upstream's own are dropped,
 * so `Strict-Transport-Security: max-age=0` or `X-Frame-Options: ALLOWALL` from an upstream never reach the browser
 * (docs/security.md#proxy).
 */
const PORTAL_SECURITY_HEADERS = [
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'content-security-policy-report-only',
]

/**
 * The policy of every proxied answer. An upstream's own policy is sent beside it as a second one, which browsers
 * enforce as well: it can only tighten (an uploaded file's sandbox stays), never loosen (`default-src *`).
 */
const PROXIED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The sign-in exchange through the proxy: its token goes into the HttpOnly cookie, never into the page. */
const LOGIN_PATH = '/core/auth/login'
const LOGOUT_PATH = '/core/auth/logout'
/** Answers under this prefix are read and any `token` in their content removed before the browser sees them. */
const TOKEN_BEARING_PREFIX = '/core/'

/**
 * The canonical form of a path below `prefix`, or null when it could climb out of the upstream's base path or smuggle
 * a separator: each segment is percent-decoded once and encoded again, so `/core/auth/%6cogin` is `/core/auth/login`
 * for every decision the proxy makes and for the upstream alike. A trailing slash is dropped before any of them, so
 * `/core/auth/` is the edge-only `/core/auth` (docs/security.md#proxy), whatever an upstream's routing makes of it.
 */
export function canonicalPath(rawPathname: string, prefix: string): string | null {
  if (!rawPathname.startsWith(`${prefix}/`)) return null
  const segments = rawPathname.slice(prefix.length + 1).split('/')
  const out: string[] = []
  for (const [i, segment] of segments.entries()) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return null
    }
    // An empty segment (`//`) is only allowed as a trailing slash, which the canonical path does not keep.
    if (decoded === '' && i === segments.length - 1 && i > 0) break
    if (decoded === '' && i !== segments.length - 1) return null
    if (decoded === '.' || decoded === '..' || /[/\\@\u0000-\u001f\u007f]/.test(decoded)) return null
    out.push(encodeURIComponent(decoded))
  }
  return `/${out.join('/')}`
}

type Forward = Readonly<{ path: string; search: string; method: string; withToken: boolean }>

/** Sends the request on to the upstream with the allowed headers; reads are bounded by `UPSTREAM_TIMEOUT_MS`. */
async function forward(c: Context<AppEnv>, target: Forward): Promise<Response> {
  const url = new URL(c.req.url)
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  const token = await readSessionToken(c)
  if (target.withToken && token && !isPublicUrl(target.path + target.search))
    headers.set('authorization', `Bearer ${token}`)
  // Only the sign-in call learns this browser's device token (docs/security.md#sign-in-throttling), and where the
  // sign-in comes from (docs/gateway-contract.md#sessions).
  if (target.method === 'POST' && target.path === LOGIN_PATH)
    for (const [name, value] of Object.entries({ ...deviceHeaders(c), ...signInPlaceHeaders(c) }))
      headers.set(name, value)
  const ip = c.req.header('cf-connecting-ip')
  if (ip) headers.set('x-forwarded-for', ip)
  headers.set('x-forwarded-proto', url.protocol.slice(0, -1))
  headers.set('x-forwarded-host', url.host)
  const upstream = createUpstreamFetch(c.env, c.get('config'))
  const body = READ_METHODS.has(target.method) ? undefined : await c.req.arrayBuffer()
  // Reads get the edge's bound until the upstream answers; the body then streams unbounded (large downloads).
  // Writes are not cut short: the upstream may still be processing them.
  const answered = new AbortController()
  const timer = READ_METHODS.has(target.method)
    ? setTimeout(() => answered.abort(), c.get('config').upstreamTimeoutMs)
    : null
  try {
    return await upstream(`http://portal.internal/gateway${target.path}${target.search}`, {
      method: target.method,
      headers,
      body,
      signal: answered.signal,
    })
  } catch {
    return answered.signal.aborted ? errorEnvelope(c, 504, 'upstream_timeout') : errorEnvelope(c, 502, 'bad_gateway')
  } finally {
    if (timer !== null) clearTimeout(timer)
  }
}

/** Runs `handler` under the body limit of `path` (for every method: a GET with a body is bounded too). */
async function withBodyLimit(c: Context<AppEnv>, path: string, handler: () => Promise<Response>): Promise<Response> {
  const limited = bodyLimit({
    maxSize: bodyLimitFor(path),
    onError: (ctx) => errorEnvelope(ctx, 413, 'payload_too_large'),
  })
  let out: Response | undefined
  const refused = await limited(c, async () => {
    out = await handler()
  })
  return out ?? refused ?? errorEnvelope(c, 400, 'bad_request')
}

export function gatewayProxy(): MiddlewareHandler<AppEnv> {
  return async function gatewayProxyHandler(c) {
    c.set('routeId', 'gateway')
    const path = canonicalPath(new URL(c.req.url).pathname, '/gateway')
    if (path === null) return errorEnvelope(c, 400, 'bad_request')
    const method = c.req.method.toUpperCase()
    if (!isUpstreamPath(path) || EDGE_ONLY_CALLS.some(([m, p]) => m === method && p === path))
      return errorEnvelope(c, 404, 'not_found')
    if (!PROXY_METHODS.has(method)) return errorEnvelope(c, 405, 'method_not_allowed')
    if (!READ_METHODS.has(method) && !isSameOriginWrite(c, { scriptOnly: true }))
      return errorEnvelope(c, 403, 'csrf_forbidden')
    const search = new URL(c.req.url).search
    return withBodyLimit(c, path, async () =>
      relay(c, path, method, await forward(c, { path, search, method, withToken: true })),
    )
  }
}

/**
 * `/_dev/*` → the reference gateway's `/dev/*` (mail outbox, OneID stand-in, moderation, seeding). The route exists
 * only when the portal runs in local mode (`DEV_MODE` "1") on the bundled gateway; otherwise (or with
 * `GATEWAY_ORIGIN` naming another upstream, whose data is not ours to seed or wipe) it is the same 404 as any unknown
 * path.
 */
export function devHelpersProxy(): MiddlewareHandler<AppEnv> {
  return async function devHelpersProxyHandler(c) {
    c.set('routeId', 'dev')
    // The helpers are the bundled reference gateway's; another upstream (GATEWAY_ORIGIN) is never sent them.
    if (!c.get('config').devMode || c.get('config').gatewayOrigin) return errorEnvelope(c, 404, 'not_found')
    const below = canonicalPath(new URL(c.req.url).pathname, '/_dev')
    if (below === null) return errorEnvelope(c, 400, 'bad_request')
    const method = c.req.method.toUpperCase()
    if (!PROXY_METHODS.has(method)) return errorEnvelope(c, 405, 'method_not_allowed')
    if (!READ_METHODS.has(method) && !isSameOriginWrite(c, { scriptOnly: true }))
      return errorEnvelope(c, 403, 'csrf_forbidden')
    const path = `/dev${below}`
    // The helpers' own pages (the OneID stand-in) keep their policy: they exist only on a developer's machine.
    return withBodyLimit(c, path, async () =>
      relay(c, path, method, await forward(c, { path, search: new URL(c.req.url).search, method, withToken: false }), {
        ownPolicy: false,
      }),
    )
  }
}

async function relay(
  c: Context<AppEnv>,
  path: string,
  method: string,
  res: Response,
  opts: { ownPolicy: boolean } = { ownPolicy: true },
): Promise<Response> {
  const headers = new Headers(res.headers)
  for (const name of DROPPED_RESPONSE_HEADERS) headers.delete(name)
  for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name)
  for (const name of PORTAL_SECURITY_HEADERS) headers.delete(name)
  const upstreamPolicy = headers.get('content-security-policy')
  if (opts.ownPolicy) {
    headers.set('content-security-policy', PROXIED_CSP)
    if (upstreamPolicy) headers.append('content-security-policy', upstreamPolicy)
  }
  const location = headers.get('location')
  // Upstream redirects are not followed, and only same-origin paths may pass through.
  if (location && !isSameOriginPath(location)) headers.delete('location')
  // Personal answers (not public URLs) must not be stored by the browser or anything between.
  if (!isPublicUrl(path)) headers.set('cache-control', 'no-store')

  let body: BodyInit | null = res.body
  if (path.startsWith(TOKEN_BEARING_PREFIX) && (headers.get('content-type') ?? '').includes('json')) {
    const text = await res.text()
    body = text
    try {
      const data = JSON.parse(text) as { content?: unknown } | null
      const content = data?.content
      if (content && typeof content === 'object' && ('token' in content || 'device' in content)) {
        const { token, device } = content as { token?: unknown; device?: unknown }
        const signedIn = method === 'POST' && path === LOGIN_PATH && res.ok
        if (signedIn && typeof token === 'string' && token) await setSessionCookie(c, token)
        if (signedIn && typeof device === 'string' && device) setDeviceCookie(c, device)
        // The browser never sees a token: each lives only in its HttpOnly cookie.
        delete (content as { token?: unknown }).token
        delete (content as { device?: unknown }).device
        body = JSON.stringify(data)
      }
    } catch {
      // Not JSON after all: passed on as it came.
    }
    headers.delete('content-length')
  }
  if (method === 'POST' && path === LOGOUT_PATH) clearSessionCookie(c)
  const out = new Response(body, { status: res.status, statusText: res.statusText, headers })
  for (const cookie of c.res.headers.getSetCookie()) out.headers.append('set-cookie', cookie)
  return out
}
