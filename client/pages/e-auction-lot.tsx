/**
 * `/service/e-auction/{lot_number}`: one lot with its gallery, prices, auction date, status, contacts, map link and apply
 * link. Price, status and end of applications stay current while the page is open (docs/architecture.md#realtime).
 */
import { href } from '../../shared/match'
import { serviceKeys } from '../../shared/service-keys'
import { Breadcrumbs } from '../components/breadcrumbs'
import { Countdown } from '../components/countdown'
import { useFormat } from '../components/format'
import { Hero } from '../components/hero'
import { Icon } from '../components/icon'
import { Lightbox } from '../components/lightbox'
import { PageTitle } from '../components/page-title'
import { ExternalLink } from '../components/services/external-link'
import { auctionStart, depositOf, eAuctionLotUrl, formatPhone, osmLink } from '../components/services/lot-format'
import { ServicesStyles } from '../components/services/services-styles'
import { ServicesTabs } from '../components/services/services-tabs'
import { regionName, type AuctionLotDetail } from '../components/services/types'
import { LotPriceFacts } from '../components/services/lot-price-facts'
import { useLiveLot } from '../components/services/use-live-lot'
import { useOpenUntil } from '../components/services/use-open-until'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { LiveRegion } from '../realtime/live-announcer'
import { useRouter } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { route } = useRouter()
  const lotNumber = route.params.id!
  const { data } = usePayload<AuctionLotDetail>(serviceKeys.auctionLot(lotNumber))
  const live = useLiveLot(lotNumber, data?.content)
  const lot = live.lot
  const { open, close } = useOpenUntil(lot?.order_end_time)
  const listTitle = t('routes.eAuction')
  const title = lot?.property ?? t('routes.eAuctionLot')
  if (!lot) return null
  const deposit = depositOf(lot.price, lot.zaklad_summa, lot.zaklad_percent)
  const map = osmLink(lot.lat, lot.lng)
  const region = regionName(lot.region)
  const images = [...new Set([lot.main_image, ...(lot.images ?? []).map((i) => i.image)].filter((src): src is string => Boolean(src)))]
  const start = auctionStart(lot.auction_date, lot.auction_time)
  const auctionWhen = start ? (lot.auction_time ? f.dateTime(start) : f.date(start)) : ''
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={title} description={t('services.lot.description', { number: String(lot.lot), price: f.money(lot.price, 'UZS') })} />
      <Hero
        tone="light"
        title={title}
        kicker={t('services.lots.lotNumber', { number: String(lot.lot) })}
        lead={lot.address ?? undefined}
        seed={`lot-${lotNumber}`}
        before={
          <Breadcrumbs
            items={[
              { label: t('routes.services'), to: href('service-category-index', { locale }) },
              { label: listTitle, to: href('e-auction', { locale }) },
              { label: t('services.lots.lotNumber', { number: String(lot.lot) }) },
            ]}
          />
        }
      >
        <ServicesTabs />
      </Hero>
      <div className="container services-body with-aside lot-page">
        <div className="lot-page__main">
          {images.length > 0 && (
            <section className="lot-page__block" aria-labelledby="lot-photos">
              <h2 id="lot-photos">{t('services.lot.photos')}</h2>
              <Lightbox
                label={t('services.lot.photosOf', { title })}
                images={images.map((src, i) => ({ src, alt: t('services.lot.photoAlt', { title, n: i + 1 }), width: 640, height: 480 }))}
              />
            </section>
          )}
          <section className="lot-page__block" aria-labelledby="lot-details">
            <h2 id="lot-details">{t('services.lot.details')}</h2>
            <dl className="details-list">
              <Row label={t('services.lot.status')} value={lot.lot_status} />
              <Row label={t('services.lot.group')} value={lot.property_group} />
              <Row label={t('services.lot.category')} value={lot.property_category} />
              <Row label={t('services.lots.area')} value={typeof lot.area === 'number' ? t('services.lots.areaValue', { value: f.number(lot.area) }) : null} />
              <Row label={t('services.lot.region')} value={region} />
              <Row label={t('services.lot.address')} value={lot.address} />
              <Row label={t('services.lot.auctionDate')} value={auctionWhen} />
              <Row label={t('services.lot.ordersEnd')} value={f.dateTime(lot.order_end_time)} />
              <Row label={t('services.lot.views')} value={typeof lot.view_count === 'number' ? f.number(lot.view_count) : null} />
            </dl>
            {map && (
              <p className="lot-page__map">
                <ExternalLink href={map}>{t('services.lot.map')}</ExternalLink>
              </p>
            )}
          </section>
          {(lot.customer_name || lot.customer_phone || lot.customer_email) && (
            <section className="lot-page__block" aria-labelledby="lot-contacts">
              <h2 id="lot-contacts">{t('services.lot.contacts')}</h2>
              <ul className="lot-contacts">
                {lot.customer_name && (
                  <li><Icon name="user" /><span><span className="visually-hidden">{t('services.lot.seller')}: </span>{lot.customer_name}</span></li>
                )}
                {lot.customer_phone && (
                  <li><Icon name="phone" /><a href={`tel:+${lot.customer_phone.replace(/\D/g, '')}`}>{formatPhone(lot.customer_phone)}</a></li>
                )}
                {lot.customer_email && (
                  <li><Icon name="mail" /><a href={`mailto:${lot.customer_email}`}>{lot.customer_email}</a></li>
                )}
              </ul>
            </section>
          )}
        </div>
        <aside className="with-aside__aside lot-page__aside" aria-labelledby="lot-terms">
          <div className="panel lot-terms">
            <h2 id="lot-terms" className="lot-terms__title">{t('services.lot.terms')}</h2>
            <LiveRegion message={live.message} state={live.status} />
            <dl className="lot-facts lot-facts--stacked">
              <LotPriceFacts price={lot.price} deposit={deposit} percent={lot.zaklad_percent} />
            </dl>
            {lot.order_end_time && <Countdown end={lot.order_end_time} label={t('services.lots.closesIn')} onEnd={close} className="countdown--compact" />}
            {open ? (
              <ExternalLink href={lot.external_link || eAuctionLotUrl(lot.lot)} className="btn btn--solid btn--lg btn--primary lot-terms__apply">
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

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
