/** `/guide/explore/{sector}`: one sector's brief — summary, key figures with their year, the text and next steps. */

import { sectorPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { GuideStyles } from '../../features/guide/guide-styles'
import { toNumber } from '../../features/guide/guide-utils'
import { NextSteps } from '../../features/guide/next-steps'
import { readSectorBrief } from '../../features/guide/sector-brief'
import { SectorLinks } from '../../features/guide/sector-links'
import { builtInSectorName } from '../../features/guide/sectors'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { HtmlContent } from '../../ui/html-content'
import { PageTitle } from '../../ui/page-title'
import { type Stat, StatBlocks } from '../../ui/stat-blocks'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(sectorPlan)
  const { sector } = params
  const { data, error } = usePayload(keys.page)
  const page = data?.content
  if (!page) {
    const name = builtInSectorName(t, sector)
    return (
      <main id="main" className="container page">
        <PageTitle title={name} />
        <h1>{name}</h1>
        <ErrorState error={error} />
      </main>
    )
  }
  const title = page.title || builtInSectorName(t, sector)
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
      <PageTitle title={title} description={brief.summary ?? undefined} />
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
