/**
 * The home page's parts that the browser keeps as the server drew them, rendered by Astro without a client directive
 * (no JavaScript): the portal's own section components (client/features/site/home-sections.tsx, the footer's content)
 * in the elements the portal's page and layout put them in (client/pages/home.tsx, client/shell/layout.tsx).
 */
import type { ReactNode } from 'react'
import {
  HomeCta,
  HomeFigures,
  HomeGuide,
  HomeHero,
  HomeMedia,
  HomeReasons,
  HomeReviews,
  HomeServices,
} from '../../../../../../client/features/site/home-sections'
import { StaticSectionContext } from '../../../../../../client/runtime/static-section-context'
import { SiteFooterContent } from '../../../../../../client/shell/site-footer'
import type { Messages } from '../../../../../../shared/i18n/i18n'
import type { PayloadEntry } from '../../../../../../shared/state/state'
import { PortalProviders, payloadStore } from '../../../common/portal'

type Props = { messages: Messages; origin: string; entries?: Record<string, PayloadEntry> }

function Static({ messages, origin, entries = {}, children }: Props & { children: ReactNode }) {
  return (
    <PortalProviders messages={messages} store={payloadStore(entries, true)} origin={origin}>
      <StaticSectionContext.Provider value>{children}</StaticSectionContext.Provider>
    </PortalProviders>
  )
}

/** Hero, key figures, the investor guide and the reasons, above the regions map. */
export function HomeTop(props: Props) {
  return (
    <Static {...props}>
      <section className="hero hero--deep hero--large on-dark">
        <HomeHero />
      </section>
      <section className="section home-figures" aria-labelledby="figures-title">
        <HomeFigures />
      </section>
      <section className="section" aria-labelledby="guide-title">
        <HomeGuide />
      </section>
      <section className="section section--tint" aria-labelledby="reasons-title">
        <HomeReasons />
      </section>
    </Static>
  )
}

/** The latest posts, services, what investors say and the call to action, below the map. */
export function HomeBelow(props: Props) {
  return (
    <Static {...props}>
      <section className="section section--tint" aria-labelledby="media-title">
        <HomeMedia />
      </section>
      <section className="section" aria-labelledby="services-title">
        <HomeServices />
      </section>
      <section className="section section--tint" aria-labelledby="reviews-title">
        <HomeReviews />
      </section>
      <section className="section section--deep on-dark home-cta" aria-labelledby="cta-title">
        <HomeCta />
      </section>
    </Static>
  )
}

export function Footer(props: Props) {
  return (
    <Static {...props}>
      <footer className="site-footer">
        <SiteFooterContent />
      </footer>
    </Static>
  )
}
