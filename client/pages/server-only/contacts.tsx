/** `/contacts`: addresses, phones and hours from the gateway page, with the contact form as the next step. */

import { contactsPlan } from '../../../shared/plans/site'
import { href } from '../../../shared/routing/match'
import { ContentPageView } from '../../features/site/content-page'
import { AsideLinks, ContactPrompt } from '../../features/site/site-aside'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(contactsPlan)
  const aside = (
    <>
      <ContactPrompt />
      <AsideLinks
        title={t('site.aside.related')}
        links={[
          { to: href('about', { locale }), label: t('routes.about') },
          { to: href('privacy-policy', { locale }), label: t('routes.privacyPolicy') },
          { to: href('sitemap', { locale }), label: t('routes.sitemap') },
        ]}
      />
    </>
  )
  return <ContentPageView dataKey={keys.page} aside={aside} />
}
