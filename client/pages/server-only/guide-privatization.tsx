/** `/guide/privatization`: buying state assets in Uzbekistan, from the gateway page `guide-privatization`. */
import { GUIDE_PAGES } from '../../../shared/keys/guide-keys'
import { guidePrivatizationPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { GuideArticle } from '../../features/guide/guide-article'
import { NextSteps } from '../../features/guide/next-steps'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Button } from '../../ui/button'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(guidePrivatizationPlan)
  return (
    <GuideArticle
      dataKey={keys.page}
      seed={GUIDE_PAGES.privatization}
      lead={t('guide.privatization.lead')}
      actions={
        <Button
          to={href('e-auction', { locale })}
          label={t('guide.privatization.cta')}
          iconName="arrow-right"
          afterIcon
        />
      }
      aside={
        <NextSteps
          title={t('guide.next.title')}
          intro={t('guide.privatization.nextIntro')}
          links={[
            { to: href('e-auction', { locale }), label: t('guide.next.eAuction'), icon: 'briefcase' },
            { to: href('guide-project', { locale }), label: t('guide.next.projects'), icon: 'chart' },
            { to: href('contact-us', { locale }), label: t('guide.next.contact'), icon: 'message' },
          ]}
        />
      }
    />
  )
}
