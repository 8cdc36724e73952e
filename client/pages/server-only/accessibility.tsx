/**
 * `/accessibility`: the accessibility statement (docs/product.md#accessibility-statement), on the GOV.UK model: how
 * accessible the portal is, its conformance with WCAG 2.2 AA as the automated axe sweep measures it, the known issues,
 * how to report a problem, and when the statement was last reviewed. Drawn by the edge alone.
 */
import { href } from '../../../shared/routing/match'
import { SitePageHead } from '../../features/site/site-page-head'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { PageTitle } from '../../ui/page-title'

/** When the statement was last reviewed against the axe sweep: update it with each review. */
const REVIEWED = '2026-11-28'

/** The known issues the statement lists, by their keys under `accessibility.issues`. */
const ISSUES = ['documents', 'images', 'externalMaps', 'projectMap', 'editorText'] as const
/** What a reader can do on the portal, by their keys under `accessibility.able`. */
const ABLE = ['zoom', 'keyboard', 'screenReader', 'contrast', 'motion'] as const

export function Page() {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const title = t('accessibility.title')
  const site = t('site.name')
  return (
    <main id="main" className="page site-page">
      <SitePageHead />
      <PageTitle title={title} description={t('accessibility.lead', { site })} />
      <div className="container">
        <Breadcrumbs items={[{ label: title }]} />
        <header className="page-header site-page__header">
          <h1>{title}</h1>
          <p className="lead">{t('accessibility.lead', { site })}</p>
        </header>
        <div className="site-page__prose prose">
          <p>{t('accessibility.able.intro')}</p>
          <ul>
            {ABLE.map((k) => (
              <li key={k}>{t(`accessibility.able.${k}`)}</li>
            ))}
          </ul>
          <h2>{t('accessibility.statusTitle')}</h2>
          <p>{t('accessibility.status')}</p>
          <p>{t('accessibility.measured')}</p>
          <h2>{t('accessibility.issuesTitle')}</h2>
          <p>{t('accessibility.issuesIntro')}</p>
          <ul>
            {ISSUES.map((k) => (
              <li key={k}>{t(`accessibility.issues.${k}`)}</li>
            ))}
          </ul>
          <h2>{t('accessibility.reportTitle')}</h2>
          <p>
            {t('accessibility.report')} <Link to={href('contacts', { locale })}>{t('accessibility.reportLink')}</Link>
          </p>
          <p>{t('accessibility.reportPage')}</p>
          <h2>{t('accessibility.preparedTitle')}</h2>
          <p>{t('accessibility.prepared', { date: f.date(REVIEWED) })}</p>
        </div>
      </div>
    </main>
  )
}
