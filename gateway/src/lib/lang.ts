/** The request's language (the list is contract/locales.ts's) and per-language column picking with fallback. */
import { isLocale, type Locale } from '../../../contract/locales'

/** Fallback order when a translation is missing: the asked language, then en, ru, uz. */
const FALLBACK: Record<Locale, Locale[]> = { en: ['en', 'ru', 'uz'], ru: ['ru', 'en', 'uz'], uz: ['uz', 'ru', 'en'] }

/** The first language of an Accept-Language header (or a stored language) the gateway speaks, else English. */
export function readLang(header: string | undefined | null): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2)
    if (isLocale(tag)) return tag
  }
  return 'en'
}

/**
 * SQL expression choosing the language column with fallback, e.g. coalesce(nullif(title_ru,''), nullif(title_en,''),
 * title_uz).
 */
export function col(field: string, lang: Locale, alias = field): string {
  const [a, b, c] = FALLBACK[lang]
  return `coalesce(nullif(${field}_${a},''), nullif(${field}_${b},''), ${field}_${c}) AS ${alias}`
}
