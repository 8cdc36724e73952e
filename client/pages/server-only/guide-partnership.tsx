/** `/guide/partnership`: public-private partnership in Uzbekistan, from the gateway page `guide-partnership`. */
import { GUIDE_PAGES } from '../../../shared/keys/guide-keys'
import { guidePartnershipPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { GuideArticle } from '../../features/guide/guide-article'
import { NextSteps } from '../../features/guide/next-steps'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Button } from '../../ui/button'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(guidePartnershipPlan)
  return (
    <GuideArticle
      dataKey={keys.page}
      seed={GUIDE_PAGES.partnership}
      lead={t('guide.partnership.lead')}
      actions={
        <Button
          to={href('guide-project', { locale })}
          label={t('guide.partnership.cta')}
          iconName="arrow-right"
          afterIcon
        />
      }
      aside={
        <NextSteps
          title={t('guide.next.title')}
          intro={t('guide.partnership.nextIntro')}
          links={[
            { to: href('guide-project', { locale }), label: t('guide.next.projects'), icon: 'briefcase' },
            { to: href('guide-register-investor', { locale }), label: t('guide.next.registerInvestor'), icon: 'user' },
            { to: href('contact-us', { locale }), label: t('guide.next.contact'), icon: 'message' },
          ]}
        />
      }
    />
  )
}
