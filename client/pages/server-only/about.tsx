/** `/about`: the agency's page from the gateway, then its leadership (streamed). */

import { aboutPlan } from '../../../shared/plans/site'
import { href } from '../../../shared/routing/match'
import { ContentPageView } from '../../features/site/content-page'
import { LeadershipList } from '../../features/site/leadership'
import { AsideLinks, ContactPrompt } from '../../features/site/site-aside'
import { Section } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { SkeletonCardGrid } from '../../ui/skeleton'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(aboutPlan)
  const aside = (
    <>
      <ContactPrompt />
      <AsideLinks
        title={t('site.aside.next')}
        links={[
          { to: href('contacts', { locale }), label: t('routes.contacts') },
          { to: href('guide-project', { locale }), label: t('routes.projects') },
          { to: href('service-category-index', { locale }), label: t('routes.services') },
        ]}
      />
    </>
  )
  return (
    <ContentPageView dataKey={keys.page} kicker={t('site.about.kicker')} aside={aside}>
      <section className="section section--tint site-section" aria-labelledby="leadership-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="leadership-title">{t('site.about.leadership')}</h2>
              <p>{t('site.about.leadershipIntro')}</p>
            </div>
          </div>
          <Section
            keys={[keys.leadership]}
            fallback={<SkeletonCardGrid count={4} columns={2} label={t('site.about.loadingLeaders')} />}
          >
            <LeadershipList dataKey={keys.leadership} />
          </Section>
        </div>
      </section>
    </ContentPageView>
  )
}
