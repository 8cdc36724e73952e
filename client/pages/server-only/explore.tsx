/** `/guide/explore`: the sectors open to investors, each leading to its page with figures and a brief. */
import { siteKeys } from '../../../shared/keys/site-keys'
import { href } from '../../../shared/routing/match'
import { GuideLinks } from '../../features/guide/guide-links'
import { GuideStyles } from '../../features/guide/guide-styles'
import { SECTORS, useSectors } from '../../features/guide/sectors'
import { Section } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { Hero } from '../../ui/hero'
import { PageTitle } from '../../ui/page-title'
import { SkeletonCardGrid } from '../../ui/skeleton'

/** The sectors the upstream names (`sectors.tsx`), each a card leading to its page. */
function SectorCards() {
  const t = useT()
  const locale = useLocale()
  const sectors = useSectors()
  if (sectors.length === 0) return <EmptyState headingLevel={3} message={<p>{t('guide.explore.none')}</p>} />
  return (
    <CardGrid columns={3} className="guide-sectors">
      {sectors.map((s) => (
        <Card
          key={s.slug}
          to={href('sector', { locale, params: { sector: s.slug } })}
          title={s.name}
          description={s.tagline ? <p>{s.tagline}</p> : undefined}
        />
      ))}
    </CardGrid>
  )
}

export function Page() {
  const t = useT()
  const locale = useLocale()
  const title = t('routes.explore')
  return (
    <main id="main" className="page page--flush guide">
      <GuideStyles />
      <PageTitle title={title} description={t('guide.explore.lead')} />
      <Hero
        tone="deep"
        kicker={t('nav.guide')}
        title={title}
        lead={t('guide.explore.lead')}
        seed="guide-explore"
        art="girih"
        actions={
          <Button
            to={href('guide-project', { locale })}
            label={t('guide.explore.projects')}
            iconName="arrow-right"
            afterIcon
          />
        }
      />
      <section className="section" aria-labelledby="sectors-title">
        <div className="container">
          <div className="section__header">
            <h2 id="sectors-title">{t('guide.explore.sectorsTitle')}</h2>
            <p>{t('guide.explore.sectorsIntro')}</p>
          </div>
          <Section
            keys={[siteKeys.settings()]}
            fallback={<SkeletonCardGrid count={SECTORS.length} columns={3} image={false} />}
          >
            <SectorCards />
          </Section>
        </div>
      </section>
      <section className="section section--tint">
        <div className="container guide-explore__more">
          <GuideLinks />
        </div>
      </section>
    </main>
  )
}
