/**
 * `/service/e-auction/{lot_number}`: one lot with its gallery, prices, auction date, status, contacts, map link and
 * apply
 * link. Price, status and end of applications stay current while the page is open (docs/decisions/0018-realtime-hub.md).
 */
import { eAuctionLotPlan } from '../../shared/plans/trading'
import { Countdown } from '../features/services/countdown'
import { ExternalLink } from '../features/services/external-link'
import { depositOf, eAuctionLotUrl, lotPhotos, osmLink } from '../features/services/lot-format'
import { LotPriceFacts } from '../features/services/lot-price-facts'
import { useLiveLot } from '../features/services/use-live-lot'
import { useOpenUntil } from '../features/services/use-open-until'
import { useFormat } from '../lib/format'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { LiveRegion } from '../runtime/realtime/live-announcer'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { DetailsRow } from '../ui/details-row'
import { LightboxOpener } from '../ui/lightbox'

/**
 * What never changes while the page is open (title, photos, fixed details, map link, contacts) is kept as the edge drew
 * it; the photos open in the lightbox the page puts around them.
 */
const parts = () => import('../features/services/lot-parts')
const LotHero = staticSection(() => parts().then((m) => m.LotHero), { head: true })
const LotDetails = staticSection(() => parts().then((m) => m.LotDetails))
const LotMapLink = staticSection(() => parts().then((m) => m.LotMapLink))
const LotContacts = staticSection(() => parts().then((m) => m.LotContacts))
const LotPhotos = staticSection(() => parts().then((m) => m.LotPhotos))

/** Drawn in the browser after a client navigation, the static parts load with the page. */
export const preload = parts

export function Page() {
  const t = useT()
  const f = useFormat()
  const { params, keys } = useRouteData(eAuctionLotPlan)
  const lotNumber = params.id
  const { data } = usePayload(keys.lot)
  const live = useLiveLot(lotNumber, data?.content)
  const lot = live.lot
  const { open, close } = useOpenUntil(lot?.order_end_time)
  const title = lot?.property ?? t('routes.eAuctionLot')
  if (!lot) return null
  const photos = lotPhotos(lot, (n) => t('services.lot.photoAlt', { title, n }))
  const deposit = depositOf(lot.price, lot.zaklad_summa, lot.zaklad_percent)
  return (
    <main id="main" className="page page--flush services-page">
      <LotHero props={{ lotKey: keys.lot, lotNumber }} />
      <div className="container services-body with-aside lot-page">
        <div className="lot-page__main">
          {photos.length > 0 && (
            <section className="lot-page__block" aria-labelledby="lot-photos">
              <h2 id="lot-photos">{t('services.lot.photos')}</h2>
              <LightboxOpener images={photos} label={t('services.lot.photosOf', { title })}>
                <LotPhotos props={{ lotKey: keys.lot }} />
              </LightboxOpener>
            </section>
          )}
          <section className="lot-page__block" aria-labelledby="lot-details">
            <h2 id="lot-details">{t('services.lot.details')}</h2>
            <dl className="details-list">
              <DetailsRow label={t('services.lot.status')} value={lot.lot_status} />
              <DetailsRow label={t('services.lot.ordersEnd')} value={f.dateTime(lot.order_end_time)} />
            </dl>
            <LotDetails as="dl" className="details-list--continued" props={{ lotKey: keys.lot }} />
            {osmLink(lot.lat, lot.lng) && <LotMapLink as="p" className="lot-page__map" props={{ lotKey: keys.lot }} />}
          </section>
          {(lot.customer_name || lot.customer_phone || lot.customer_email) && (
            <LotContacts
              as="section"
              className="lot-page__block"
              aria-labelledby="lot-contacts"
              props={{ lotKey: keys.lot }}
            />
          )}
        </div>
        <aside className="with-aside__aside lot-page__aside" aria-labelledby="lot-terms">
          <div className="panel lot-terms">
            <h2 id="lot-terms" className="lot-terms__title">
              {t('services.lot.terms')}
            </h2>
            <LiveRegion message={live.message} state={live.status} />
            <dl className="lot-facts lot-facts--stacked">
              <LotPriceFacts price={lot.price} deposit={deposit} percent={lot.zaklad_percent} />
            </dl>
            {lot.order_end_time && (
              <Countdown
                end={lot.order_end_time}
                label={t('services.lots.closesIn')}
                onEnd={close}
                className="countdown--compact"
              />
            )}
            {open ? (
              <ExternalLink
                href={lot.external_link || eAuctionLotUrl(lot.lot)}
                className="btn btn--solid btn--lg btn--primary lot-terms__apply"
              >
                {t('services.lots.apply')}
              </ExternalLink>
            ) : (
              <p className="lot-terms__closed">{t('services.lot.closedHint')}</p>
            )}
          </div>
        </aside>
      </div>
    </main>
  )
}
