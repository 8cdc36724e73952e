/**
 * Pure helpers for a lot's fixed details (`lot-parts.tsx`): phone display and the auction's start. Apart from
 * `lot-format.ts`, which the trading pages share, so a first view of those does not carry them.
 */

/** `998712345601` → `+998 71 234 56 01`; other numbers as given. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '')
  return d.length === 12 && d.startsWith('998')
    ? `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}`
    : phone
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
