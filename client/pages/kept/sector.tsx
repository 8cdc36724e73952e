/** `/guide/explore/{sector}`: one sector's brief — summary, key figures with their year, the text and next steps. */
import { href } from '../../../shared/match'
import { sectorPlan } from '../../../shared/plans/guide'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { ErrorState } from '../../components/error-state'
import { GuideStyles } from '../../components/guide/guide-styles'
import { NextSteps } from '../../components/guide/next-steps'
import { readSectorBrief } from '../../components/guide/sector-brief'
import { SectorLinks } from '../../components/guide/sector-links'
import { type GuidePage, toNumber } from '../../components/guide/types'
import { Hero } from '../../components/hero'
import { HtmlContent } from '../../components/html-content'
import { PageTitle } from '../../components/page-title'
import { type Stat, StatBlocks } from '../../components/stat-blocks'
import { usePayload } from '../../data'
import { useLocale, useT } from '../../i18n'
import { useRouteData } from '../../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(sectorPlan)
  const { sector } = params
  const { data, error } = usePayload<GuidePage>(keys.page)
  const page = data?.content
  if (!page) {
    const name = t(`guide.sectors.${sector}.name`)
    return (
      <main id="main" className="container page">
        <PageTitle title={name} />
        <h1>{name}</h1>
        <ErrorState error={error} />
      </main>
    )
  }
  const title = page.title || t(`guide.sectors.${sector}.name`)
  const brief = readSectorBrief(page)
  const figures: Stat[] = brief.figures.map((fig) => ({
    value: toNumber(fig.value) ?? String(fig.value),
    unit: fig.unit ?? undefined,
    label: fig.label,
    source: fig.year ? String(fig.year) : undefined,
  }))
  return (
    <main id="main" className="page page--flush guide">
      <GuideStyles />
      <PageTitle title={title} description={brief.summary ?? t(`guide.sectors.${sector}.tagline`)} />
      <Hero
        tone="light"
        kicker={t('guide.explore.kicker')}
        title={title}
        lead={brief.summary ?? undefined}
        seed={`sector-${sector}`}
        art="girih"
        before={
          <Breadcrumbs items={[{ label: t('routes.explore'), to: href('explore', { locale }) }, { label: title }]} />
        }
      />
      <div className="container section">
        {figures.length ? (
          <section className="guide-figures" aria-labelledby="figures-title">
            <h2 id="figures-title">{t('guide.sector.figures')}</h2>
            <StatBlocks items={figures} />
            <p className="guide-figures__note">{t('guide.sector.figuresNote')}</p>
          </section>
        ) : null}
        <div className="with-aside">
          <article className="guide-article">
            <HtmlContent html={brief.content} />
          </article>
          <aside className="with-aside__aside guide-aside" aria-label={t('guide.asideLabel')}>
            <NextSteps
              title={t('guide.next.title')}
              intro={t('guide.sector.nextIntro')}
              links={[
                { to: href('guide-project', { locale }), label: t('guide.next.projects'), icon: 'briefcase' },
                {
                  to: href('guide-register-investor', { locale }),
                  label: t('guide.next.registerInvestor'),
                  icon: 'user',
                },
                { to: href('contact-us', { locale }), label: t('guide.next.contact'), icon: 'message' },
              ]}
            />
            <SectorLinks current={sector} />
          </aside>
        </div>
      </div>
    </main>
  )
}
