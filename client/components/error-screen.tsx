/** The full-page error screen (SPEC §8): status code, translated message, a button to the home route. */
import type { PageError } from '../../shared/errors'
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Button } from './button'

/** Text for an error: the gateway result code under `messages.error.*`, our own under `errors.*`, else its message. */
export function useErrorMessage(error: PageError): string {
  const t = useT()
  const key = error.fromGateway ? `messages.error.${error.code}` : `errors.${error.code}`
  const text = t(key, error.values)
  if (text !== key) return text
  return error.message ?? t('errors.generic')
}

export function ErrorScreen({ error }: { error: PageError }) {
  const t = useT()
  const locale = useLocale()
  const message = useErrorMessage(error)
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <title>{`${error.statusCode} — ${t('site.name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-screen__code" aria-hidden="true">{error.statusCode}</p>
      <h1 className="error-screen__title">
        <span className="visually-hidden">{t('errors.status', { status: error.statusCode })} </span>
        {message}
      </h1>
      <Button to={href('home', { locale })} label={t('errors.goHome')} iconName="home" />
    </main>
  )
}
