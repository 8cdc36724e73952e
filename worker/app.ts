/**
 * The portal worker (docs/architecture.md#request): request id and log → security headers → the gateway proxy and the
 * `_app` endpoints (realtime sockets and publishes, the content version's push among them) → remembered documents →
 * locale → session → the page pipeline (match → validate → guards → rules → data plan → render).
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { handleErrors } from '../platform/errors'
import { logRequests } from '../platform/request-log'
import { PUBLISH_MAX_BYTES, REALTIME_PATH, REALTIME_PUBLISH_PATH } from '../shared/realtime/realtime'
import { pagePathOfPayload } from '../shared/routing/payload-path'
import { CONTENT_VERSION_PUSH_PATH, serveVersionPush } from './endpoints/content-version-push'
import { serveFeed } from './endpoints/feeds'
import { serveBuild, serveHealth } from './endpoints/health'
import { serveIcons } from './endpoints/icons'
import { serveDownload } from './endpoints/open-data'
import { servePayload } from './endpoints/payload-endpoint'
import { servePushWorker } from './endpoints/push-worker'
import { serveRobots, serveSitemap, serveSitemapPart } from './endpoints/sitemap'
import {
  serveOneClickUnsubscribe,
  showUnsubscribePage,
  UNSUBSCRIBE_MAX_BYTES,
  UNSUBSCRIBE_PATH,
} from './endpoints/unsubscribe'
import { readConfig } from './env'
import { redirectToCanonicalIds } from './http/canonical-ids'
import { errorEnvelope } from './http/envelope'
import { negotiateLocale } from './http/locale'
import { requireSameOrigin } from './http/same-origin'
import { vendorSrc } from './http/vendor-csp'
import { handleAction } from './page/action-handler'
import { resolvePage } from './page/page'
import { serverTiming, summariseOutcomes } from './payloads/payloads'
import { PREVIEW_PARAM, readPreviewToken } from './payloads/preview'
import { servePublish, serveRealtimeSocket } from './realtime/endpoints'
import { answerRememberedDocuments } from './render/document-door'
import { renderPage } from './render/render'
import { clearSessionCookie, readSessionToken, resolveSession } from './session/session'
import { serveCard } from './share/card'
import type { AppEnv } from './types'
import { gatewayFor } from './upstream/gateway'
import { devHelpersProxy, gatewayProxy } from './upstream/proxy'

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
    requestId(),
    logRequests<AppEnv>({
      afterResponse: true,
      fields: (c) => ({
        route: c.get('routeId') ?? null,
        cache: summariseOutcomes(c.get('cacheOutcomes')),
        upstreamMs: c.get('timings').reduce((sum, [name, ms]) => (name === 'upstream' ? sum + ms : sum), 0),
      }),
    }),
  )

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [NONCE, "'strict-dynamic'", vendorSrc('script-src')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', vendorSrc('img-src')],
        connectSrc: ["'self'", vendorSrc('connect-src')],
        frameSrc: ["'self'", vendorSrc('frame-src')],
        // The push service worker and the map's worker (a hashed module of the build) are same-origin scripts the
        // nonce-only script-src would otherwise refuse.
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

  // Cache outcomes and upstream timings are for debugging only: they describe the infrastructure to anyone asking.
  app.use('*', async function debugHeaders(c, next) {
    await next()
    if (!c.get('config').debugHeaders) return
    c.res.headers.set('x-payload-cache', summariseOutcomes(c.get('cacheOutcomes')))
    c.res.headers.set('server-timing', serverTiming(c.get('timings')))
  })

  app.all('/gateway/*', gatewayProxy())
  app.all('/_dev/*', devHelpersProxy())

  app.get('/_app/health', serveHealth)
  app.get('/_app/build', serveBuild)
  app.get('/_app/icons', serveIcons)
  app.get('/_app/card/*', serveCard)
  app.get('/firebase-messaging-sw.js', servePushWorker)
  app.get(REALTIME_PATH, serveRealtimeSocket)
  // A publish is small: its body is bounded while it arrives, before the signature is checked
  // (docs/security.md#realtime).
  app.post(
    REALTIME_PUBLISH_PATH,
    bodyLimit({ maxSize: PUBLISH_MAX_BYTES, onError: (c) => errorEnvelope(c, 413, 'payload_too_large') }),
    servePublish,
  )
  app.post(
    CONTENT_VERSION_PUSH_PATH,
    bodyLimit({ maxSize: PUBLISH_MAX_BYTES, onError: (c) => errorEnvelope(c, 413, 'payload_too_large') }),
    serveVersionPush,
  )

  // RFC 8058 one-click unsubscribe: a mail client's POST carries no Origin, so its signed token authorises it in place
  // of the same-origin check (docs/security.md#one-click-unsubscribe).
  app.get(UNSUBSCRIBE_PATH, showUnsubscribePage)
  app.post(
    UNSUBSCRIBE_PATH,
    bodyLimit({ maxSize: UNSUBSCRIBE_MAX_BYTES, onError: (c) => errorEnvelope(c, 413, 'payload_too_large') }),
    serveOneClickUnsubscribe,
  )

  app.delete('/_app/session', requireSameOrigin({ scriptOnly: true }), async (c) => {
    const token = await readSessionToken(c)
    if (token) {
      c.set('locale', 'en')
      // A failed sign-out at the gateway changes nothing here: the cookie goes either way.
      await gatewayFor(c, { token }).request('POST', '/core/auth/logout')
    }
    clearSessionCookie(c)
    return c.json({ result: { code: 'ok', description: '' }, content: null })
  })

  app.get('/sitemap.xml', serveSitemap)
  app.get('/sitemap/:file', serveSitemapPart)
  app.get('/robots.txt', serveRobots)

  // A page an anonymous reader asks for again, from the isolate's memory before the pipeline runs
  // (docs/decisions/0023-document-memory.md#at-the-door).
  app.get('*', answerRememberedDocuments())
  app.use('*', negotiateLocale({ defaultLocale: (c) => c.get('config').defaultLocale }))
  app.get('*', redirectToCanonicalIds())

  // Files that are not pages, per language (docs/product.md#feeds, #open-data); a name they do not know falls through.
  app.get('/:locale/feed/:file', serveFeed)
  app.get('/:locale/open-data/:file', serveDownload)

  app.get('*', resolveSession(), async (c) => {
    const url = new URL(c.req.url)
    const pagePath = pagePathOfPayload(url.pathname)
    if (pagePath !== null) return servePayload(c, pagePath)
    // A preview link (docs/decisions/0031-publishing.md): the token leaves the address the page is drawn for, so no
    // route state, link or share tag carries it; the request then bypasses every cache and is kept out of indexes.
    if (url.searchParams.has(PREVIEW_PARAM)) {
      c.set('preview', readPreviewToken(url.searchParams, Date.now()))
      url.searchParams.delete(PREVIEW_PARAM)
      if (c.get('preview')) c.header('x-robots-tag', 'noindex')
    }
    const resolved = await resolvePage(c, url.pathname, url.searchParams)
    if (resolved.kind === 'redirect') return c.redirect(resolved.location, 302)
    const code = c.get('ruleCode')
    return renderPage(c, code ? { ...resolved, form: { values: {}, errors: {}, code } } : resolved)
  })

  app.post('*', requireSameOrigin({ scriptOnly: false }), resolveSession(), handleAction)

  app.onError(handleErrors<AppEnv>({ unexpected: (c) => errorEnvelope(c, 500, 'internal_error') }))

  return app
}
