/**
 * Uzbek (Latin) dates and numbers by CLDR's uz-Latn patterns, formatted here rather than by Intl: some runtimes claim
 * `uz` but ship no data for it (Chromium's ICU prints "2026 M12 4" and "1,234,567.5"), and the edge and the browser
 * must print the same text for hydration. This is locale data (like ICU's), not UI text.
 */

const MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
]
const WEEKDAYS = ['yakshanba', 'dushanba', 'seshanba', 'chorshanba', 'payshanba', 'juma', 'shanba']
/** Russian compact units → Uzbek: the number formats of the two locales differ only in these words. */
const COMPACT_UNITS: Readonly<Record<string, string>> = { 'тыс.': 'ming', млн: 'mln', млрд: 'mlrd', трлн: 'trln' }

export type DateParts = { year: number; month: number; day: number; hour: number; minute: number }
export type DateStyle = 'short' | 'medium' | 'long' | 'full'

const pad = (n: number) => String(n).padStart(2, '0')

/** "4-dekabr, 2026" (long), "4-dek, 2026" (medium), "04/12/26" (short), "juma, 4-dekabr, 2026" (full). */
export function formatUzDate({ year, month, day }: DateParts, style: DateStyle): string {
  if (style === 'short') return `${pad(day)}/${pad(month)}/${pad(year % 100)}`
  const name = MONTHS[month - 1]!
  // CLDR's abbreviations are the first three letters, but iyun and iyul keep their last: iyn, iyl.
  const date = `${day}-${style !== 'medium' ? name : name.startsWith('iy') ? name.slice(0, 2) + name[3] : name.slice(0, 3)}, ${year}`
  return style === 'full' ? `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ${date}` : date
}

/** "18:00". */
export function formatUzTime({ hour, minute }: DateParts): string {
  return `${pad(hour)}:${pad(minute)}`
}

/**
 * A number formatted for Russian turned Uzbek: the same grouping (no-break space) and decimal comma, Uzbek compact
 * units, and no space before the percent sign ("5,6%").
 */
export function toUzNumber(russian: string): string {
  return russian.replace(/\u00a0%/, '%').replace(/тыс\.|млрд|млн|трлн/g, (unit) => COMPACT_UNITS[unit] ?? unit)
}

/** CLDR's short Uzbek units for file sizes. */
export const FILE_SIZE_UNITS: Readonly<Record<'byte' | 'kilobyte' | 'megabyte', string>> = {
  byte: 'bayt',
  kilobyte: 'KB',
  megabyte: 'MB',
}
