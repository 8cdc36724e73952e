/** `/reason/{topic}`: one of the eight reasons to invest, from the content page `reason-{topic}`. */
import { useMemo } from 'react'
import { reasonPlan } from '../../../shared/plans/site'
import { href } from '../../../shared/routing/match'
import { describeHtml } from '../../features/site/describe'
import {
  introText,
  OtherReasons,
  ReasonContents,
  ReasonSections,
  splitReason,
} from '../../features/site/reason-article'
import { ContactPrompt } from '../../features/site/site-aside'
import { SitePageHead } from '../../features/site/site-page-head'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(reasonPlan)
  const { topic } = params
  const { data, error } = usePayload(keys.page)
  const page = data?.content
  const parts = useMemo(() => splitReason(page?.content ?? ''), [page?.content])
  const kicker = t('routes.reason')
  if (!page) {
    return (
      <main id="main" className="container page">
        <PageTitle title={kicker} />
        <h1>{kicker}</h1>
        <ErrorState error={error} />
      </main>
    )
  }
  return (
    <main id="main" className="page page--flush site-page reason-page">
      <SitePageHead />
      <PageTitle title={page.title} description={describeHtml(parts.intro) ?? describeHtml(page.content)} />
      <Hero
        tone="deep"
        art="medallion"
        seed={topic}
        kicker={kicker}
        title={page.title}
        lead={introText(parts.intro) || undefined}
        before={<Breadcrumbs items={[{ label: kicker }, { label: page.title }]} />}
        actions={
          <>
            <Button to={href('guide-project', { locale })} label={t('site.reason.projects')} />
            <Button to={href('contact-us', { locale })} variant="outline" label={t('site.reason.talk')} />
          </>
        }
      />
      <div className="container section">
        <div className="with-aside">
          <ReasonSections sections={parts.sections} />
          <aside className="with-aside__aside site-aside" aria-label={t('site.page.related')}>
            {parts.sections.length > 1 && <ReasonContents sections={parts.sections} />}
            <ContactPrompt />
          </aside>
        </div>
      </div>
      <section className="section section--tint" aria-labelledby="other-reasons-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="other-reasons-title">{t('site.reason.others')}</h2>
              <p>{t('site.reason.othersIntro')}</p>
            </div>
          </div>
          <OtherReasons current={topic} />
        </div>
      </section>
    </main>
  )
}
