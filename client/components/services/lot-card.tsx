/**
 * An e-auction lot in the list: photo, group, title (opens the lot), lot number and region, start price, deposit and
 * area, a live countdown to the end of applications, and the external apply link only while applications are open.
 */
import { href } from '../../../shared/match'
import { useFormat } from '../format'
import { Countdown } from '../countdown'
import { useLocale, useT } from '../../i18n'
import { Link } from '../../router'
import { PatternArt } from '../pattern-art'
import { ExternalLink } from './external-link'
import { depositOf } from './lot-format'
import { LotPriceFacts } from './lot-price-facts'
import { regionName, type AuctionLot } from './types'
import { useOpenUntil } from './use-open-until'

export function LotCard({ lot }: { lot: AuctionLot }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { open, close } = useOpenUntil(lot.order_end_time)
  const lotNumber = String(lot.lot_number)
  const deposit = depositOf(lot.start_price, lot.zakalad_amount, lot.zakalad_percent)
  const region = regionName(lot.region)
  return (
    <article className="card lot-card">
      <div className="card__media">
        {lot.image_link ? (
          <img src={lot.image_link} alt="" width={640} height={400} loading="lazy" decoding="async" />
        ) : (
          <PatternArt seed={lotNumber} className="card__pattern" />
        )}
        <span className={`badge ${open ? 'badge--success' : 'badge--neutral'} card__badge`}>
          {t(open ? 'services.lots.open' : 'services.lots.closed')}
        </span>
      </div>
      <div className="card__body">
        {lot.property_group && <p className="card__kicker">{lot.property_group}</p>}
        <h3 className="card__title">
          <Link to={href('e-auction-lot', { locale, params: { id: lotNumber } })} className="card__link">
            {lot.property_name}
          </Link>
        </h3>
        <p className="lot-card__where">
          {t('services.lots.lotNumber', { number: lotNumber })}
          {region && <> · {region}</>}
        </p>
        <dl className="lot-facts">
          <LotPriceFacts price={lot.start_price} deposit={deposit} percent={lot.zakalad_percent} />
          {typeof lot.area === 'number' && (
            <div className="lot-facts__item">
              <dt>{t('services.lots.area')}</dt>
              <dd>{t('services.lots.areaValue', { value: f.number(lot.area) })}</dd>
            </div>
          )}
        </dl>
        {lot.order_end_time && (
          <Countdown end={lot.order_end_time} label={t('services.lots.closesIn')} onEnd={close} className="countdown--compact" />
        )}
        {open && lot.external_link && (
          <ExternalLink href={lot.external_link} className="btn btn--solid btn--md btn--primary lot-card__apply">
            {t('services.lots.apply')}
          </ExternalLink>
        )}
      </div>
    </article>
  )
}
