/**
 * An e-auction lot kept current while its page is open (docs/decisions/0018-realtime-hub.md): its price, deposit, status and
 * end of applications follow the lot's channel, and changes are announced politely. While the socket is not live the
 * lot is polled instead, as the profile area polls.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AuctionLotDetail } from '../../../contract/gateway/services'
import { tradingKeys } from '../../../shared/keys/trading-keys'
import { type LotEvent, lotChannel, type RealtimeMessage } from '../../../shared/realtime/realtime'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { useLiveAnnouncer } from '../../runtime/realtime/live-announcer'
import { type ChannelStatus, useChannel } from '../../runtime/realtime/use-channel'

/** How often a lot is polled while its socket is not live. */
const LOT_POLL_MS = 30_000

type LiveFields = Pick<AuctionLotDetail, 'price' | 'zaklad_summa' | 'lot_status' | 'order_end_time'>

export type LiveLot = { lot: AuctionLotDetail | undefined; message: string; status: ChannelStatus }

export function useLiveLot(lotNumber: string, loaded: AuctionLotDetail | undefined): LiveLot {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const [live, setLive] = useState<{ lotNumber: string; fields: LiveFields } | null>(null)
  const [message, announce] = useLiveAnnouncer()
  const lot = loaded && live?.lotNumber === lotNumber ? { ...loaded, ...live.fields } : loaded
  const shown = useRef(lot)
  shown.current = lot

  /** Applies the lot as it is now, announcing what differs from what the page shows. */
  const apply = useCallback(
    (fields: LiveFields) => {
      const before = shown.current
      if (!before) return
      if (fields.price !== before.price) announce(() => t('realtime.lotPrice', { price: f.money(fields.price, 'UZS') }))
      const status = fields.lot_status
      if (status && status !== before.lot_status) announce(() => t('realtime.lotStatus', { status }))
      if (fields.order_end_time && fields.order_end_time !== before.order_end_time)
        announce(() => t('realtime.lotEnd', { date: f.dateTime(fields.order_end_time) }))
      setLive({ lotNumber, fields })
    },
    [announce, f, lotNumber, t],
  )

  const onMessage = useCallback(
    ({ event }: RealtimeMessage) => {
      if (event.type !== 'lot' || event.lot !== lotNumber) return
      apply(fieldsOfEvent(event, locale))
    },
    [apply, locale, lotNumber],
  )

  const refetch = useCallback(() => {
    // The gateway client's code comes with the first refetch: most views of a lot stay live on their socket.
    import('../../runtime/gateway')
      .then((m) => m.browserGatewayClient(locale).getEnvelope(tradingKeys.auctionLot(lotNumber)))
      .then((answer) => {
        const l = answer.ok ? answer.envelope.content : null
        if (l)
          apply({
            price: l.price,
            zaklad_summa: l.zaklad_summa,
            lot_status: l.lot_status,
            order_end_time: l.order_end_time,
          })
      })
      .catch(() => undefined)
  }, [apply, locale, lotNumber])

  const status = useChannel(loaded ? lotChannel(lotNumber) : null, onMessage, refetch)

  useEffect(() => {
    if (!loaded || status === 'live') return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refetch()
    }, LOT_POLL_MS)
    return () => clearInterval(timer)
  }, [loaded, refetch, status])

  return { lot, message, status }
}

function fieldsOfEvent(event: LotEvent, locale: keyof LotEvent['status']): LiveFields {
  return {
    price: event.price,
    zaklad_summa: event.deposit,
    lot_status: event.status[locale] || null,
    order_end_time: event.order_end_time,
  }
}
