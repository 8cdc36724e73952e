/** Request language from Accept-Language and per-language column picking with fallback. */
export const LANGS = ['uz', 'ru', 'en'] as const
export type Lang = (typeof LANGS)[number]

/** Fallback order when a translation is missing: the asked language, then en, ru, uz. */
const FALLBACK: Record<Lang, Lang[]> = { en: ['en', 'ru', 'uz'], ru: ['ru', 'en', 'uz'], uz: ['uz', 'ru', 'en'] }

export function readLang(header: string | undefined | null): Lang {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2)
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang
  }
  return 'en'
}

/**
 * SQL expression choosing the language column with fallback, e.g. coalesce(nullif(title_ru,''), nullif(title_en,''),
 * title_uz).
 */
export function col(field: string, lang: Lang, alias = field): string {
  const [a, b, c] = FALLBACK[lang]
  return `coalesce(nullif(${field}_${a},''), nullif(${field}_${b},''), ${field}_${c}) AS ${alias}`
}
