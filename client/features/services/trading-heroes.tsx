/** The heroes of the e-auction and UzEx pages (breadcrumbs, title, description, the services tabs), kept as drawn. */
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { HeroContent } from '../../ui/hero'
import { ServicesTabs } from './services-tabs'

function TradingHero({ titleKey, descriptionKey, seed }: { titleKey: string; descriptionKey: string; seed: string }) {
  const t = useT()
  const locale = useLocale()
  const title = t(titleKey)
  return (
    <HeroContent
      tone="light"
      title={title}
      kicker={t('routes.services')}
      lead={t(descriptionKey)}
      seed={seed}
      before={
        <Breadcrumbs
          items={[{ label: t('routes.services'), to: href('service-category-index', { locale }) }, { label: title }]}
        />
      }
    >
      <ServicesTabs />
    </HeroContent>
  )
}

/** Inside the e-auction page's `<section class="hero hero--light hero--default">`. */
export function AuctionHero() {
  return <TradingHero titleKey="routes.eAuction" descriptionKey="services.auction.description" seed="e-auction" />
}

/** Inside the UzEx page's `<section class="hero hero--light hero--default">`. */
export function UzexHero() {
  return <TradingHero titleKey="routes.uzEx" descriptionKey="services.uzex.description" seed="uz-ex" />
}
