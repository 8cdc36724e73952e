/**
 * The home page's static sections: the hero with key figures, entry points into the investor guide, the reasons to
 * invest, the latest posts, services, what investors say, and the contact call to action. The page keeps them as the
 * edge drew them (`static-section.tsx`); this chunk loads only when the browser draws the home page itself.
 */

import { siteKeys } from '../../../shared/keys/site-keys'
import { href } from '../../../shared/routing/match'
import { REASONS } from '../../../shared/routing/routes'
import { Section } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Button } from '../../ui/button'
import { HeroContent } from '../../ui/hero'
import { PatternArt } from '../../ui/pattern-art'
import { Skeleton, SkeletonCardGrid, SkeletonRegion, SkeletonText } from '../../ui/skeleton'
import { type Stat, StatBlocks } from '../../ui/stat-blocks'
import { LatestPosts } from './latest-posts'
import { type LinkTile, LinkTiles } from './link-tiles'
import { useSiteSettings } from './site-settings'
import { Testimonials } from './testimonials'

/**
 * The portal's own key figures, for an upstream whose site settings carry none (`figures` absent): value, unit and
 * source live in the locales, so each language words them naturally.
 */
const FIGURES: readonly { key: string; value: number }[] = [
  { key: 'population', value: 37.5 },
  { key: 'growth', value: 6.5 },
  { key: 'trade', value: 66 },
  { key: 'zones', value: 20 },
]

/** Inside `<section class="hero hero--deep hero--large on-dark">`. */
export function HomeHero() {
  const t = useT()
  const locale = useLocale()
  return (
    <HeroContent
      tone="deep"
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
  )
}

/**
 * Inside `<section class="section home-figures" aria-labelledby="figures-title">`: the figures the agency keeps in the
 * site settings, in the page's language (docs/gateway-contract.md#site-settings), which the footer loads anyway.
 */
export function HomeFigures() {
  const t = useT()
  return (
    <div className="container">
      <h2 id="figures-title" className="visually-hidden">
        {t('home.figures.title')}
      </h2>
      <Section keys={[siteKeys.settings()]} fallback={<FiguresSkeleton />}>
        <KeyFigures />
      </Section>
    </div>
  )
}

/** The agency's figures; the portal's own when the upstream's settings carry none, or could not be read. */
function KeyFigures() {
  const t = useT()
  const figures = useSiteSettings()?.figures
  const stats: Stat[] = figures
    ? figures.map((f) => ({ value: f.value, unit: f.unit ?? undefined, label: f.label, source: f.source ?? undefined }))
    : FIGURES.map((figure) => ({
        value: figure.value,
        unit: t(`home.figures.${figure.key}.unit`),
        label: t(`home.figures.${figure.key}.label`),
        source: t(`home.figures.${figure.key}.source`),
      }))
  return stats.length > 0 ? <StatBlocks items={stats} /> : null
}

/** The figures' row while the settings stream in: the same blocks, so nothing below them moves when they come. */
function FiguresSkeleton() {
  return (
    <SkeletonRegion>
      <StatBlocks items={FIGURES.map(() => ({ value: '\u00a0', label: <Skeleton width={60} />, source: '\u00a0' }))} />
    </SkeletonRegion>
  )
}

/** Inside `<section class="section" aria-labelledby="guide-title">`. */
export function HomeGuide() {
  const t = useT()
  const locale = useLocale()
  const guide: LinkTile[] = [
    {
      to: href('guide-project', { locale }),
      title: t('home.guide.projects.title'),
      text: t('home.guide.projects.text'),
      icon: 'briefcase',
    },
    {
      to: href('explore', { locale }),
      title: t('home.guide.sectors.title'),
      text: t('home.guide.sectors.text'),
      icon: 'chart',
    },
    {
      to: href('guide-register-investor', { locale }),
      title: t('home.guide.register.title'),
      text: t('home.guide.register.text'),
      icon: 'user',
    },
    {
      to: href('guide-partnership', { locale }),
      title: t('home.guide.partnership.title'),
      text: t('home.guide.partnership.text'),
      icon: 'shield',
    },
  ]
  return (
    <div className="container">
      <div className="section__header">
        <div>
          <h2 id="guide-title">{t('home.guide.title')}</h2>
          <p>{t('home.guide.intro')}</p>
        </div>
        <Link to={href('guide-project', { locale })} className="section__more">
          {t('home.guide.more')}
        </Link>
      </div>
      <LinkTiles items={guide} />
    </div>
  )
}

