/**
 * `/service/e-auction`: state property on the e-auction, each lot with its prices, a live countdown and the apply link.
 * The lots' prices and deadlines follow the `lots` channel while the page is open (docs/architecture.md#realtime).
 */
import { useCallback, useRef, useState } from 'react'
import { href } from '../../shared/match'
import { eAuctionPlan } from '../../shared/plans/services'
import { LOTS_CHANNEL, type LotEvent, type RealtimeMessage } from '../../shared/realtime'
import { AUCTION_PAGE_SIZE } from '../../shared/service-keys'
import { Breadcrumbs } from '../components/breadcrumbs'
import { CardGrid } from '../components/card-grid'
import { EmptyState } from '../components/empty-state'
import { ErrorState } from '../components/error-state'
import { useFormat } from '../components/format'
import { Hero } from '../components/hero'
import { PageTitle } from '../components/page-title'
import { Pagination } from '../components/pagination'
import { LotCard } from '../components/services/lot-card'
import { ServicesStyles } from '../components/services/services-styles'
import { ServicesTabs } from '../components/services/services-tabs'
import type { AuctionLot } from '../components/services/types'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { LiveRegion, useLiveAnnouncer } from '../realtime/live-announcer'
import { useChannel } from '../realtime/use-channel'
import { useRouteData } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(eAuctionPlan)
  const pageNumber = query.page ?? 0
  const title = t('routes.eAuction')
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={pageNumber > 0 ? t('services.lots.pageTitle', { title, page: pageNumber + 1 }) : title} description={t('services.auction.description')} />
      <Hero tone="light" title={title} kicker={t('routes.services')} lead={t('services.auction.description')} seed="e-auction" before={<Breadcrumbs items={[{ label: t('routes.services'), to: href('service-category-index', { locale }) }, { label: title }]} />}>
        <ServicesTabs />
      </Hero>
      <div className="container services-body">
        <LotList listKey={keys.lots} page={pageNumber} />
      </div>
    </main>
  )
}

function LotList({ listKey, page }: { listKey: string; page: number }) {
  const t = useT()
  const f = useFormat()
  const { data, error } = usePayload<AuctionLot[]>(listKey)
  const lots = data?.content ?? []
  const [changes, setChanges] = useState<Record<string, LotEvent>>({})
  const [message, announce] = useLiveAnnouncer()
  const shown = useRef(lots)
  shown.current = lots
  const onMessage = useCallback(
    ({ event }: RealtimeMessage) => {
      if (event.type !== 'lot' || !shown.current.some((lot) => String(lot.lot_number) === event.lot)) return
      setChanges((c) => ({ ...c, [event.lot]: event }))
      announce(t('realtime.lotChanged', { number: event.lot }))
    },
    [announce, t],
  )
  const status = useChannel(lots.length ? LOTS_CHANNEL : null, onMessage)
  if (error) return <ErrorState error={error} />
  if (!lots.length) return <EmptyState title={t('services.lots.empty')} message={<p>{t('services.lots.emptyHint')}</p>} />
  const total = data?.pageable?.total ?? lots.length
  return (
    <section aria-labelledby="lots-title">
      <div className="section__header">
        <h2 id="lots-title">{t('services.lots.title')}</h2>
        <p>{t('services.lots.count', { count: f.number(total) })}</p>
      </div>
      <CardGrid columns={3}>
        {lots.map((lot) => (
          <LotCard key={lot.order_id ?? lot.lot_number} lot={withChange(lot, changes[String(lot.lot_number)])} />
        ))}
      </CardGrid>
      <LiveRegion message={message} state={status} />
      <Pagination routeId="e-auction" page={page} totalPages={Math.ceil(total / AUCTION_PAGE_SIZE)} label={t('services.lots.pages')} />
    </section>
  )
}

/** A listed lot with the last change its channel brought. */
function withChange(lot: AuctionLot, change: LotEvent | undefined): AuctionLot {
  return change ? { ...lot, start_price: change.price, zakalad_amount: change.deposit, order_end_time: change.order_end_time } : lot
}
