/** Small pure helpers for lot pages and cards: deposit, OpenStreetMap link, the platform's lot page, photos. */
import type { AuctionLotDetail } from '../../../contract/gateway/services'
import type { LightboxImage } from '../../ui/lightbox-grid'

/** The deposit in UZS: the gateway's amount, or the percent of the start price. */
export function depositOf(
  price: number,
  amount: number | null | undefined,
  percent: number | null | undefined,
): number | null {
  if (typeof amount === 'number' && Number.isFinite(amount)) return amount
  if (typeof percent === 'number' && Number.isFinite(percent) && Number.isFinite(price))
    return Math.round((price * percent) / 100)
  return null
}

/** An OpenStreetMap link centred on the point, or null without valid coordinates. */
export function osmLink(lat: unknown, lng: unknown): string | null {
  if (lat === null || lat === undefined || lat === '' || lng === null || lng === undefined || lng === '') return null
  const la = Number(lat)
  const lo = Number(lng)
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180) return null
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=16/${la}/${lo}`
}

/** The lot's page on the E-auksion platform, for answers that carry no `external_link` (the lot detail). */
export function eAuctionLotUrl(lotNumber: string | number): string {
  return `https://e-auksion.uz/lot-view?lot_id=${encodeURIComponent(String(lotNumber))}`
}

/** The lot's photos as a lightbox shows them: the main one first, each once, named by `alt(n)` (1-based). */
export function lotPhotos(
  lot: Pick<AuctionLotDetail, 'main_image' | 'images'>,
  alt: (n: number) => string,
): LightboxImage[] {
  const sources = new Set([lot.main_image, ...(lot.images ?? []).map((i) => i.image)])
  return [...sources]
    .filter((src): src is string => Boolean(src))
    .map((src, i) => ({ src, alt: alt(i + 1), width: 640, height: 480 }))
}
