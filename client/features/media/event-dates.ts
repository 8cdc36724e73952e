/** An event's dates in the page's language: one day, or a range such as "12–13 March 2026" (Tashkent time). */
import { useMemo } from 'react'
import type { Event } from '../../../contract/gateway/media'
import type { Locale } from '../../../contract/locales'
import { formatDate, resolveIntlLocale, TIME_ZONE, toDate } from '../../lib/format'

const ranges = new Map<string, Intl.DateTimeFormat>()

function sameDay(locale: Locale, a: Date, b: Date): boolean {
  return formatDate(locale, a, 'short') === formatDate(locale, b, 'short')
}

/** "12 March 2026" for a one-day event, "12–13 March 2026" for longer ones. */
export function formatEventDates(locale: Locale, event: Pick<Event, 'date_from' | 'date_to'>): string {
  const from = toDate(event.date_from)
  const to = toDate(event.date_to) ?? from
  if (!from || !to) return ''
  if (sameDay(locale, from, to) || to < from) return formatDate(locale, from, 'long')
  // Uzbek has no Intl data to rely on (format-uz.ts): both ends in full.
  if (locale === 'uz') return `${formatDate(locale, from, 'long')} – ${formatDate(locale, to, 'long')}`
  let f = ranges.get(locale)
  if (!f)
    ranges.set(
      locale,
      (f = new Intl.DateTimeFormat(resolveIntlLocale(locale), { dateStyle: 'long', timeZone: TIME_ZONE })),
    )
  return f.formatRange(from, to).replace(/\u202f/g, '\u00a0')
}

/** The formatter bound to the page's locale. */
export function useEventDates(locale: Locale): (event: Pick<Event, 'date_from' | 'date_to'>) => string {
  return useMemo(() => (event) => formatEventDates(locale, event), [locale])
}
