/** The pages of a request the console does not serve: not configured, no valid Access token, no operator, no role. */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ConsoleEnv } from './context'
import { translator } from './i18n'
import { paths } from './paths'
import { renderPage } from './render'
import { ErrorFrame, Layout } from './ui'

export type Refusal =
  | 'unconfigured'
  | 'forbidden'
  | 'not_an_operator'
  | 'unavailable'
  | 'role'
  | 'not_found'
  | 'bad_request'

export function renderRefusal(c: Context<ConsoleEnv>, status: ContentfulStatusCode, why: Refusal, email = '') {
  const lang = c.get('lang') ?? 'en'
  const t = translator(lang)
  const title = t(`refusal.${why}.title`)
  const text = <p>{t(`refusal.${why}.text`, { email })}</p>
  const operator = c.get('operator')
  // A signed-in operator keeps the console's frame, so the way back is where it always is.
  const body = operator ? (
    <Layout t={t} lang={lang} path={c.req.path} operator={operator} screen="home" title={title}>
      {text}
      <p>
        <a href={paths.home(lang)}>{t('refusal.home')}</a>
      </p>
    </Layout>
  ) : (
    <ErrorFrame t={t} lang={lang} title={title}>
      {text}
      {why === 'not_an_operator' || why === 'forbidden' ? (
        <p>
          <a href={paths.signOut}>{t('layout.signOut')}</a>
        </p>
      ) : null}
    </ErrorFrame>
  )
  return renderPage(c, status, { title: `${title} · ${t('app.name')}`, body })
}
