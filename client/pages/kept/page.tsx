/** `/{slug}`: any content page of the gateway (an unknown slug is the 404 screen, decided by the critical key). */
import { href } from '../../../shared/match'
import { siteKeys } from '../../../shared/site-keys'
import { ContentPageView } from '../../components/site/content-page'
import { AsideLinks, ContactPrompt } from '../../components/site/site-aside'
import { useLocale, useT } from '../../i18n'
import { useRouter } from '../../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
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
  return <ContentPageView dataKey={siteKeys.page(route.params.slug ?? '')} aside={aside} />
}
