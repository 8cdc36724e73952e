/** The portal worker: security headers → locale → route → validation → session → guards → loader → stream. */
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { TOKEN_COOKIE } from '../shared/constants'
import type { PagePayload } from '../shared/state'
import { handleAction } from './action-handler'
import { readConfig } from './env'
import { gatewayFor } from './gateway'
import { negotiateLocale } from './middleware/locale'
import { resolvePage } from './page'
import { serverTiming, summariseOutcomes } from './payloads'
import { clearSessionCookie } from './session'
import { renderPage } from './render'
import { serveRobots, serveSitemap } from './sitemap'
import type { AppEnv } from './types'
import { serveIcons } from './icons'
import { gatewayProxy, isSameOriginWrite } from './proxy'
import { servePushWorker } from './push-worker'
import { vendorSrc } from './vendor-csp'

export function createApp() {
  const app = new Hono<AppEnv>()

  app.use('*', async function loadConfig(c, next) {
    c.set('config', readConfig(c.env))
    c.set('cacheOutcomes', [])
    c.set('timings', [])
    await next()
  })

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [NONCE, "'strict-dynamic'", vendorSrc('script-src')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", vendorSrc('connect-src')],
        frameSrc: ["'self'", vendorSrc('frame-src')],
        // The push service worker is a same-origin script the nonce-only script-src would otherwise refuse.
        workerSrc: ["'self'"],
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
      // Routes may tighten a header (e.g. no-referrer on reset-password); the defaults fill the rest.
      overwrite: false,
    }),
  )

  app.all('/gateway/*', gatewayProxy())

  app.get('/_app/health', (c) => {
    c.header('cache-control', 'no-store')
    return c.text('ok')
  })

  app.get('/_app/icons', serveIcons)

  app.get('/firebase-messaging-sw.js', servePushWorker)

  app.delete('/_app/session', async (c) => {
    if (!isSameOriginWrite(c)) return c.json({ result: { code: 'csrf_forbidden', description: 'csrf_forbidden' }, content: null }, 403)
    const token = getCookie(c, TOKEN_COOKIE)
    if (token) {
      c.set('locale', 'en')
      c.set('token', token)
      await gatewayFor(c, { withToken: true }).request('POST', '/core/auth/logout').catch(() => undefined)
    }
    clearSessionCookie(c)
    return c.json({ result: { code: 'ok', description: '' }, content: null })
  })

  app.get('/sitemap.xml', serveSitemap)
  app.get('/robots.txt', serveRobots)

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
    c.header('x-payload-cache', summariseOutcomes(c.get('cacheOutcomes')))
    c.header('server-timing', serverTiming(c.get('timings')))
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

  app.post('*', handleAction)

  app.onError((err, c) => {
    console.error(JSON.stringify({ level: 'error', msg: 'unhandled', path: new URL(c.req.url).pathname, error: err.message, stack: err.stack }))
    return c.json({ result: { code: 'internal_error', description: 'internal_error' }, content: null }, 500)
  })

  return app
}
