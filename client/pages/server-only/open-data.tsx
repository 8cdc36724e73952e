/**
 * `/open-data`: the datasets the portal publishes (docs/product.md#open-data), each with its downloads, what it holds
 * and when it last changed; the licence; and the feeds. Drawn by the edge alone.
 */

import { openDataPlan } from '../../../shared/plans/open-data'
import { DATA_FORMATS, type Dataset, dataHref, FEEDS, feedHref, OPEN_DATA_LICENCE } from '../../../shared/routing/files'
import { href } from '../../../shared/routing/match'
import { SitePageHead } from '../../features/site/site-page-head'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { PageTitle } from '../../ui/page-title'

/** The latest of some update times, or null. */
function latest(times: readonly (string | null | undefined)[]): string | null {
  const ms = times.map((t) => (t ? Date.parse(t) : Number.NaN)).filter((n) => !Number.isNaN(n))
  return ms.length ? new Date(Math.max(...ms)).toISOString() : null
}

export function Page() {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const { keys } = useRouteData(openDataPlan)
  const lastProject = usePayload(keys.lastProject).data?.content?.[0]?.updated_at ?? null
  const regions = latest((usePayload(keys.territories).data?.content ?? []).map((r) => r.updated_at))
  const updated: Record<Dataset, string | null> = { projects: lastProject, regions }
  const title = t('openData.title')
  return (
    <main id="main" className="page site-page open-data">
      <SitePageHead />
      <PageTitle title={title} description={t('openData.lead')} />
      <div className="container">
        <Breadcrumbs items={[{ label: title }]} />
        <header className="page-header site-page__header">
          <h1>{title}</h1>
          <p className="lead">{t('openData.lead')}</p>
        </header>
        <ul className="open-data__sets">
          {(['projects', 'regions'] as const).map((dataset) => {
            const name = t(`openData.${dataset}.title`)
            const date = updated[dataset]
            return (
              <li key={dataset} className="open-data__set" aria-labelledby={`dataset-${dataset}`}>
                <h2 id={`dataset-${dataset}`}>{name}</h2>
                <p>{t(`openData.${dataset}.description`)}</p>
                <p className="muted">
                  {date ? t('openData.updated', { date: f.date(date) }) : t('openData.updatedUnknown')}
                </p>
                <ul className="cluster open-data__files">
                  {DATA_FORMATS.map((format) => (
                    <li key={format}>
                      <a
                        className="btn btn--outline btn--sm btn--primary"
                        href={dataHref(locale, dataset, format)}
                        download
                        aria-label={t('openData.download', { dataset: name, format: t(`openData.${format}`) })}
                      >
                        {t(`openData.${format}`)}
                      </a>
                    </li>
                  ))}
                </ul>
                {dataset === 'projects' && (
                  <p>
                    {t('openData.filtered')}{' '}
                    <Link to={href('all-projects', { locale })}>{t('openData.allProjectsLink')}</Link>
                  </p>
                )}
              </li>
            )
          })}
        </ul>
        <section aria-labelledby="open-data-licence" className="site-page__prose">
          <h2 id="open-data-licence">{t('openData.licenceTitle')}</h2>
          <p>
            {t('openData.licence', { publisher: t('site.name') })}{' '}
            <a href={OPEN_DATA_LICENCE.url} rel="license">
              {t('openData.licenceLink')}
            </a>
          </p>
          <h2>{t('openData.formatsTitle')}</h2>
          <p>{t('openData.formats')}</p>
          <h2>{t('openData.feedsTitle')}</h2>
          <p>{t('openData.feedsIntro')}</p>
          <ul>
            {FEEDS.map((feed) => (
              <li key={feed}>
                <a href={feedHref(locale, feed)} type="application/atom+xml">
                  {t(`feeds.${feed}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  )
}
