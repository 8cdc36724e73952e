/** The reference gateway: every call of docs/gateway-contract.md on D1 and R2, answering in the upstream envelope. */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { handleErrors } from '../../platform/errors'
import { logRequests } from '../../platform/request-log'
import { assertSafeToStart, readConfig } from './lib/config'
import { PUBLISHABLE_KINDS } from './lib/content-kinds'
import { CONTENT_UPLOAD_BODY_LIMIT } from './lib/content-uploads'
import type { AppEnv } from './lib/context'
import { fail, GatewayError } from './lib/envelope'
import { handleMailQueue } from './lib/mail-queue'
import { publishDue } from './lib/publishing'
import { runRetention } from './lib/retention'
import { appealRoutes } from './routes/appeal'
import { authRoutes } from './routes/auth'
import { contentRoutes } from './routes/content/index'
import { devRoutes } from './routes/dev'
import { documentRoutes } from './routes/documents'
import { formRoutes } from './routes/forms'
import { notificationRoutes } from './routes/notification'
import { oneIdStandInRoutes } from './routes/oneid-stand-in'
import { operatorRoutes } from './routes/operator'
import { personalRoutes } from './routes/personal'
import { profileRoutes } from './routes/profile'

assertSafeToStart(env as unknown as Record<string, unknown>)

const MB = 1024 * 1024

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

const app = new Hono<AppEnv>()

app.use(requestId(), logRequests<AppEnv>({ fields: (c) => ({ route: c.req.routePath }) }))
// Every request checks the configuration, so an unsafe one (DEV_MODE on a public origin) serves nothing at all.
app.use(async (c, next) => {
  readConfig(c.env)
  await next()
})
app.use((c, next) => (uploadBodyLimits[c.req.path] ?? jsonBodyLimit)(c, next))

app.route('/', authRoutes)
app.route('/', profileRoutes)
app.route('/', notificationRoutes)
app.route('/', appealRoutes)
app.route('/', personalRoutes)
app.route('/', formRoutes)
app.route('/', operatorRoutes)
app.route('/', documentRoutes)
app.route('/', oneIdStandInRoutes)
app.route('/', devRoutes)
app.route('/', contentRoutes)

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
  // The mail queue and its dead-letter queue (docs/decisions/0027-mail-delivery.md).
  queue: (batch, env) => handleMailQueue(batch, env),
  // Scheduled publication at every trigger (docs/operations.md#scheduled-publication), and the daily clean-up
  // (docs/operations.md#retention) on its own.
  scheduled: (controller, env, ctx) => {
    const now = new Date(controller.scheduledTime)
    ctx.waitUntil(publishDue(env.DB, PUBLISHABLE_KINDS, now))
    if (controller.cron === RETENTION_CRON) ctx.waitUntil(runRetention(env, now))
  },
} satisfies ExportedHandler<Env>
