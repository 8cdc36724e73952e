/**
 * `/unsubscribe?token=`: where an optional mail's unsubscribe link leads (docs/security.md#one-click-unsubscribe). It
 * asks before it acts, since link scanners open addresses: a button posts the token to the page's action, which turns
 * that one topic's mail off, signed in or not. Then it says what was turned off and where every choice is made.
 */
import { MAIL_TOPICS } from '../../../contract/gateway/channels'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRoute } from '../../runtime/router'
import { Button } from '../../ui/button'
import { StatusPanel } from '../../ui/page-form'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, path, search } = useRoute('unsubscribe')
  const title = t('mail.unsubscribe.title')
  const topic = (MAIL_TOPICS as readonly string[]).includes(query.done ?? '') ? query.done : null
  return (
    <main id="main" className="container page site-page unsubscribe-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {topic ? (
        <>
          <StatusPanel title={t('mail.unsubscribe.doneTitle')}>
            <p>{t('mail.unsubscribe.done', { topic: t(`mail.topics.${topic}`) })}</p>
          </StatusPanel>
          <p>
            {t('mail.unsubscribe.choices')}{' '}
            <Link to={href('profile-notifications', { locale })}>{t('routes.profileNotifications')}</Link>
          </p>
        </>
      ) : query.token ? (
        <>
          {query.error ? (
            <StatusPanel tone="warning">
              <p>{t('mail.unsubscribe.invalid')}</p>
            </StatusPanel>
          ) : null}
          <p className="lead">{t('mail.unsubscribe.ask')}</p>
          <form method="post" action={path + search} className="form">
            <input type="hidden" name="token" value={query.token} />
            <div className="form__actions">
              <Button type="submit" label={t('mail.unsubscribe.confirm')} />
            </div>
          </form>
        </>
      ) : (
        <StatusPanel tone="warning">
          <p>{t('mail.unsubscribe.missing')}</p>
        </StatusPanel>
      )}
      <p>
        <Link to={href('home', { locale })}>{t('mail.unsubscribe.home')}</Link>
      </p>
    </main>
  )
}
