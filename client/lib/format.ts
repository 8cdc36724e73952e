/**
 * Intl helpers in the page's language (docs/design.md): dates in Tashkent time, numbers, and money with its currency
 * code.
 */
import { useMemo } from 'react'
import type { Locale } from '../../contract/locales'
import { useLocale } from '../runtime/i18n'
import { type DateParts, formatUzDate, formatUzTime, toUzNumber } from './format-uz'

export type Currency = 'UZS' | 'USD'
export type DateInput = string | number | Date

/** The portal's clock: events, auctions and office hours are Tashkent time, and the edge and browser must agree. */
export const TIME_ZONE = 'Asia/Tashkent'

/**
 * The Intl locale per page language. Uzbek is written by `format-uz.ts` on Russian's number formats (the same
 * separators), since runtimes that claim `uz` may carry no data for it.
 */
const INTL_TAGS: Readonly<Record<Locale, string>> = { uz: 'ru-RU', ru: 'ru-RU', en: 'en-GB' }

/** The Intl locale that formats `locale`'s numbers and dates. */
export function resolveIntlLocale(locale: Locale): string {
  return INTL_TAGS[locale]
}

// Formatters are costly to build and safe to share: they hold no request state.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** The formatter for `locale` and `kind` (a short name of the options), built from `options()` on first use. */
function numberFormat(locale: Locale, kind: string, options: () => Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + kind
  let f = numberFormats.get(key)
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(resolveIntlLocale(locale), options())))
  return f
}

function dateFormat(locale: Locale, kind: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + kind
  let f = dateFormats.get(key)
  if (!f)
    dateFormats.set(
      key,
      (f = new Intl.DateTimeFormat(resolveIntlLocale(locale), { timeZone: TIME_ZONE, ...options() })),
    )
  return f
}

// ICU versions differ in the edge and the browser on U+202F vs U+00A0; one form keeps hydration text identical.
const tidy = (s: string) => s.replace(/\u202f/g, '\u00a0')

/** Numbers: Uzbek reads Russian's digits with its own words (`format-uz.ts`). */
const tidyNumber = (locale: Locale, s: string) => (locale === 'uz' ? toUzNumber(tidy(s)) : tidy(s))

const numericParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

/** Year, month, day, hour and minute of a moment in Tashkent time. */
function tashkentParts(d: Date): DateParts {
  const parts: Record<string, number> = {}
  for (const p of numericParts.formatToParts(d)) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! }
}

/** A Date from an ISO string, a timestamp or a Date; null when it is not a valid date. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const d =
    value instanceof Date
      ? value
      : new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * "12 March 2026" (style `long`), "12.03.2026" (`short`), or "Thursday, 12 March 2026" (`full`); '' for an invalid
 * date.
 */
export function formatDate(
  locale: Locale,
  value: DateInput | null | undefined,
  style: 'short' | 'medium' | 'long' | 'full' = 'long',
): string {
  const d = toDate(value)
  if (!d) return ''
  return locale === 'uz'
    ? formatUzDate(tashkentParts(d), style)
    : tidy(dateFormat(locale, `d${style}`, () => ({ dateStyle: style })).format(d))
}

/** Date and time in Tashkent time, e.g. "12 March 2026, 18:00". */
export function formatDateTime(
  locale: Locale,
  value: DateInput | null | undefined,
  style: 'short' | 'medium' | 'long' = 'long',
): string {
  const d = toDate(value)
  if (!d) return ''
  if (locale === 'uz') {
    const parts = tashkentParts(d)
    return `${formatUzDate(parts, style)}, ${formatUzTime(parts)}`
  }
  return tidy(
    dateFormat(locale, `dt${style}`, () => ({ dateStyle: style, timeStyle: 'short', hourCycle: 'h23' })).format(d),
  )
}

/** Time of day in Tashkent time, e.g. "18:00". */
export function formatTime(locale: Locale, value: DateInput | null | undefined): string {
  const d = toDate(value)
  if (!d) return ''
  return locale === 'uz'
    ? formatUzTime(tashkentParts(d))
    : tidy(dateFormat(locale, 't', () => ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(d))
}

/** A grouped number in the page's language; `compact` gives "1.2B" / "1,2 млрд". */
export function formatNumber(
  locale: Locale,
  value: number,
  options: { compact?: boolean; maxFractionDigits?: number } = {},
): string {
  if (!Number.isFinite(value)) return ''
  return tidyNumber(
    locale,
    numberFormat(locale, `n${options.compact ? 'c' : 's'}${options.maxFractionDigits ?? ''}`, () => ({
      notation: options.compact ? 'compact' : 'standard',
      maximumFractionDigits: options.maxFractionDigits ?? (options.compact ? 1 : 2),
    })).format(value),
  )
}

/** A percentage from a plain number: 5.6 → "5.6%". */
export function formatPercent(locale: Locale, value: number, maxFractionDigits = 1): string {
  if (!Number.isFinite(value)) return ''
  return tidyNumber(
    locale,
    numberFormat(locale, `p${maxFractionDigits}`, () => ({
      style: 'percent',
      maximumFractionDigits: maxFractionDigits,
    })).format(value / 100),
  )
}

/** Money with its ISO code always shown ("USD 1,200,000", "1 200 000 UZS"); UZS has no fractional part. */
export function formatMoney(
  locale: Locale,
  value: number,
  currency: Currency,
  options: { compact?: boolean } = {},
): string {
  if (!Number.isFinite(value)) return ''
  return tidyNumber(
    locale,
    numberFormat(locale, `m${currency}${options.compact ? 'c' : 's'}`, () => ({
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      notation: options.compact ? 'compact' : 'standard',
      maximumFractionDigits: options.compact ? 1 : currency === 'UZS' ? 0 : 2,
      minimumFractionDigits: 0,
    })).format(value),
  )
}

export type Formatters = {
  date: (value: DateInput | null | undefined, style?: 'short' | 'medium' | 'long' | 'full') => string
  dateTime: (value: DateInput | null | undefined, style?: 'short' | 'medium' | 'long') => string
  time: (value: DateInput | null | undefined) => string
  number: (value: number, options?: { compact?: boolean; maxFractionDigits?: number }) => string
  percent: (value: number, maxFractionDigits?: number) => string
  money: (value: number, currency: Currency, options?: { compact?: boolean }) => string
}

/** The helpers above bound to the page's locale: `const f = useFormat(); f.money(1e6, 'USD')`. */
export function useFormat(): Formatters {
  const locale = useLocale()
  return useMemo(
    () => ({
      date: (value, style) => formatDate(locale, value, style),
      dateTime: (value, style) => formatDateTime(locale, value, style),
      time: (value) => formatTime(locale, value),
      number: (value, options) => formatNumber(locale, value, options),
      percent: (value, digits) => formatPercent(locale, value, digits),
      money: (value, currency, options) => formatMoney(locale, value, currency, options),
    }),
    [locale],
  )
}
