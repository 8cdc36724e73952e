/**
 * `/service/uz-ex`: lots on the Uzbek Republican Commodity Exchange with products, start cost, countdown and offer
 * link.
 */

import type { UzexLot } from '../../contract/gateway/services'
import type { Key } from '../../shared/keys/api-keys'
import { UZEX_PAGE_SIZE } from '../../shared/keys/trading-keys'
import { uzExPlan } from '../../shared/plans/trading'
import { ServicesStyles } from '../features/services/services-styles'
import { UzexLotPanel } from '../features/services/uzex-lot'
import { useFormat } from '../lib/format'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { PageTitle } from '../ui/page-title'
import { StaticPagination } from '../ui/static-pagination'

/** The hero is kept as the edge drew it; the lots hydrate, their countdowns run. */
const UzexHero = staticSection(() => import('../features/services/trading-heroes').then((m) => m.UzexHero))
export const preload = UzexHero.preload

/** Shown only when the lots fail to load or there are none: their code loads with that answer. */
const ErrorState = lazyComponent(() => import('../ui/error-state').then((m) => m.ErrorState))
const EmptyState = lazyComponent(() => import('../ui/empty-state').then((m) => m.EmptyState))

export function Page() {
  const t = useT()
  const { query, keys } = useRouteData(uzExPlan)
  const pageNumber = query.page ?? 0
  const title = t('routes.uzEx')
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle
        title={pageNumber > 0 ? t('services.lots.pageTitle', { title, page: pageNumber + 1 }) : title}
        description={t('services.uzex.description')}
      />
      <UzexHero as="section" className="hero hero--light hero--default" props={{}} />
      <div className="container services-body">
        <UzexList listKey={keys.lots} page={pageNumber} />
      </div>
    </main>
  )
}

function UzexList({ listKey, page }: { listKey: Key<UzexLot[]>; page: number }) {
  const t = useT()
  const f = useFormat()
  const { data, error } = usePayload(listKey)
  if (error) return <ErrorState error={error} />
  const lots = data?.content ?? []
  if (!lots.length)
    return <EmptyState title={t('services.lots.empty')} message={<p>{t('services.lots.emptyHint')}</p>} />
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
      <StaticPagination
        props={{
          routeId: 'uz-ex',
          page,
          totalPages: Math.ceil(total / UZEX_PAGE_SIZE),
          label: t('services.lots.pages'),
        }}
      />
    </>
  )
}
