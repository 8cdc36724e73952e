/** The reference gateway: every call of docs/gateway-contract.md on D1 and R2, answering in the upstream envelope. */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { handleErrors } from '../../platform/errors'
import { logRequests } from '../../platform/request-log'
import { handleExportQueue } from './areas/account/exports'
import { accountRoutes } from './areas/account/routes'
import { appealRoutes, publicAppealRoutes } from './areas/appeals/routes'
import { authRoutes } from './areas/auth/routes'
import { downloadRoutes } from './areas/content/downloads'
import { guideRoutes, placesRoutes } from './areas/content/guide'
import { mediaRoutes } from './areas/content/media'
import { contentVersionRoutes, readPreviewToken } from './areas/content/routes'
import { serviceRoutes } from './areas/content/services'
import { tradingRoutes } from './areas/content/trading'
import { documentRoutes } from './areas/documents/routes'
import { enquiryRoutes } from './areas/enquiries/routes'
import { feedbackRoutes } from './areas/feedback/routes'
import { formRoutes } from './areas/forms/routes'
import { handleMailQueue } from './areas/mail/queue'
import { mailRoutes } from './areas/mail/routes'
import { notificationRoutes } from './areas/notifications/routes'
import { operatorRoutes } from './areas/operators/routes'
import { personalRoutes } from './areas/personal/routes'
import { profileRoutes } from './areas/profile/routes'
import { PUBLISHABLE_KINDS } from './areas/publishing/kinds'
import { publishDue } from './areas/publishing/publishing'
import { CONTENT_UPLOAD_BODY_LIMIT } from './areas/publishing/uploads'
import { readContentVersion } from './areas/publishing/version'
import { runRetention } from './areas/retention/retention'
import { createDevApp } from './dev/index'
import { scheduleVersionPush } from './integrations/realtime'
import { assertSafeToStart, readConfig } from './lib/config'
import type { AppEnv } from './lib/context'
import { fail, GatewayError } from './lib/envelope'

assertSafeToStart(env as unknown as Record<string, unknown>)

const MB = 1024 * 1024

/** The export queue's name starts so in every environment (`invest-portal-exports`, `…-exports-staging`). */
const EXPORT_QUEUE_PREFIX = 'invest-portal-exports'

/** The daily clean-up's trigger (wrangler.toml `[triggers]`); every trigger also publishes what is due. */
const RETENTION_CRON = '30 21 * * *'

/** Whole-body caps; upload routes allow their files plus multipart overhead, everything else is JSON. */
const UPLOAD_BODY_LIMITS: Record<string, number> = {
  '/document/project/upload': 11 * MB,
  '/document/project/presentation': 3 * 25 * MB + MB,
  '/document/public/event-application': 2 * 10 * MB + MB,
  '/core/operator/content/files': CONTENT_UPLOAD_BODY_LIMIT,
}

const jsonBodyLimit = bodyLimit({ maxSize: MB, onError: (c) => fail(c, 413, 'payload_too_large') })
const uploadBodyLimits = Object.fromEntries(
  Object.entries(UPLOAD_BODY_LIMITS).map(([path, maxSize]) => [
    path,
    bodyLimit({ maxSize, onError: (c) => fail(c, 413, 'file_too_large') }),
  ]),
)

/**
 * The development helpers, only in a development build (`__GATEWAY_DEV__`, set by vite.config.ts from CLOUDFLARE_ENV):
 * in a production build the condition is false at build time and the bundler drops `dev/` and the seed files.
 */
const dev = __GATEWAY_DEV__ ? createDevApp() : null

const app = new Hono<AppEnv>()

app.use(requestId(), logRequests<AppEnv>({ fields: (c) => ({ route: c.req.routePath }) }))
// Every request checks the configuration, so an unsafe one (DEV_MODE on a public origin) serves nothing at all.
app.use(async (c, next) => {
  readConfig(c.env)
  await next()
})
app.use((c, next) => (uploadBodyLimits[c.req.path] ?? jsonBodyLimit)(c, next))
if (dev) {
  const { seams } = dev
  app.use(async (c, next) => {
    c.set('dev', seams)
    await next()
  })
}

// The areas, each mounted by its prefix (docs/gateway-contract.md).
app.route('/core/auth', authRoutes)
app.route('/core/profile', profileRoutes)
app.route('/core/account', accountRoutes)
app.route('/core/mail', mailRoutes)
app.route('/siw/notification', notificationRoutes)
app.route('/siw/public', publicAppealRoutes)
app.route('/siw/appeal', appealRoutes)
app.route('/siw/personal', personalRoutes)
app.route('/siw/public', formRoutes)
app.route('/siw/enquiry', enquiryRoutes)
app.route('/siw/public', feedbackRoutes)
app.route('/core/operator', operatorRoutes)
app.route('/document', documentRoutes)
if (dev) app.route('/dev', dev.routes)
// The content calls see an unpublished item only with a valid preview token (docs/gateway-contract.md#preview).
app.use('/siw/public/*', readPreviewToken)
app.route('/core/content', contentVersionRoutes)
app.route('/siw/public', mediaRoutes)
app.route('/siw/public', guideRoutes)
app.route('/siw/public', serviceRoutes)
app.route('/integration/public/territorial-entity', placesRoutes)
app.route('/integration/public/integration', tradingRoutes)
app.route('/document/public', downloadRoutes)

app.notFound((c) => fail(c, 404, 'not_found'))

app.onError(
  handleErrors<AppEnv>({
    expected: (err, c) => {
      if (err instanceof GatewayError) return fail(c, err.status, err.code, err.description, err.errors, err.content)
      if (err instanceof HTTPException && err.status < 500)
        return fail(c, err.status as ContentfulStatusCode, 'bad_request')
      return null
    },
    // The caller sees only the code (ASVS V16.5).
    unexpected: (c) => fail(c, 500, 'internal_error'),
  }),
)

export default {
  fetch: app.fetch,
  // The export queue (docs/decisions/0050-data-export.md), and the mail queue and its dead-letter queue
  // (docs/decisions/0027-mail-delivery.md).
  queue: (batch, env) =>
    batch.queue.startsWith(EXPORT_QUEUE_PREFIX) ? handleExportQueue(batch, env) : handleMailQueue(batch, env),
  // Scheduled publication at every trigger (docs/operations.md#scheduled-publication), and the daily clean-up
  // (docs/operations.md#retention) on its own.
  scheduled: (controller, env, ctx) => {
    const now = new Date(controller.scheduledTime)
    // What the trigger published moved the content version: the portal is told, as after an editor's publish.
    const scope = { env, executionCtx: ctx, requestId: `scheduled-${controller.scheduledTime}` }
    ctx.waitUntil(
      publishDue(env.DB, PUBLISHABLE_KINDS, now).then((count) => {
        if (count) scheduleVersionPush(scope, (bindings) => readContentVersion(bindings.DB))
      }),
    )
    if (controller.cron === RETENTION_CRON) ctx.waitUntil(runRetention(env, now))
  },
} satisfies ExportedHandler<Env>
