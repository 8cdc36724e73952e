/**
 * The home page: hero with key figures, entry points into the investor guide, the reasons to invest, the regions
 * map, the latest posts, services, what investors say, and the contact call to action. Gateway data streams in.
 * Only the map is interactive: the other sections are kept as the edge drew them (`static-section.tsx`,
 * `features/site/home-sections.tsx`), so a first view loads none of their code, texts or data.
 */
import { Suspense } from 'react'
import { homePlan, isMapLink } from '../../shared/plans/site'
import { SitePageHead } from '../features/site/site-page-head'
import { Section } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { LivePart } from '../runtime/live-part'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { HydrateWhenVisible } from '../runtime/visibility'
import { PageTitle } from '../ui/page-title'
import { Skeleton, SkeletonRegion, SkeletonText } from '../ui/skeleton'

/**
 * The map is below the fold and its shapes are the page's heaviest code: the edge sends its full markup in the first
 * document, and the browser loads its chunk and hydrates it when the section comes near the viewport.
 */
const RegionMap = lazyComponent(() => import('../features/site/region-map').then((m) => m.RegionMap))

const sections = () => import('../features/site/home-sections')
const HomeHero = staticSection(() => sections().then((m) => m.HomeHero))
const HomeFigures = staticSection(() => sections().then((m) => m.HomeFigures))
const HomeGuide = staticSection(() => sections().then((m) => m.HomeGuide))
const HomeReasons = staticSection(() => sections().then((m) => m.HomeReasons))
const HomeMedia = staticSection(() => sections().then((m) => m.HomeMedia))
const HomeServices = staticSection(() => sections().then((m) => m.HomeServices))
const HomeReviews = staticSection(() => sections().then((m) => m.HomeReviews))
const HomeCta = staticSection(() => sections().then((m) => m.HomeCta))

/** Drawn in the browser after a client navigation, the page's static sections load with it. */
export const preload = () => sections()

export function Page() {
  const t = useT()
  const { query, keys } = useRouteData(homePlan)
  const { territories } = keys
  // A map link followed without JavaScript: the route loads the map before the first byte then.
  const mapInFirstByte = isMapLink(query)

  return (
    <main id="main" className="page page--flush site-page home-page">
      <SitePageHead />
      <PageTitle title={t('home.title')} description={t('home.description')} />
      <HomeHero as="section" className="hero hero--deep hero--large on-dark" props={{}} />
      <HomeFigures as="section" className="section home-figures" aria-labelledby="figures-title" props={{}} />
      <HomeGuide as="section" className="section" aria-labelledby="guide-title" props={{}} />
      <HomeReasons as="section" className="section section--tint" aria-labelledby="reasons-title" props={{}} />

      <section className="section" id="regions" aria-labelledby="regions-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="regions-title">{t('home.map.title')}</h2>
              <p>{t('home.map.intro')}</p>
            </div>
          </div>
          {mapInFirstByte ? (
            <Suspense fallback={<MapSkeleton />}>
              <RegionMap dataKey={territories} />
            </Suspense>
          ) : (
            <Section keys={[territories]} fallback={<MapSkeleton />}>
              <HydrateWhenVisible near="regions">
                {/* Hydrated, and the same for every anonymous reader of the page: the edge may repeat its HTML. */}
                <LivePart part="region-map">
                  <RegionMap dataKey={territories} />
                </LivePart>
              </HydrateWhenVisible>
            </Section>
          )}
        </div>
      </section>

      <HomeMedia as="section" className="section section--tint" aria-labelledby="media-title" props={{}} />
      <HomeServices as="section" className="section" aria-labelledby="services-title" props={{}} />
      <HomeReviews as="section" className="section section--tint" aria-labelledby="reviews-title" props={{}} />
      <HomeCta as="section" className="section section--deep on-dark home-cta" aria-labelledby="cta-title" props={{}} />
    </main>
  )
}

/** The map's place while its data streams in: the same aspect ratio, so nothing below moves. */
function MapSkeleton() {
  const t = useT()
  return (
    <SkeletonRegion label={t('home.map.loading')} className="region-explorer region-explorer--loading">
      <div className="region-explorer__body">
        <Skeleton shape="block" className="region-map__placeholder" />
        <SkeletonText lines={8} />
      </div>
    </SkeletonRegion>
  )
}
