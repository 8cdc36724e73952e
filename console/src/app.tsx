/**
 * The operator console (docs/decisions/0030-operator-console.md): a Hono app that renders each screen on the server
 * with React and posts every action as a plain form, answered with a redirect (303) or the page again with its errors.
 * Order: request id and log line, security headers, the language from the path, same-origin writes, the operator
 * (Access token and gateway), the section's role; then the section's screens, each section a sub-app under its prefix
 * (docs/decisions/0034-console-by-section.md).
 */
import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { isLocale, type Locale } from '../../contract/locales'
import { handleErrors } from '../../platform/errors'
import { logRequests } from '../../platform/request-log'
import { requireOperator, requireScreen } from './access'
import type { ConsoleEnv } from './context'
import { paths } from './paths'
import { renderRefusal } from './refusal'
import { serveScript } from './scripts'
import type { Screen } from './sections/areas'
import { audit } from './sections/audit/routes'
import { content } from './sections/content/routes'
import { enquiries } from './sections/enquiries/routes'
import { inbox } from './sections/inbox/routes'
import { mail } from './sections/mail/routes'
import { appeals, files, projects, registrations } from './sections/moderation/routes'
import { operators } from './sections/operators/routes'
import { overview } from './sections/overview/routes'
import { people } from './sections/people/routes'

/**
 * Each section's screens under their prefix (`/{lang}/{prefix}/…`), behind the role rule of the screen they belong to
 * (sections/areas.ts). The files a record links to are the moderators': a project's images, an application's scans.
 */
const SECTIONS: ReadonlyArray<readonly [prefix: string, screen: Screen, routes: Hono<ConsoleEnv>]> = [
  ['/appeals', 'appeals', appeals],
  ['/projects', 'projects', projects],
  ['/registrations', 'registrations', registrations],
  ['/inbox', 'inbox', inbox],
  ['/enquiries', 'enquiries', enquiries],
  ['/files', 'inbox', files],
  ['/people', 'people', people],
  ['/content', 'content', content],
  ['/operators', 'operators', operators],
  ['/audit', 'audit', audit],
  ['/mail', 'mail', mail],
]

/** The language a visitor of `/` gets: the first of theirs the console speaks, else English. */
function negotiate(header: string | undefined): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2)
    if (isLocale(tag)) return tag
  }
  return 'en'
}

/** The screens of one language (`/{lang}/…`): who may see them first, then each section. */
function screensApp(): Hono<ConsoleEnv> {
  const screens = new Hono<ConsoleEnv>()
  // Hono's path patterns take a regex without alternation, so the language is read here.
  screens.use(async function readLanguage(c, next) {
    const lang = c.req.param('lang')
    if (!isLocale(lang)) return c.notFound()
    c.set('lang', lang)
    await next()
  })
  // Writes only from the console's own pages (a cross-site form cannot forge the Origin).
  screens.use(csrf())
  screens.use(requireOperator)
  for (const [prefix, screen, routes] of SECTIONS) {
    const guard = requireScreen(screen)
    screens.use(prefix, guard)
    screens.use(`${prefix}/*`, guard)
    screens.route(prefix, routes)
  }
  screens.route('/', overview)
  return screens
}

/** The console's app. */
export function createConsoleApp() {
  const app = new Hono<ConsoleEnv>()

  // One JSON line per request: the path, never the query (searches name applicants) or a body.
  app.use(requestId(), logRequests<ConsoleEnv>({ fields: (c) => ({ operator: c.get('operator')?.id ?? null }) }))
  // The page's own policy comes with each page (render.tsx); files keep the gateway's sandbox policy.
  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: 'max-age=63072000; includeSubDomains',
      referrerPolicy: 'same-origin',
      xFrameOptions: 'DENY',
    }),
  )

  app.get('/', (c) => c.redirect(paths.home(negotiate(c.req.header('accept-language'))), 302))
  // The console's own script files: the same for every operator, so they need no operator (Access still fronts them).
  app.get('/assets/:file{console-[a-z]+-[A-Za-z0-9_-]{12}\\.js}', serveScript)
  app.route('/:lang{[a-z]{2}}', screensApp())

  app.notFound((c) => renderRefusal(c, 404, 'not_found'))
  app.onError(
    handleErrors<ConsoleEnv>({
      // A refusal of Hono's own (a cross-site form post: csrf) is that refusal, not a failure.
      expected: (err, c) =>
        err instanceof HTTPException && err.status < 500
          ? renderRefusal(c, err.status, err.status === 403 ? 'forbidden' : 'bad_request')
          : null,
      // The operator sees the error page, never a stack.
      unexpected: (c) => renderRefusal(c, 500, 'unavailable'),
    }),
  )
  return app
}
