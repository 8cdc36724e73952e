/**
 * `/auth/confirm-email?uuid=&token=`: where the link mailed to a new address leads (docs/gateway-contract.md#e-mail-change).
 * It asks before it acts, since mail scanners open links: a button posts the link to the page's action, which changes
 * the account's address. Then it says so, or why the link cannot be used.
 */
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRoute } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Button } from '../../ui/button'
import { StatusPanel } from '../../ui/page-form'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const { query, path } = useRoute('confirm-email')
  const title = t('account.confirmEmail.title')
  return (
    <main id="main" className="container page site-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {query.done ? (
        <>
          <StatusPanel>
            <p>{t('account.confirmEmail.done')}</p>
          </StatusPanel>
          <p>
            {session.loggedIn ? (
              <Link to={href('profile-account', { locale })}>{t('routes.profileAccount')}</Link>
            ) : (
              <Link to={href('sign-in', { locale, query: { role: 'investor' } })}>{t('nav.signIn')}</Link>
            )}
          </p>
        </>
      ) : query.uuid && query.token ? (
        <>
          {query.error ? (
            <StatusPanel tone="warning">
              <p>{t(query.error === 'taken' ? 'account.confirmEmail.taken' : 'account.confirmEmail.invalid')}</p>
            </StatusPanel>
          ) : null}
          <p className="lead">{t('account.confirmEmail.ask')}</p>
          <form method="post" action={path} className="form">
            <input type="hidden" name="uuid" value={query.uuid} />
            <input type="hidden" name="token" value={query.token} />
            <div className="form__actions">
              <Button type="submit" label={t('account.confirmEmail.confirm')} />
            </div>
          </form>
        </>
      ) : (
        <StatusPanel tone="warning">
          <p>{t('account.confirmEmail.incomplete')}</p>
        </StatusPanel>
      )}
    </main>
  )
}
