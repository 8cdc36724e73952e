/** Text normalisation shared by the `keyword` filters and the FTS5 search, so stored text and queries match alike. */
import { stemmer as stemRussian } from '@orama/stemmers/russian'

/**
 * Uzbek Latin writes oʻ/gʻ and the tutuq belgisi with several look-alike apostrophes (ʻ ʼ ‘ ’ ' `); they are dropped
 * so "O‘zbekiston", "O'zbekiston" and "Ozbekiston" all match.
 */
const APOSTROPHES = /['`\u2018\u2019\u02bb\u02bc\u02b9\u00b4]/g

/** Lower-cases, strips apostrophes and collapses whitespace. */
function normalizeText(text: string): string {
  return text.normalize('NFC').replace(APOSTROPHES, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * Uzbek Cyrillic letters in the Latin alphabet of 1995 (the apostrophe of oʻ, gʻ and the tutuq belgisi is dropped by
 * `normalizeText` afterwards, as in Latin text). `е` and `ц` depend on their place in the word: see `uzbekToLatin`.
 */
const UZ_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: 'gʻ',
  д: 'd',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  қ: 'q',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'oʻ',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: 'ʼ',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}
const VOWELS = new Set('аеёиоуўэюяaeiou')

/**
 * Uzbek Cyrillic written in Uzbek Latin (lower case), the rest left as it is: `е` is `ye` at the start of a word and
 * after a vowel or a sign (ер → yer, шеър → sheʼr), else `e`; `ц` is `ts` after a vowel (инвестиция → investitsiya),
 * else `s` (цемент → sement). Latin text passes unchanged, so both scripts meet in Latin.
 */
export function uzbekToLatin(text: string): string {
  const lower = text.toLowerCase()
  let out = ''
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i]!
    const before = lower[i - 1]
    const wordStart = before === undefined || !/\p{L}/u.test(before)
    if (ch === 'е') out += wordStart || VOWELS.has(before!) || before === 'ъ' || before === 'ь' ? 'ye' : 'e'
    else if (ch === 'ц') out += !wordStart && VOWELS.has(before!) ? 'ts' : 's'
    else out += UZ_LATIN[ch] ?? ch
  }
  return out
}

/** A Cyrillic word (Russian stems only these; Latin words and numbers stay whole). */
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/

/**
 * The text a language's search index holds and its queries are turned into: normalised, and on `uz` in Latin script
 * (a Cyrillic query finds Latin text and the reverse), on `ru` each word cut to its stem by Snowball's Russian stemmer
 * (проекты and проект meet in проект). docs/gateway-contract.md#content.
 */
export function searchText(text: string, lang: string): string {
  if (lang === 'uz') return normalizeText(uzbekToLatin(text.normalize('NFC')))
  const normal = normalizeText(text)
  if (lang !== 'ru') return normal
  return normal.replace(/[\p{L}\p{N}]+/gu, (word) => (CYRILLIC_WORD.test(word) ? stemRussian(word) : word))
}

/** D1 refuses LIKE patterns over 50 bytes; Cyrillic letters take two bytes each in UTF-8. */
const MAX_LIKE_BYTES = 50

/** A LIKE pattern matching `keyword` anywhere in a `keywords` column (use with `ESCAPE '\'`), cut to D1's limit. */
export function likePattern(keyword: string): string {
  const encoder = new TextEncoder()
  let inner = ''
  for (const ch of normalizeText(keyword)) {
    const piece = /[\\%_]/.test(ch) ? `\\${ch}` : ch
    if (encoder.encode(`%${inner}${piece}%`).length > MAX_LIKE_BYTES) break
    inner += piece
  }
  return `%${inner}%`
}

/** The text stored in a `keywords` column: every given text normalised, joined. */
export function toKeywords(...texts: string[]): string {
  return texts.map(normalizeText).filter(Boolean).join(' | ')
}

/**
 * An FTS5 MATCH expression for free user input in a language's index (`searchText`): each word becomes a quoted
 * prefix term, all required. Returns null when nothing searchable is left. Quoting means no FTS5 syntax (NEAR, column
 * filters, -) leaks through.
 */
export function toFtsQuery(keyword: string, lang: string): string | null {
  const words = searchText(keyword, lang).match(/[\p{L}\p{N}]+/gu) ?? []
  const terms = words.slice(0, 12).map((w) => `"${w}"*`)
  return terms.length ? terms.join(' ') : null
}
