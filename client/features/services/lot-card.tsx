/**
 * An e-auction lot in the list: photo, group, title (opens the lot), lot number and region, start price, deposit and
 * area, a live countdown to the end of applications, and the external apply link only while applications are open.
 * The picture and the heading never change while the page is open: they are kept as the edge drew them
 * (`lot-card-parts.tsx`); the status badge, prices, countdown and apply link hydrate.
 */

import type { AuctionLot } from '../../../contract/gateway/services'
import { useFormat } from '../../lib/format'
import { useT } from '../../runtime/i18n'
import { staticSection } from '../../runtime/static-section'
import { Countdown } from './countdown'
import { ExternalLink } from './external-link'
import type { LotPartsProps } from './lot-card-parts'
import { depositOf } from './lot-format'
import { LotPriceFacts } from './lot-price-facts'
import { useOpenUntil } from './use-open-until'

const parts = () => import('./lot-card-parts')
const LotPicture = staticSection<LotPartsProps>(() => parts().then((m) => m.LotPicture))
const LotHeading = staticSection<LotPartsProps>(() => parts().then((m) => m.LotHeading))
/** The edge draws the static parts with their code in hand: the page's `preload` waits for it. */
export const preloadLotCard = parts

export function LotCard({ lot }: { lot: AuctionLot }) {
  const t = useT()
  const f = useFormat()
  const { open, close } = useOpenUntil(lot.order_end_time)
  const deposit = depositOf(lot.start_price, lot.zakalad_amount, lot.zakalad_percent)
  return (
    <article className="card lot-card">
      <div className="card__media">
        <LotPicture props={{ lot }} />
        <span className={`badge ${open ? 'badge--success' : 'badge--neutral'} card__badge`}>
          {t(open ? 'services.lots.open' : 'services.lots.closed')}
        </span>
      </div>
      <div className="card__body">
        <LotHeading props={{ lot }} />
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
          <Countdown
            end={lot.order_end_time}
            label={t('services.lots.closesIn')}
            onEnd={close}
            className="countdown--compact"
          />
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
