/** The portal worker: security headers → locale → route → validation → session → guards → loader → stream. */
import { Hono } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { TOKEN_COOKIE } from '../shared/constants'
import type { PagePayload } from '../shared/state'
import { readConfig } from './env'
import { gatewayFor } from './gateway'
import { negotiateLocale } from './middleware/locale'
import { resolvePage } from './page'
import { renderPage } from './render'
import type { AppEnv } from './types'
import { createUpstreamFetch } from './upstream'

export function createApp() {
  const app = new Hono<AppEnv>()

  app.use('*', async function loadConfig(c, next) {
    c.set('config', readConfig(c.env))
    await next()
  })

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [NONCE, "'strict-dynamic'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    }),
  )

  app.all('/gateway/*', async (c) => {
    const url = new URL(c.req.url)
    const upstream = createUpstreamFetch(c.env, c.get('config'))
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    const token = getCookie(c, TOKEN_COOKIE)
    if (token && !headers.has('authorization') && !url.pathname.includes('public') && !url.search.includes('public')) {
      headers.set('authorization', `Bearer ${token}`)
    }
    const res = await upstream(url.href, { method: c.req.method, headers, body: c.req.raw.body })
    return new Response(res.body, res)
  })

  app.delete('/_app/session', async (c) => {
    const token = getCookie(c, TOKEN_COOKIE)
    if (token) {
      c.set('locale', 'en')
      c.set('token', token)
      await gatewayFor(c, { withToken: true }).request('POST', '/core/auth/logout').catch(() => undefined)
    }
    deleteCookie(c, TOKEN_COOKIE, { path: '/' })
    return c.json({ result: { code: 'ok', description: '' }, content: null })
  })

  app.use('*', negotiateLocale({ defaultLocale: (c) => c.get('config').defaultLocale }))

  app.get('*', async (c) => {
    const url = new URL(c.req.url)
    const isPayload = url.pathname.endsWith('/_payload.json')
    const pathname = isPayload ? url.pathname.slice(0, -'/_payload.json'.length) || '/' : url.pathname
    if (isPayload) {
      const rest = c.get('rest').slice(0, -'/_payload.json'.length)
      c.set('rest', rest || '/')
    }
    const resolved = await resolvePage(c, pathname, url.searchParams)
    if (isPayload) {
      c.header('cache-control', 'no-store')
      if (resolved.kind === 'redirect') return c.json({ redirect: resolved.location, route: null, error: null, payloads: {} })
      const deferred = Object.fromEntries(await Promise.all([...resolved.deferred].map(async ([k, p]) => [k, await p] as const)))
      const body: PagePayload = { route: resolved.route, error: resolved.error, payloads: { ...resolved.payloads, ...deferred } }
      return c.json(body, resolved.status as 200)
    }
    if (resolved.kind === 'redirect') return c.redirect(resolved.location, 302)
    return renderPage(c, resolved)
  })

  app.onError((err, c) => {
    console.error(JSON.stringify({ level: 'error', msg: 'unhandled', path: new URL(c.req.url).pathname, error: err.message, stack: err.stack }))
    return c.json({ result: { code: 'internal_error', description: 'internal_error' }, content: null }, 500)
  })

  return app
}
