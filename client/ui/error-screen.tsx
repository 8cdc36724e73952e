/**
 * The full-page error screen (docs/product.md#error-screen): status code, translated message, a button to the home
 * route. A personal page refused for want of a session offers sign-in for both roles, coming back to the page; a
 * session the upstream could not load offers to try again (docs/product.md#guards).
 */
import { type ReactNode, use, useEffect, useLayoutEffect, useState } from 'react'
import { notFound, type PageError, pageError } from '../../shared/routing/errors'
import { href } from '../../shared/routing/match'
import { ROUTE_BY_ID } from '../../shared/routing/routes'
import { PayloadProvider, type PayloadStore } from '../runtime/data'
import { ErrorBoundary } from '../runtime/error-boundary'
import { loadAllMessages, useLocale, useT } from '../runtime/i18n'
import { useRouter } from '../runtime/router'
import { useSession } from '../runtime/session'
import { isChunkLoadError, reloadAfterChunkError } from '../runtime/updates'
import { Button } from './button'
import { ErrorState } from './error-state'

/** Text for an error: the gateway result code under `messages.error.*`, our own under `errors.*`, else its message. */
function useErrorMessage(error: PageError): string {
  const t = useT()
  const key = error.fromGateway ? `messages.error.${error.code}` : `errors.${error.code}`
  const text = t(key, error.values)
  if (text !== key) return text
  return error.message ?? t('errors.generic')
}

export function ErrorScreen({ error }: { error: PageError }) {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  const session = useSession()
  const message = useErrorMessage(error)
  const here = route.path + route.search
  const personal = route.id !== null && ROUTE_BY_ID[route.id].meta.protected === true
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <title>{`${error.statusCode} — ${t('site.name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-screen__code" aria-hidden="true">
        {error.statusCode}
      </p>
      <h1 className="error-screen__title">
        <span className="visually-hidden">{t('errors.status', { status: error.statusCode })} </span>
        {message}
      </h1>
      {personal && error.code === 'forbidden' && !session.hasToken ? <SignInOffer returnPath={here} /> : null}
      <div className="error-screen__actions">
        {error.code === 'session_unavailable' ? (
          <Button href={here} label={t('errors.retry')} iconName="refresh" />
        ) : null}
        <Button
          to={href('home', { locale })}
          label={t('errors.goHome')}
          iconName="home"
          variant={error.code === 'session_unavailable' ? 'outline' : undefined}
        />
      </div>
    </main>
  )
}

/** Sign-in for both roles (e-mail for non-residents, OneID for residents), each returning to `returnPath`. */
function SignInOffer({ returnPath }: { returnPath: string }) {
  const t = useT()
  const locale = useLocale()
  return (
    <nav className="error-screen__sign-in" aria-labelledby="sign-in-offer">
      <h2 id="sign-in-offer">{t('session.signInAs')}</h2>
      <ul>
        <li>
          <a href={href('sign-in', { locale, query: { role: 'investor', return: returnPath } })}>
            {t('session.signInInvestor')}
          </a>
        </li>
        <li>
          <a href={href('sign-in', { locale, query: { role: 'businessmen', return: returnPath } })}>
            {t('session.signInBusiness')}
          </a>
        </li>
        <li>
          <a href={href('one-id', { locale, query: { role: 'investor', state: returnPath } })}>
            {t('session.oneIdInvestor')}
          </a>
        </li>
        <li>
          <a href={href('one-id', { locale, query: { role: 'businessmen', state: returnPath } })}>
            {t('session.oneIdBusiness')}
          </a>
        </li>
      </ul>
    </nav>
  )
}

let failureReady: Promise<unknown> | null = null

type Failure = { error: unknown; hydration: boolean; retry: () => void }

/**
 * A render error a boundary caught (`error-boundary.tsx`, docs/product.md#render-errors): a failed hydration shows the
 * 404 page, any other error 500; a chunk that failed to load reloads the page (within the reload guard). Drawn once the
 * whole catalogue is there (and, like anything drawn anew, the whole sheets): the document carried only the texts and
 * rules of the page the edge drew. When the route changes (a navigation, the go-home button), `retry` draws the
 * boundary's children again.
 */
export function RenderFailure({ error, hydration, retry }: Failure) {
  const { route } = useRouter()
  const [failedOn] = useState(route)
  use((failureReady ??= loadAllMessages().catch(() => undefined)))
  useLayoutEffect(() => {
    if (route !== failedOn) retry()
  })
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError()
  }, [error])
  return <ErrorScreen error={hydration ? notFound(failedOn.path) : pageError(500, 'render_failed')} />
}

/**
 * A render error in one section (a lazily loaded or hydrated-later part): the rest of the page stays, and the section
 * shows what failed. Its retry draws the section again with data asked for anew (a store of its own, so what broke it
 * is not read again) inside a boundary of its own. A chunk that failed to load reloads the page (within the reload
 * guard), as for a page.
 */
export function SectionFailure({ error, children }: Failure & { children: ReactNode }) {
  const t = useT()
  const [fresh, setFresh] = useState<PayloadStore | null>(null)
  use((failureReady ??= loadAllMessages().catch(() => undefined)))
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError()
  }, [error])
  if (fresh)
    return (
      <PayloadProvider value={fresh}>
        <ErrorBoundary section>{children}</ErrorBoundary>
      </PayloadProvider>
    )
  const retry = () => setFresh({ ready: new Map(), pending: new Map() })
  return <ErrorState headingLevel={3} message={t('states.error.render')} onRetry={retry} />
}
