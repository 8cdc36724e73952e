/**
 * A UzEx exchange lot: number, trade type, the buyer, start cost in its currency, trading dates, a live countdown to
 * the
 * end, the products table, and the link to make an offer on the exchange only while the lot is open.
 */
import { useId } from 'react'
import type { UzexLot } from '../../../contract/gateway/services'
import { type Currency, useFormat } from '../../lib/format'
import { useT } from '../../runtime/i18n'
import { Countdown } from './countdown'
import { ExternalLink } from './external-link'
import { useOpenUntil } from './use-open-until'

/** The exchange's e-procurement platform, where offers on its lots are made (the lot answer has no link of its own). */
const UZEX_PLATFORM_URL = 'https://xarid.uzex.uz/'

const CURRENCIES: readonly string[] = ['UZS', 'USD']

export function UzexLotPanel({ lot }: { lot: UzexLot }) {
  const t = useT()
  const f = useFormat()
  const titleId = useId()
  const { open, close } = useOpenUntil(lot.end_date)
  const money = (value: number) =>
    CURRENCIES.includes(lot.currency_name)
      ? f.money(value, lot.currency_name as Currency)
      : `${f.number(value)} ${lot.currency_name}`
  const products = [...(lot.products ?? [])].sort((a, b) => a.order - b.order)
  const number = String(lot.lot_number)
  return (
    <article className="uzex-lot" aria-labelledby={titleId}>
      <header className="uzex-lot__head">
        <p className="uzex-lot__kicker">
          <span className={`badge ${open ? 'badge--success' : 'badge--neutral'}`}>
            {t(open ? 'services.uzex.open' : 'services.uzex.closed')}
          </span>
          <span>{t('services.lots.lotNumber', { number })}</span>
          {lot.trade_type && <span>{lot.trade_type}</span>}
        </p>
        <h2 id={titleId} className="uzex-lot__title">
          {lot.proposal_name}
        </h2>
        {(lot.customer || lot.customer_region) && (
          <p className="uzex-lot__customer">
            <span className="visually-hidden">{t('services.uzex.customer')}: </span>
            {[lot.customer, lot.customer_region].filter(Boolean).join(' · ')}
          </p>
        )}
      </header>
      <div className="uzex-lot__summary">
        <dl className="lot-facts">
          <div className="lot-facts__item lot-facts__item--price">
            <dt>{t('services.uzex.startCost')}</dt>
            <dd>{money(lot.start_cost)}</dd>
          </div>
          {lot.start_date && (
            <div className="lot-facts__item">
              <dt>{t('services.uzex.startDate')}</dt>
              <dd>{f.dateTime(lot.start_date, 'medium')}</dd>
            </div>
          )}
        </dl>
        <div className="uzex-lot__deadline">
          {lot.end_date && (
            <Countdown
              end={lot.end_date}
              label={t('services.uzex.closesIn')}
              onEnd={close}
              className="countdown--compact"
            />
          )}
          {open && (
            <ExternalLink href={UZEX_PLATFORM_URL} className="btn btn--solid btn--md btn--primary uzex-lot__apply">
              {t('services.uzex.apply')}
            </ExternalLink>
          )}
        </div>
      </div>
      {products.length > 0 && (
        <div
          className="table-scroll uzex-lot__products"
          role="region"
          aria-label={t('services.uzex.productsOf', { number })}
          tabIndex={0}
        >
          <table className="table">
            <caption className="visually-hidden">{t('services.uzex.productsOf', { number })}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('services.uzex.order')}
                </th>
                <th scope="col">{t('services.uzex.product')}</th>
                <th scope="col" className="num">
                  {t('services.uzex.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('services.uzex.unitPrice')}
                </th>
                <th scope="col" className="num">
                  {t('services.uzex.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.order}>
                  <td className="num">{p.order}</td>
                  <th scope="row">
                    <span className="uzex-lot__product">{p.name}</span>
                    {p.info && <span className="uzex-lot__info">{p.info}</span>}
                  </th>
                  <td className="num">{f.number(p.number)}</td>
                  <td className="num">{money(p.price_unit)}</td>
                  <td className="num">{money(p.price_unit * p.number)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  )
}
