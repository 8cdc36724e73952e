/**
 * `/guide/project`: the projects hub — hero with figures, the ways in (categories, sectors, open projects), categories
 * and open projects.
 */

import { siteKeys } from '../../../shared/keys/site-keys'
import { guideProjectPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { CategoryCard } from '../../features/guide/category-card'
import { GuideStyles } from '../../features/guide/guide-styles'
import { ProjectCard } from '../../features/guide/project-card'
import { useSectors } from '../../features/guide/sectors'
import { Section, usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { Icon } from '../../ui/icon'
import { PageTitle } from '../../ui/page-title'
import { type Stat, StatBlocks } from '../../ui/stat-blocks'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(guideProjectPlan)
  const categories = usePayload(keys.categories)
  const open = usePayload(keys.open)
  const categoryItems = [...(categories.data?.content ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const openItems = open.data?.content ?? []
  const title = t('routes.projects')
  // The sectors are counted from the site settings, which stream: a blank figure holds their place until then.
  const stats = (sectors: number | string): Stat[] => [
    { value: categories.data?.pageable?.total ?? categoryItems.length, label: t('guide.hub.statCategories') },
    { value: sectors, label: t('guide.hub.statSectors') },
    ...(open.data ? [{ value: open.data.pageable?.total ?? openItems.length, label: t('guide.hub.statOpen') }] : []),
  ]
  const entries = [
    {
      to: href('project-category-list', { locale }),
      title: t('guide.hub.entryCategories'),
      text: t('guide.hub.entryCategoriesText'),
    },
    { to: href('explore', { locale }), title: t('guide.hub.entrySectors'), text: t('guide.hub.entrySectorsText') },
    { to: '#open-projects', title: t('guide.hub.entryOpen'), text: t('guide.hub.entryOpenText') },
  ]
  return (
    <main id="main" className="page page--flush guide">
      <GuideStyles />
      <PageTitle title={title} description={t('guide.hub.lead')} />
      <Hero
        tone="deep"
        size="large"
        kicker={t('nav.guide')}
        title={title}
        lead={t('guide.hub.lead')}
        seed="guide-project"
        actions={
          <>
            <Button
              to={href('project-category-list', { locale })}
              label={t('guide.hub.browse')}
              iconName="arrow-right"
              afterIcon
            />
            <Button to={href('explore', { locale })} variant="outline" label={t('guide.hub.sectors')} />
          </>
        }
      >
        <Section
          keys={[siteKeys.settings()]}
          fallback={<StatBlocks items={stats('\u00a0')} tone="deep" className="guide-hub__stats" />}
        >
          <HubStats stats={stats} />
        </Section>
      </Hero>

      <section className="section" aria-labelledby="entry-title">
        <div className="container">
          <div className="section__header">
            <h2 id="entry-title">{t('guide.hub.entryTitle')}</h2>
          </div>
          <ul className="guide-entries">
            {entries.map((e) => (
              <li key={e.to}>
                {e.to.startsWith('#') ? (
                  <a href={e.to} className="guide-entry">
                    <span className="guide-entry__title">{e.title}</span>
                    <span className="guide-entry__text">{e.text}</span>
                    <Icon name="arrow-right" className="guide-entry__arrow" />
                  </a>
                ) : (
                  <Link to={e.to} className="guide-entry">
                    <span className="guide-entry__title">{e.title}</span>
                    <span className="guide-entry__text">{e.text}</span>
                    <Icon name="arrow-right" className="guide-entry__arrow" />
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="categories-title">
        <div className="container">
          <div className="section__header">
            <h2 id="categories-title">{t('guide.hub.categoriesTitle')}</h2>
            <Link to={href('project-category-list', { locale })} className="section__more">
              {t('guide.hub.allCategories')}
            </Link>
          </div>
          {categories.error ? (
            <ErrorState error={categories.error} headingLevel={3} />
          ) : (
            <CardGrid columns={3}>
              {categoryItems.map((c) => (
                <CategoryCard key={c.id} category={c} />
              ))}
            </CardGrid>
          )}
        </div>
      </section>

      <section className="section section--tint" id="open-projects" aria-labelledby="open-title" tabIndex={-1}>
        <div className="container">
          <div className="section__header">
            <h2 id="open-title">{t('guide.hub.openTitle')}</h2>
            <p>{t('guide.hub.openIntro')}</p>
          </div>
          {open.error ? (
            <ErrorState error={open.error} headingLevel={3} />
          ) : (
            <CardGrid columns={3}>
              {openItems.map((p) => (
                <ProjectCard key={p.id} project={p} />
              ))}
            </CardGrid>
          )}
        </div>
      </section>

      <section className="section" aria-labelledby="next-title">
        <div className="container">
          <h2 id="next-title" className="visually-hidden">
            {t('guide.next.title')}
          </h2>
          <CardGrid columns={2}>
            <Card
              variant="compact"
              to={href('guide-register-business', { locale })}
              title={t('guide.hub.proposeTitle')}
              description={<p>{t('guide.hub.proposeText')}</p>}
            />
            <Card
              variant="compact"
              to={href('guide-partnership', { locale })}
              title={t('guide.hub.pppTitle')}
              description={<p>{t('guide.hub.pppText')}</p>}
            />
          </CardGrid>
        </div>
      </section>
    </main>
  )
}

/** The hub's figures, with the number of sectors the upstream names. */
function HubStats({ stats }: { stats: (sectors: number) => Stat[] }) {
  return <StatBlocks items={stats(useSectors().length)} tone="deep" className="guide-hub__stats" />
}
