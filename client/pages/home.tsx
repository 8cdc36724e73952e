/**
 * The home page: hero with key figures, entry points into the investor guide, the reasons to invest, the regions
 * map, the latest posts, services, what investors say, and the contact call to action. Gateway data streams in.
 */
import { Suspense } from 'react'
import { href } from '../../shared/match'
import { REASONS } from '../../shared/routes'
import { siteKeys } from '../../shared/site-keys'
import { Button } from '../components/button'
import { Hero } from '../components/hero'
import { Icon } from '../components/icon'
import { PageTitle } from '../components/page-title'
import { PatternArt } from '../components/pattern-art'
import { Skeleton, SkeletonCardGrid, SkeletonRegion, SkeletonText } from '../components/skeleton'
import { StatBlocks, type Stat } from '../components/stat-blocks'
import { LatestPosts } from '../components/site/latest-posts'
import { LinkTiles, type LinkTile } from '../components/site/link-tiles'
import { SiteStyles } from '../components/site/site-styles'
import { Testimonials } from '../components/site/testimonials'
import { Section } from '../data'
import { useLocale, useT } from '../i18n'
import { Link, useRouter } from '../router'
import { HydrateWhenVisible } from '../visibility'
import { lazyComponent } from '../lazy-component'

/**
 * The map is below the fold and its shapes are the page's heaviest code: the edge sends its full markup in the first
 * document, and the browser loads its chunk and hydrates it when the section comes near the viewport.
 */
const RegionMap = lazyComponent(() => import('../components/site/region-map').then((m) => m.RegionMap))

/** Key figures: value, unit and source live in the locales, so each language words them naturally. */
const FIGURES: readonly { key: string; value: number }[] = [
  { key: 'population', value: 37.5 },
  { key: 'growth', value: 6.5 },
  { key: 'trade', value: 66 },
  { key: 'zones', value: 20 },
]

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  const posts = siteKeys.latestPosts()
  const territories = siteKeys.territories()
  const reviews = siteKeys.reviews()
  // A map link followed without JavaScript carries `region`/`metric`; the route loads the map before the first byte then.
  const mapInFirstByte = Boolean(route.query.region || route.query.metric)

  const stats: Stat[] = FIGURES.map((figure) => ({
    value: figure.value,
    unit: t(`home.figures.${figure.key}.unit`),
    label: t(`home.figures.${figure.key}.label`),
    source: t(`home.figures.${figure.key}.source`),
  }))
  const guide: LinkTile[] = [
    { to: href('guide-project', { locale }), title: t('home.guide.projects.title'), text: t('home.guide.projects.text'), icon: 'briefcase' },
    { to: href('explore', { locale }), title: t('home.guide.sectors.title'), text: t('home.guide.sectors.text'), icon: 'chart' },
    { to: href('guide-register-investor', { locale }), title: t('home.guide.register.title'), text: t('home.guide.register.text'), icon: 'user' },
    { to: href('guide-partnership', { locale }), title: t('home.guide.partnership.title'), text: t('home.guide.partnership.text'), icon: 'shield' },
  ]
  const services: LinkTile[] = [
    { to: href('service-category-index', { locale }), title: t('home.services.catalogue.title'), text: t('home.services.catalogue.text'), icon: 'file' },
    { to: href('e-auction', { locale }), title: t('home.services.auction.title'), text: t('home.services.auction.text'), icon: 'factory' },
    { to: href('uz-ex', { locale }), title: t('home.services.exchange.title'), text: t('home.services.exchange.text'), icon: 'chart' },
    { to: href('guide-privatization', { locale }), title: t('home.services.privatization.title'), text: t('home.services.privatization.text'), icon: 'home' },
  ]

  return (
    <main id="main" className="page page--flush site-page home-page">
      <SiteStyles />
      <PageTitle title={t('home.title')} description={t('home.description')} />
      <Hero
        tone="deep"
        size="large"
        art="medallion"
        seed="home"
        kicker={t('home.hero.kicker')}
        title={t('home.hero.title')}
        lead={t('home.hero.lead')}
        actions={
          <>
            <Button to={href('guide-project', { locale })} size="lg" label={t('home.hero.primary')} />
            <Button to={href('contact-us', { locale })} size="lg" variant="outline" label={t('home.hero.secondary')} />
          </>
        }
      />
      <section className="section home-figures" aria-labelledby="figures-title">
        <div className="container">
          <h2 id="figures-title" className="visually-hidden">{t('home.figures.title')}</h2>
          <StatBlocks items={stats} />
        </div>
      </section>

      <section className="section" aria-labelledby="guide-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="guide-title">{t('home.guide.title')}</h2>
              <p>{t('home.guide.intro')}</p>
            </div>
            <Link to={href('guide-project', { locale })} className="section__more">
              {t('home.guide.more')} <Icon name="arrow-right" />
            </Link>
          </div>
          <LinkTiles items={guide} />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="reasons-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="reasons-title">{t('home.reasons.title')}</h2>
              <p>{t('home.reasons.intro')}</p>
            </div>
          </div>
          <ul className="reason-tiles reason-tiles--home">
            {REASONS.map((topic, i) => (
              <li key={topic}>
                <Link to={href('reason', { locale, params: { topic } })} className="reason-tile">
                  <span className="reason-tile__art" aria-hidden="true">
                    <PatternArt variant={i % 2 ? 'girih' : 'ikat'} seed={topic} />
                  </span>
                  <span className="reason-tile__number" aria-hidden="true">{String(i + 1).padStart(2, '0')}</span>
                  <span className="reason-tile__label">{t(`menu.reasons.${topic}`)}</span>
                  <Icon name="arrow-right" className="reason-tile__arrow" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

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
                <RegionMap dataKey={territories} />
              </HydrateWhenVisible>
            </Section>
          )}
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="media-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="media-title">{t('home.media.title')}</h2>
              <p>{t('home.media.intro')}</p>
            </div>
            <Link to={href('media', { locale, params: { id: 'news' } })} className="section__more">
              {t('home.media.more')} <Icon name="arrow-right" />
            </Link>
          </div>
          <Section keys={[posts]} fallback={<SkeletonCardGrid count={6} columns={3} label={t('home.media.loading')} />}>
            <LatestPosts dataKey={posts} />
          </Section>
        </div>
      </section>

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="services-title">{t('home.services.title')}</h2>
              <p>{t('home.services.intro')}</p>
            </div>
            <Link to={href('service-category-index', { locale })} className="section__more">
              {t('home.services.more')} <Icon name="arrow-right" />
            </Link>
          </div>
          <LinkTiles items={services} />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="reviews-title">
        <div className="container">
          <div className="section__header">
            <div>
              <h2 id="reviews-title">{t('home.reviews.title')}</h2>
              <p>{t('home.reviews.intro')}</p>
            </div>
          </div>
          <Section keys={[reviews]} fallback={<SkeletonRegion label={t('home.reviews.loading')}><SkeletonText lines={4} /></SkeletonRegion>}>
            <Testimonials dataKey={reviews} />
          </Section>
        </div>
      </section>

      <section className="section section--deep on-dark home-cta" aria-labelledby="cta-title">
        <div className="container home-cta__inner">
          <div>
            <h2 id="cta-title">{t('home.cta.title')}</h2>
            <p>{t('home.cta.text')}</p>
          </div>
          <div className="cluster">
            <Button to={href('contact-us', { locale })} size="lg" label={t('home.cta.primary')} />
            <Button to={href('contacts', { locale })} size="lg" variant="outline" label={t('home.cta.secondary')} />
          </div>
        </div>
      </section>
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
