/**
 * The app shell (docs/product.md#app-shell): loading bar, route announcer, the current page in its layout, and the
 * toast region.
 */
import { useCallback, useEffect, useRef } from 'react'
import { LOCALES } from '../../contract/locales'
import { CSRF_HEADER, CSRF_MARKER } from '../../shared/gateway/csrf'
import { notFound } from '../../shared/routing/errors'
import { href, switchLocalePath } from '../../shared/routing/match'
import { ROUTE_BY_ID, type RouteId } from '../../shared/routing/routes'
import type { InitialState } from '../../shared/state/state'
import { ConfigProvider, OriginProvider } from '../runtime/config'
import { PayloadProvider, type PayloadStore } from '../runtime/data'
import { ErrorBoundary, FailureScreensProvider } from '../runtime/error-boundary'
import { InitialFormProvider, useNoticeToast } from '../runtime/form-context'
import { onTokenRejected } from '../runtime/gateway-fetch'
import { endHydration } from '../runtime/hydration'
import { I18nProvider, useLocale } from '../runtime/i18n'
import { getPages, preloadPage } from '../runtime/pages'
import { type PreloadRoute, RouterProvider, useRouter } from '../runtime/router'
import { SessionProvider, useSession } from '../runtime/session'
import { LoadingBar, useLoadingBar } from '../ui/loading-bar'
import { RouteAnnouncer } from '../ui/route-announcer'
import { Toaster } from '../ui/toaster'
import { Layout } from './layout'
import { ErrorScreen, FAILURE_SCREENS, preloadShellParts } from './shell-parts'

/** `record` (edge only): collects the message namespaces the render uses, which the document then carries. */
export function App({ state, store, record }: { state: InitialState; store: PayloadStore; record?: Set<string> }) {
  useEffect(endHydration, [])
  const bar = useLoadingBar()
  const goHome = useRef<() => Promise<void>>(() => Promise.resolve())
  const onCleared = useCallback(() => goHome.current(), [])
  return (
    <FailureScreensProvider value={FAILURE_SCREENS}>
      <I18nProvider locale={state.locale} messages={state.messages} record={record}>
        <ConfigProvider value={state.config}>
          <OriginProvider value={state.origin}>
            <PayloadProvider value={store}>
              <SessionProvider initial={state.session} onCleared={onCleared}>
                <SessionRouter state={state} store={store} events={bar.events} goHome={goHome}>
                  <ErrorBoundary>
                    <InitialFormProvider value={state.form}>
                      <LoadingBar store={bar} />
                      <Shell origin={state.origin} />
                      <Toaster />
                      <Notice notice={state.notice} />
                    </InitialFormProvider>
                  </ErrorBoundary>
                </SessionRouter>
              </SessionProvider>
            </PayloadProvider>
          </OriginProvider>
        </ConfigProvider>
      </I18nProvider>
    </FailureScreensProvider>
  )
}

/** A client navigation waits for the page's code and for the shell parts its route or error shows. */
const preloadRoute: PreloadRoute = (routeId, error, session) =>
  Promise.all([
    routeId && !error ? preloadPage(routeId, { drawn: true }) : null,
    preloadShellParts(routeId, error, session),
  ])

function SessionRouter({
  state,
  store,
  events,
  goHome,
  children,
}: {
  state: InitialState
  store: PayloadStore
  events: ReturnType<typeof useLoadingBar>['events']
  goHome: { current: () => Promise<void> }
  children: React.ReactNode
}) {
  const session = useSession()
  return (
    <RouterProvider
      locale={state.locale}
      initialRoute={state.route}
      initialError={state.error}
      store={store}
      session={session}
      loading={events}
      preload={preloadRoute}
    >
      <HomeNavigator goHome={goHome} locale={state.locale} />
      <SessionEndWatcher />
      {children}
    </RouterProvider>
  )
}

function HomeNavigator({
  goHome,
  locale,
}: {
  goHome: { current: () => Promise<void> }
  locale: InitialState['locale']
}) {
  const { navigate } = useRouter()
  goHome.current = () => navigate(href('home', { locale }))
  return null
}

/**
 * A session that ends while a page is open (the gateway refuses the token): the cookie goes, and on a personal page the
 * visitor is taken to sign-in in their language, coming back to where they were (docs/product.md#session).
 */
function SessionEndWatcher() {
  const session = useSession()
  const { route, navigate } = useRouter()
  const locale = useLocale()
  const latest = useRef({ session, route })
  latest.current = { session, route }
  useEffect(
    () =>
      onTokenRejected(() => {
        const { session: current, route: here } = latest.current
        if (!current.hasToken) return
        const role = current.profile?.role === 'businessmen' ? 'businessmen' : 'investor'
        current.setProfile(null, false)
        void fetch('/_app/session', { method: 'DELETE', headers: { [CSRF_HEADER]: CSRF_MARKER } })
        if (here.id !== null && ROUTE_BY_ID[here.id].meta.protected) {
          void navigate(href('sign-in', { locale, query: { role, return: here.path + here.search } }))
        }
      }),
    [navigate, locale],
  )
  return null
}

function Shell({ origin }: { origin: string }) {
  const { route, error } = useRouter()
  const routeKey = route.path + route.search
  return (
    <>
      <Alternates origin={origin} path={route.path} search={route.search} />
      <RouteAnnouncer routeKey={routeKey} />
      {error || route.id === null ? (
        <ErrorScreen error={error ?? notFound(route.path)} />
      ) : (
        <CurrentPage id={route.id} />
      )}
    </>
  )
}

/**
 * The page in its layout, with the page's error boundary around both: the full-page error screen takes their place
 * (docs/product.md#render-errors). The lazily loaded and hydrated-later sections inside have this boundary.
 */
function CurrentPage({ id }: { id: RouteId }) {
  const { route } = useRouter()
  const def = ROUTE_BY_ID[id]
  const Page = getPages().get(id)
  if (!Page) throw new Error(`Page for ${id} was not loaded`)
  return (
    <ErrorBoundary>
      <Layout name={def.layout} meta={def.meta} feedback={{ id, page: route.path }}>
        <Page key={route.path + route.search} />
      </Layout>
    </ErrorBoundary>
  )
}

/** Canonical and hreflang alternates for the three locales plus x-default (docs/product.md#locale). */
function Alternates({ origin, path, search }: { origin: string; path: string; search: string }) {
  const locale = useLocale()
  const bare = switchLocalePath(path, search, 'en').replace(/^\/en/, '') || '/'
  return (
    <>
      <link rel="canonical" href={origin + switchLocalePath(path, search, locale)} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={origin + switchLocalePath(path, search, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + bare} />
    </>
  )
}

function Notice({ notice }: { notice: string | null }) {
  useNoticeToast(notice)
  return null
}
