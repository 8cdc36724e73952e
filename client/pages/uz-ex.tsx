/** `/service/uz-ex`: lots on the Uzbek Republican Commodity Exchange with products, start cost, countdown and offer link. */
import { href } from '../../shared/match'
import { UZEX_PAGE_SIZE } from '../../shared/service-keys'
import { uzExPlan } from '../../shared/plans/services'
import { Breadcrumbs } from '../components/breadcrumbs'
import { EmptyState } from '../components/empty-state'
import { ErrorState } from '../components/error-state'
import { useFormat } from '../components/format'
import { Hero } from '../components/hero'
import { PageTitle } from '../components/page-title'
import { Pagination } from '../components/pagination'
import { ServicesStyles } from '../components/services/services-styles'
import { ServicesTabs } from '../components/services/services-tabs'
import type { UzexLot } from '../components/services/types'
import { UzexLotPanel } from '../components/services/uzex-lot'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { useRouteData } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(uzExPlan)
  const pageNumber = query.page ?? 0
  const title = t('routes.uzEx')
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={pageNumber > 0 ? t('services.lots.pageTitle', { title, page: pageNumber + 1 }) : title} description={t('services.uzex.description')} />
      <Hero
        tone="light"
        title={title}
        kicker={t('routes.services')}
        lead={t('services.uzex.description')}
        seed="uz-ex"
        before={<Breadcrumbs items={[{ label: t('routes.services'), to: href('service-category-index', { locale }) }, { label: title }]} />}
      >
        <ServicesTabs />
      </Hero>
      <div className="container services-body">
        <UzexList listKey={keys.lots} page={pageNumber} />
      </div>
    </main>
  )
}

function UzexList({ listKey, page }: { listKey: string; page: number }) {
  const t = useT()
  const f = useFormat()
  const { data, error } = usePayload<UzexLot[]>(listKey)
  if (error) return <ErrorState error={error} />
  const lots = data?.content ?? []
  if (!lots.length) return <EmptyState title={t('services.lots.empty')} message={<p>{t('services.lots.emptyHint')}</p>} />
  const total = data?.pageable?.total ?? lots.length
  return (
    <>
      <p className="services-count">{t('services.lots.count', { count: f.number(total) })}</p>
      <ul className="uzex-list">
        {lots.map((lot) => (
          <li key={lot.lot_id}>
            <UzexLotPanel lot={lot} />
          </li>
        ))}
      </ul>
      <Pagination routeId="uz-ex" page={page} totalPages={Math.ceil(total / UZEX_PAGE_SIZE)} label={t('services.lots.pages')} />
    </>
  )
}
