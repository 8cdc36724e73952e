/** `/{slug}`: any content page of the gateway (an unknown slug is the 404 screen, decided by the critical key). */

import { contentPagePlan } from '../../../shared/plans/site'
import { href } from '../../../shared/routing/match'
import { ContentPageView } from '../../features/site/content-page'
import { AsideLinks, ContactPrompt } from '../../features/site/site-aside'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(contentPagePlan)
  const aside = (
    <>
      <ContactPrompt />
      <AsideLinks
        title={t('site.aside.next')}
        links={[
          { to: href('guide-project', { locale }), label: t('routes.projects') },
          { to: href('service-category-index', { locale }), label: t('routes.services') },
          { to: href('sitemap', { locale }), label: t('routes.sitemap') },
        ]}
      />
    </>
  )
  return <ContentPageView dataKey={keys.page} aside={aside} />
}
