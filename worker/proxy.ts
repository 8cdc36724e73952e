/** `/gateway/*` → the pinned upstream (SPEC §6, §7; issue #4): header hygiene, bearer, CSRF, body limits, session cookie. */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../shared/constants'
import { setSessionCookie, clearSessionCookie } from './session'
import type { AppEnv } from './types'
import { createUpstreamFetch } from './upstream'

const MB = 1024 * 1024

/** Request body limits that match the gateway's upload limits (GATEWAY.md), plus room for multipart framing. */
export function bodyLimitFor(path: string): number {
  if (path === '/document/project/presentation') return 3 * 25 * MB + MB
  if (path === '/document/project/upload') return 10 * MB + MB
  if (path === '/document/public/event-application') return 2 * 10 * MB + MB
  return MB
}

/** Headers the upstream may see; everything else (Cookie, X-Forwarded-*, internal headers) stays at the edge. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'authorization', 'content-type', 'content-length', 'if-none-match', 'if-modified-since', 'range']
/** Response headers never passed back: hop-by-hop (RFC 9110 §7.6.1) and cookies for the upstream's own origin. */
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'set-cookie', 'server', 'x-powered-by', 'alt-svc']

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function envelope(c: Context, status: 400 | 403 | 404 | 413 | 502 | 504, code: string) {
  return c.json({ result: { code, description: code }, content: null }, status)
}

/** The path below `/gateway`, or null when it could climb out of the upstream's base path or smuggle a separator. */
export function gatewayPath(rawPathname: string): string | null {
  const below = rawPathname.slice('/gateway'.length)
  if (!below.startsWith('/') || below.startsWith('//')) return null
  if (/%2f|%5c|\\|%00/i.test(below)) return null
  for (const seg of below.split('/')) {
    let decoded: string
    try {
      decoded = decodeURIComponent(seg)
    } catch {
      return null
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('@')) return null
  }
  return below
}

/**
 * State-changing calls must come from our own pages: same-origin `Origin` (or `Sec-Fetch-Site: same-origin`) and a
 * header a cross-site form cannot send (JSON content type or `X-Requested-With`).
 */
export function isSameOriginWrite(c: Context): boolean {
  const origin = c.req.header('origin')
  const own = new URL(c.req.url).origin
  const site = c.req.header('sec-fetch-site')
  const sameOrigin = origin ? origin === own : site === 'same-origin'
  if (!sameOrigin) return false
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || c.req.header('x-requested-with') === 'invest-portal'
}

const AUTH_EXCHANGES = new Set(['/core/auth/login', '/core/auth'])

export function gatewayProxy(): MiddlewareHandler<AppEnv> {
  return async function gatewayProxyHandler(c) {
    const url = new URL(c.req.url)
    const below = gatewayPath(url.pathname)
    if (below === null) return envelope(c, 400, 'bad_request')
    const method = c.req.method.toUpperCase()
    if (UNSAFE_METHODS.has(method) && !isSameOriginWrite(c)) return envelope(c, 403, 'csrf_forbidden')

    const forward = async () => {
      const headers = new Headers()
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = c.req.header(name)
        if (value) headers.set(name, value)
      }
      const token = getCookie(c, TOKEN_COOKIE)
      if (token && !headers.has('authorization') && !(url.pathname + url.search).includes('public')) headers.set('authorization', `Bearer ${token}`)
      const ip = c.req.header('cf-connecting-ip')
      if (ip) headers.set('x-forwarded-for', ip)
      headers.set('x-forwarded-proto', url.protocol.slice(0, -1))
      headers.set('x-forwarded-host', url.host)
      const upstream = createUpstreamFetch(c.env, c.get('config'))
      const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
      // Reads get the edge's bound until the upstream answers; the body then streams unbounded (large downloads).
      // Writes are not cut short: the upstream may still be processing them.
      const answered = new AbortController()
      const timer = method === 'GET' || method === 'HEAD' ? setTimeout(() => answered.abort(), c.get('config').upstreamTimeoutMs) : null
      let res: Response
      try {
        res = await upstream(`http://portal.internal/gateway${below}${url.search}`, { method, headers, body, signal: answered.signal })
      } catch {
        return answered.signal.aborted ? envelope(c, 504, 'upstream_timeout') : envelope(c, 502, 'bad_gateway')
      } finally {
        if (timer !== null) clearTimeout(timer)
      }
      return relay(c, below, method, res)
    }
    if (!UNSAFE_METHODS.has(method)) return forward()
    const limited = bodyLimit({ maxSize: bodyLimitFor(below), onError: (ctx) => envelope(ctx, 413, 'payload_too_large') })
    let out: Response | undefined
    const res = await limited(c, async () => {
      out = await forward()
    })
    return res ?? out!
  }
}

async function relay(c: Context<AppEnv>, below: string, method: string, res: Response): Promise<Response> {
  const headers = new Headers(res.headers)
  for (const name of DROPPED_RESPONSE_HEADERS) headers.delete(name)
  const location = headers.get('location')
  // Upstream redirects are not followed, and only same-origin paths may pass through. URL parsers drop tabs and
  // newlines, so a control character would let `/\t/host` read as `//host`.
  if (location && (!/^\/(?![\\/])/.test(location) || /[\u0000-\u001f\u007f]/.test(location))) headers.delete('location')

  if (method === 'POST' && AUTH_EXCHANGES.has(below) && res.ok) {
    const data = (await res.json().catch(() => null)) as { result?: { code?: string }; content?: { token?: string } | null } | null
    const token = data?.content && typeof data.content === 'object' ? data.content.token : undefined
    if (typeof token === 'string' && token) {
      setSessionCookie(c, token)
      // The browser never sees the token: it lives only in the HttpOnly cookie.
      delete data!.content!.token
    }
    headers.delete('content-length')
    for (const [k, v] of headers) c.header(k, v)
    return c.json(data, res.status as 200)
  }
  if (method === 'POST' && below === '/core/auth/logout') clearSessionCookie(c)
  const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  for (const cookie of c.res.headers.getSetCookie()) out.headers.append('set-cookie', cookie)
  return out
}
