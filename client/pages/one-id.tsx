/** `/auth/one-id?role=`: the edge sends the browser to OneID; this page shows only when that is not possible. */
import { href } from '../../shared/routing/match'
import { useLocale, useT } from '../runtime/i18n'
import { Link, useRoute } from '../runtime/router'
import { Button } from '../ui/button'
import { StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const route = useRoute('one-id')
  const role = route.query.role === 'businessmen' ? 'businessmen' : 'investor'
  const title = t('auth.oneId.title')
  return (
    <main id="main" className="auth-blank">
      <PageTitle title={title} />
      <div className="auth-blank__card">
        <h1>{title}</h1>
        <StatusPanel tone="warning">
          <p>{t('auth.oneId.unavailable')}</p>
        </StatusPanel>
        <div className="form__actions">
          <Button
            href={href('one-id', { locale, query: { role, state: route.query.state } })}
            label={t('auth.oneId.retry')}
            iconName="refresh"
          />
          <Link to={href('sign-in', { locale, query: { role } })}>{t('auth.forgot.back')}</Link>
        </div>
      </div>
    </main>
  )
}
