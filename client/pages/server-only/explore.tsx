/** `/guide/explore`: the fourteen sectors open to investors, each leading to its page with figures and a brief. */
import { href } from '../../../shared/routing/match'
import { SECTORS } from '../../../shared/routing/routes'
import { GuideLinks } from '../../features/guide/guide-links'
import { GuideStyles } from '../../features/guide/guide-styles'
import { useLocale, useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { Hero } from '../../ui/hero'
import { PageTitle } from '../../ui/page-title'

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
          <CardGrid columns={3} className="guide-sectors">
            {SECTORS.map((s) => (
              <Card
                key={s}
                to={href('sector', { locale, params: { sector: s } })}
                title={t(`guide.sectors.${s}.name`)}
                description={<p>{t(`guide.sectors.${s}.tagline`)}</p>}
              />
            ))}
          </CardGrid>
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
