/**
 * The parts of an e-auction lot card that stay as they are while the page is open: its picture and its heading (group,
 * title link, lot number and region). The list keeps them as the edge drew them (`lot-card.tsx`), so their code loads
 * only for cards drawn after a client navigation.
 */
import type { AuctionLot } from '../../../contract/gateway/services'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { PatternArt } from '../../ui/pattern-art'
import { regionName } from './service-utils'

export type LotPartsProps = {
  lot: Pick<AuctionLot, 'lot_number' | 'image_link' | 'property_group' | 'property_name' | 'region'>
}

/** The lot's photo, or art drawn from its number when it has none. */
export function LotPicture({ lot }: LotPartsProps) {
  return lot.image_link ? (
    <img src={lot.image_link} alt="" width={640} height={400} loading="lazy" decoding="async" />
  ) : (
    <PatternArt seed={String(lot.lot_number)} className="card__pattern" />
  )
}

/** Property group, the title that opens the lot, and where it is. */
export function LotHeading({ lot }: LotPartsProps) {
  const t = useT()
  const locale = useLocale()
  const lotNumber = String(lot.lot_number)
  const region = regionName(lot.region)
  return (
    <>
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
    </>
  )
}
