/** A lot's start price and deposit (with its percent) as the first items of a `lot-facts` list. */

import { useFormat } from '../../lib/format'
import { useT } from '../../runtime/i18n'

export function LotPriceFacts({
  price,
  deposit,
  percent,
}: {
  price: number
  deposit: number | null
  percent: number | null | undefined
}) {
  const t = useT()
  const f = useFormat()
  return (
    <>
      <div className="lot-facts__item lot-facts__item--price">
        <dt>{t('services.lots.startPrice')}</dt>
        <dd>{f.money(price, 'UZS')}</dd>
      </div>
      {deposit !== null && (
        <div className="lot-facts__item">
          <dt>{t('services.lots.deposit')}</dt>
          <dd>
            {f.money(deposit, 'UZS')}
            {typeof percent === 'number' && <span className="lot-facts__note"> ({f.percent(percent)})</span>}
          </dd>
        </div>
      )}
    </>
  )
}
