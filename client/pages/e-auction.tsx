/**
 * `/service/e-auction`: state property on the e-auction, each lot with its prices, a live countdown and the apply link.
 * The lots' prices and deadlines follow the `lots` channel while the page is open (docs/decisions/0018-realtime-hub.md).
 */
import { useCallback, useRef, useState } from 'react'
import type { AuctionLot } from '../../contract/gateway/services'
import type { Key } from '../../shared/keys/api-keys'
import { AUCTION_PAGE_SIZE } from '../../shared/keys/trading-keys'
import { eAuctionPlan } from '../../shared/plans/trading'
import { LOTS_CHANNEL, type LotEvent, type RealtimeMessage } from '../../shared/realtime/realtime'
import { LotCard, preloadLotCard } from '../features/services/lot-card'
import { ServicesStyles } from '../features/services/services-styles'
import { useFormat } from '../lib/format'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { LiveRegion, useLiveAnnouncer } from '../runtime/realtime/live-announcer'
import { useChannel } from '../runtime/realtime/use-channel'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { CardGrid } from '../ui/card-grid'
import { PageTitle } from '../ui/page-title'
import { StaticPagination } from '../ui/static-pagination'

/** The hero and each lot's picture and heading are kept as the edge drew them; the lots' live parts hydrate. */
const AuctionHero = staticSection(() => import('../features/services/trading-heroes').then((m) => m.AuctionHero))
export const preload = () => Promise.all([AuctionHero.preload(), preloadLotCard()])

/** Shown only when the lots fail to load or there are none: their code loads with that answer. */
const ErrorState = lazyComponent(() => import('../ui/error-state').then((m) => m.ErrorState))
const EmptyState = lazyComponent(() => import('../ui/empty-state').then((m) => m.EmptyState))

export function Page() {
  const t = useT()
  const { query, keys } = useRouteData(eAuctionPlan)
  const pageNumber = query.page ?? 0
  const title = t('routes.eAuction')
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle
        title={pageNumber > 0 ? t('services.lots.pageTitle', { title, page: pageNumber + 1 }) : title}
        description={t('services.auction.description')}
      />
      <AuctionHero as="section" className="hero hero--light hero--default" props={{}} />
      <div className="container services-body">
        <LotList listKey={keys.lots} page={pageNumber} />
      </div>
    </main>
  )
}

function LotList({ listKey, page }: { listKey: Key<AuctionLot[]>; page: number }) {
  const t = useT()
  const f = useFormat()
  const { data, error } = usePayload(listKey)
  const lots = data?.content ?? []
  const [changes, setChanges] = useState<Record<string, LotEvent>>({})
  const [message, announce] = useLiveAnnouncer()
  const shown = useRef(lots)
  shown.current = lots
  const onMessage = useCallback(
    ({ event }: RealtimeMessage) => {
      if (event.type !== 'lot' || !shown.current.some((lot) => String(lot.lot_number) === event.lot)) return
      setChanges((c) => ({ ...c, [event.lot]: event }))
      announce(() => t('realtime.lotChanged', { number: event.lot }))
    },
    [announce, t],
  )
  const status = useChannel(lots.length ? LOTS_CHANNEL : null, onMessage)
  if (error) return <ErrorState error={error} />
  if (!lots.length)
    return <EmptyState title={t('services.lots.empty')} message={<p>{t('services.lots.emptyHint')}</p>} />
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
      <StaticPagination
        props={{
          routeId: 'e-auction',
          page,
          totalPages: Math.ceil(total / AUCTION_PAGE_SIZE),
          label: t('services.lots.pages'),
        }}
      />
    </section>
  )
}

/** A listed lot with the last change its channel brought. */
function withChange(lot: AuctionLot, change: LotEvent | undefined): AuctionLot {
  return change
    ? { ...lot, start_price: change.price, zakalad_amount: change.deposit, order_end_time: change.order_end_time }
    : lot
}