/** Inside `<section class="section section--tint" aria-labelledby="reasons-title">`. */
export function HomeReasons() {
  const t = useT()
  const locale = useLocale()
  return (
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
              <PatternArt variant={i % 2 ? 'girih' : 'ikat'} seed={topic} className="reason-tile__art" />
              <span className="reason-tile__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <span className="reason-tile__label">{t(`menu.reasons.${topic}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Inside `<section class="section section--tint" aria-labelledby="media-title">`. */
export function HomeMedia() {
  const t = useT()
  const locale = useLocale()
  const posts = siteKeys.latestPosts()
  return (
    <div className="container">
      <div className="section__header">
        <div>
          <h2 id="media-title">{t('home.media.title')}</h2>
          <p>{t('home.media.intro')}</p>
        </div>
        <Link to={href('media', { locale, params: { id: 'news' } })} className="section__more">
          {t('home.media.more')}
        </Link>
      </div>
      <Section keys={[posts]} fallback={<SkeletonCardGrid count={6} columns={3} label={t('home.media.loading')} />}>
        <LatestPosts dataKey={posts} />
      </Section>
    </div>
  )
}

/** Inside `<section class="section" aria-labelledby="services-title">`. */
export function HomeServices() {
  const t = useT()
  const locale = useLocale()
  const services: LinkTile[] = [
    {
      to: href('service-category-index', { locale }),
      title: t('home.services.catalogue.title'),
      text: t('home.services.catalogue.text'),
      icon: 'file',
    },
    {
      to: href('e-auction', { locale }),
      title: t('home.services.auction.title'),
      text: t('home.services.auction.text'),
      icon: 'factory',
    },
    {
      to: href('uz-ex', { locale }),
      title: t('home.services.exchange.title'),
      text: t('home.services.exchange.text'),
      icon: 'chart',
    },
    {
      to: href('guide-privatization', { locale }),
      title: t('home.services.privatization.title'),
      text: t('home.services.privatization.text'),
      icon: 'home',
    },
  ]
  return (
    <div className="container">
      <div className="section__header">
        <div>
          <h2 id="services-title">{t('home.services.title')}</h2>
          <p>{t('home.services.intro')}</p>
        </div>
        <Link to={href('service-category-index', { locale })} className="section__more">
          {t('home.services.more')}
        </Link>
      </div>
      <LinkTiles items={services} />
    </div>
  )
}

/** Inside `<section class="section section--tint" aria-labelledby="reviews-title">`. */
export function HomeReviews() {
  const t = useT()
  const reviews = siteKeys.reviews()
  return (
    <div className="container">
      <div className="section__header">
        <div>
          <h2 id="reviews-title">{t('home.reviews.title')}</h2>
          <p>{t('home.reviews.intro')}</p>
        </div>
      </div>
      <Section
        keys={[reviews]}
        fallback={
          <SkeletonRegion label={t('home.reviews.loading')}>
            <SkeletonText lines={4} />
          </SkeletonRegion>
        }
      >
        <Testimonials dataKey={reviews} />
      </Section>
    </div>
  )
}

/** Inside `<section class="section section--deep on-dark home-cta" aria-labelledby="cta-title">`. */
export function HomeCta() {
  const t = useT()
  const locale = useLocale()
  return (
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
  )
}
