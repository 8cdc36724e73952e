/** File sizes in the page's language ("1.2 MB", "1,2 МБ"). */
import type { Locale } from '../../../contract/locales'
import { formatNumber, resolveIntlLocale } from '../../lib/format'
import { FILE_SIZE_UNITS } from '../../lib/format-uz'

const UNITS = ['byte', 'kilobyte', 'megabyte'] as const

/** `size`: bytes, as a number or a numeric string (docs/gateway-contract.md#file-object). */
export function formatFileSize(locale: Locale, size: number | string | null | undefined): string {
  const bytes = Number(size)
  if (!bytes || !Number.isFinite(bytes) || bytes <= 0) return ''
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  // Uzbek has no unit data to rely on (format-uz.ts).
  if (locale === 'uz')
    return `${formatNumber(locale, value, { maxFractionDigits: unit === 0 ? 0 : 1 })}\u00a0${FILE_SIZE_UNITS[UNITS[unit]!]}`
  return new Intl.NumberFormat(resolveIntlLocale(locale), {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  })
    .format(value)
    .replace(/\u202f/g, '\u00a0')
}
