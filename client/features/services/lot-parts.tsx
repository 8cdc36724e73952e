/**
 * The parts of an e-auction lot's page that do not change while it is open: the head (title, breadcrumbs, services
 * tabs and the page's head elements), the lot's photos, its fixed details, its map link and the seller's contacts.
 * Live updates move the price, deposit, status and end of applications, which the page draws itself; these parts it
 * keeps as the edge drew them (`static-section.tsx`), so their code is not part of a first view. Each reads the lot
 * as the page loaded it.
 */

import type { AuctionLotDetail } from '../../../contract/gateway/services'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { DetailsRow } from '../../ui/details-row'
import { Hero } from '../../ui/hero'
import { Icon } from '../../ui/icon'
import { LightboxGrid } from '../../ui/lightbox-grid'
import { PageTitle } from '../../ui/page-title'
import { ExternalLink } from './external-link'
import { auctionStart, formatPhone } from './lot-detail-format'
import { lotPhotos, osmLink } from './lot-format'
import { regionName } from './service-utils'
import { ServicesStyles } from './services-styles'
import { ServicesTabs } from './services-tabs'

export type LotHeroProps = { lotKey: Key<AuctionLotDetail>; lotNumber: string }
export type LotPartProps = { lotKey: Key<AuctionLotDetail> }

const useLot = (lotKey: Key<AuctionLotDetail>) => usePayload(lotKey).data?.content

export function LotHero({ lotKey, lotNumber }: LotHeroProps) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const lot = useLot(lotKey)
  if (!lot) return null
  const title = lot.property ?? t('routes.eAuctionLot')
  const number = t('services.lots.lotNumber', { number: String(lot.lot) })
  return (
    <>
      <ServicesStyles />
      <PageTitle
        title={title}
        description={t('services.lot.description', { number: String(lot.lot), price: f.money(lot.price, 'UZS') })}
      />
      <Hero
        tone="light"
        title={title}
        kicker={number}
        lead={lot.address ?? undefined}
        seed={`lot-${lotNumber}`}
        before={
          <Breadcrumbs
            items={[
              { label: t('routes.services'), to: href('service-category-index', { locale }) },
              { label: t('routes.eAuction'), to: href('e-auction', { locale }) },
              { label: number },
            ]}
          />
        }
      >
        <ServicesTabs />
      </Hero>
    </>
  )
}

/** The rows of the lot's details that never change (the live ones, status and end of applications, come first). */
export function LotDetails({ lotKey }: LotPartProps) {
  const t = useT()
  const f = useFormat()
  const lot = useLot(lotKey)
  if (!lot) return null
  const start = auctionStart(lot.auction_date, lot.auction_time)
  return (
    <>
      <DetailsRow label={t('services.lot.group')} value={lot.property_group} />
      <DetailsRow label={t('services.lot.category')} value={lot.property_category} />
      <DetailsRow
        label={t('services.lots.area')}
        value={typeof lot.area === 'number' ? t('services.lots.areaValue', { value: f.number(lot.area) }) : null}
      />
      <DetailsRow label={t('services.lot.region')} value={regionName(lot.region)} />
      <DetailsRow label={t('services.lot.address')} value={lot.address} />
      <DetailsRow
        label={t('services.lot.auctionDate')}
        value={start ? (lot.auction_time ? f.dateTime(start) : f.date(start)) : ''}
      />
      <DetailsRow
        label={t('services.lot.views')}
        value={typeof lot.view_count === 'number' ? f.number(lot.view_count) : null}
      />
    </>
  )
}

/** The lot's photos as thumbnails; the lightbox the page puts around them opens them. */
export function LotPhotos({ lotKey }: LotPartProps) {
  const t = useT()
  const lot = useLot(lotKey)
  if (!lot) return null
  const title = lot.property ?? t('routes.eAuctionLot')
  return (
    <LightboxGrid
      images={lotPhotos(lot, (n) => t('services.lot.photoAlt', { title, n }))}
      label={t('services.lot.photosOf', { title })}
    />
  )
}

/** The lot on OpenStreetMap, when it has coordinates. */
export function LotMapLink({ lotKey }: LotPartProps) {
  const t = useT()
  const lot = useLot(lotKey)
  const map = lot ? osmLink(lot.lat, lot.lng) : null
  return map ? <ExternalLink href={map}>{t('services.lot.map')}</ExternalLink> : null
}

/** Whom to ask about the lot: the seller's name, phone and e-mail. */
export function LotContacts({ lotKey }: LotPartProps) {
  const t = useT()
  const lot = useLot(lotKey)
  if (!lot) return null
  return (
    <>
      <h2 id="lot-contacts">{t('services.lot.contacts')}</h2>
      <ul className="lot-contacts">
        {lot.customer_name && (
          <li>
            <Icon name="user" />
            <span>
              <span className="visually-hidden">{t('services.lot.seller')}: </span>
              {lot.customer_name}
            </span>
          </li>
        )}
        {lot.customer_phone && (
          <li>
            <Icon name="phone" />
            <a href={`tel:+${lot.customer_phone.replace(/\D/g, '')}`}>{formatPhone(lot.customer_phone)}</a>
          </li>
        )}
        {lot.customer_email && (
          <li>
            <Icon name="mail" />
            <a href={`mailto:${lot.customer_email}`}>{lot.customer_email}</a>
          </li>
        )}
      </ul>
    </>
  )
}
