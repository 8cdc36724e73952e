/** Small pure helpers for lot pages: deposit, OpenStreetMap link, phone display. */

/** The deposit in UZS: the gateway's amount, or the percent of the start price. */
export function depositOf(price: number, amount: number | null | undefined, percent: number | null | undefined): number | null {
  if (typeof amount === 'number' && Number.isFinite(amount)) return amount
  if (typeof percent === 'number' && Number.isFinite(percent) && Number.isFinite(price)) return Math.round((price * percent) / 100)
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

/** `998712345601` → `+998 71 234 56 01`; other numbers as given. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '')
  return d.length === 12 && d.startsWith('998') ? `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}` : phone
}

/** The lot's page on the E-auksion platform, for answers that carry no `external_link` (the lot detail). */
export function eAuctionLotUrl(lotNumber: string | number): string {
  return `https://e-auksion.uz/lot-view?lot_id=${encodeURIComponent(String(lotNumber))}`
}

/**
 * The auction's start from the lot's separate date and time. docs/gateway-contract.md: times are UTC unless noted, so
 * `2026-11-24` + `01:11` is 01:11 UTC (06:11 in Tashkent); null when either part is missing or malformed.
 */
export function auctionStart(date: string | null | undefined, time: string | null | undefined): Date | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const hm = time && /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? time : null
  const d = new Date(`${date}T${hm ?? '00:00'}${hm && hm.length === 5 ? ':00' : ''}Z`)
  return Number.isNaN(d.getTime()) ? null : d
}
