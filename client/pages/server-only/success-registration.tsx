/**
 * `/success-registration`: where the registration and event application forms land: the application's reference (an
 * event application's, docs/decisions/0048-references.md), what happens next, and where to go.
 */
import { readReference } from '../../../shared/forms/reference'
import { href } from '../../../shared/routing/match'
import { SitePageHead } from '../../features/site/site-page-head'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRoute } from '../../runtime/router'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { PageTitle } from '../../ui/page-title'
import { ReferenceNote } from '../../ui/reference-note'

const STEPS = ['check', 'mail', 'contact'] as const

export function Page() {
  const t = useT()
  const locale = useLocale()
  const title = t('site.success.title')
  const reference = readReference(useRoute('success-registration').query.reference)
  return (
    <main id="main" className="container page site-page success-page">
      <SitePageHead />
      <PageTitle title={title} description={t('site.success.lead')} />
      <div className="success-page__card">
        <span className="success-page__mark" aria-hidden="true">
          <Icon name="check" />
        </span>
        <h1>{title}</h1>
        <p className="lead">{t('site.success.lead')}</p>
        {reference ? <ReferenceNote reference={reference} /> : null}
        <h2 className="success-page__next">{t('site.success.nextTitle')}</h2>
        <ol className="success-steps">
          {STEPS.map((step) => (
            <li key={step}>
              <strong>{t(`site.success.steps.${step}.title`)}</strong>
              <span>{t(`site.success.steps.${step}.text`)}</span>
            </li>
          ))}
        </ol>
        <div className="cluster success-page__actions">
          <Button to={href('guide-project', { locale })} label={t('site.success.projects')} />
          <Button to={href('home', { locale })} variant="outline" label={t('site.success.home')} />
        </div>
        <p className="muted success-page__help">
          {t('site.success.help')} <Link to={href('contact-us', { locale })}>{t('site.success.helpLink')}</Link>
        </p>
      </div>
    </main>
  )
}
