/**
 * What both peers take from the portal to draw its home page: the page's own React components (read-only imports of
 * client/, never copies), the contexts those components read, the English messages and the gateway keys of the home
 * page's data plan. The portal's `App` (client/shell/app.tsx) provides the same contexts; a peer provides them
 * itself, with the page's route and data, and its framework does the rest: routing, loading, streaming, the document
 * and hydration (docs/performance.md#peers).
 */
import type { ReactNode } from 'react'
import { ConfigProvider, OriginProvider } from '../../../../client/runtime/config'
import { PayloadProvider, type PayloadStore } from '../../../../client/runtime/data'
import { FailureScreensProvider } from '../../../../client/runtime/error-boundary'
import { I18nProvider } from '../../../../client/runtime/i18n'
import { RouterProvider } from '../../../../client/runtime/router'
import { SessionProvider, useSession } from '../../../../client/runtime/session'
import { FAILURE_SCREENS } from '../../../../client/shell/shell-parts'
import type { Locale } from '../../../../contract/locales'
import type { PublicConfig } from '../../../../shared/state/config'
import type { Messages } from '../../../../shared/i18n/i18n'
import { splitLocale } from '../../../../shared/routing/match'
import { resolveRoute } from '../../../../shared/routing/resolve'
import { ROUTE_BY_ID } from '../../../../shared/routing/routes'
import { siteKeys } from '../../../../shared/keys/site-keys'
import type { PayloadEntry, RouteState, SessionState } from '../../../../shared/state/state'

export const LOCALE: Locale = 'en'
export const HOME_PATH = '/en'
export const HOME_META = ROUTE_BY_ID.home.meta

/**
 * The home page's data plan (shared/plans/site.ts, `homePlan`): the three keys it streams in, and the site's contacts,
 * which every page with a footer also streams in (shared/plans/index.ts).
 */
export const HOME_KEYS = {
  latestPosts: siteKeys.latestPosts(),
  territories: siteKeys.territories(),
  reviews: siteKeys.reviews(),
  settings: siteKeys.settings(),
} as const

/** A visitor without a session, as the portal's edge sees a first visit. */
const ANONYMOUS: SessionState = { hasToken: false, profile: null }

/** The public configuration of a deployment without bot protection and push (worker/env.ts reads the real one). */
const PUBLIC_CONFIG: PublicConfig = {
  buildId: 'peer',
  defaultLocale: LOCALE,
  botProvider: null,
  botSiteKey: null,
  firebase: null,
  vapidKey: null,
  map: null,
}

const NO_LOADING = { start() {}, finish() {}, error() {} }
/** A peer serves no `_payload.json`: a link followed in the browser ends in a full page load, with nothing to preload. */
const NO_PRELOAD = () => Promise.resolve()

/** The home route as the portal's router resolves `/en` (with `search`, e.g. `?region=…`). */
export function homeRoute(search = ''): RouteState {
  const { rest } = splitLocale(HOME_PATH)
  return resolveRoute({ rest, path: HOME_PATH, search, session: ANONYMOUS }).route
}

/** A payload store over the page's entries: `ready` ones draw at once, `pending` ones suspend until they settle. */
export function payloadStore(
  entries: Readonly<Record<string, PayloadEntry | Promise<PayloadEntry>>>,
  server: boolean,
): PayloadStore {
  const ready = new Map<string, PayloadEntry>()
  const pending = new Map<string, Promise<PayloadEntry>>()
  for (const [key, entry] of Object.entries(entries)) {
    if (entry instanceof Promise) pending.set(key, entry)
    else ready.set(key, entry)
  }
  // The portal writes a streamed section's entry into the document as a `data-payload` script for the browser; a peer
  // hands the browser its data through its framework instead (React Router's loader data, Astro's island props), so
  // the script stays empty rather than carrying the data twice.
  return server ? { ready, pending, serialize: () => '' } : { ready, pending }
}

/** The contexts the portal's components read (what client/shell/app.tsx provides), for the home route. */
export function PortalProviders({
  messages,
  store,
  origin,
  route = homeRoute(),
  children,
}: {
  messages: Messages
  store: PayloadStore
  origin: string
  route?: RouteState
  children: ReactNode
}) {
  return (
    <FailureScreensProvider value={FAILURE_SCREENS}>
      <I18nProvider locale={LOCALE} messages={messages}>
        <ConfigProvider value={PUBLIC_CONFIG}>
          <OriginProvider value={origin}>
            <PayloadProvider value={store}>
              <SessionProvider initial={ANONYMOUS} onCleared={() => Promise.resolve()}>
                <Router route={route} store={store}>
                  {children}
                </Router>
              </SessionProvider>
            </PayloadProvider>
          </OriginProvider>
        </ConfigProvider>
      </I18nProvider>
    </FailureScreensProvider>
  )
}

function Router({ route, store, children }: { route: RouteState; store: PayloadStore; children: ReactNode }) {
  const session = useSession()
  return (
    <RouterProvider
      locale={LOCALE}
      initialRoute={route}
      initialError={null}
      store={store}
      session={session}
      loading={NO_LOADING}
      preload={NO_PRELOAD}
    >
      {children}
    </RouterProvider>
  )
}
