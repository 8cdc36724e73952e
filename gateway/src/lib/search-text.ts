/** Text normalisation shared by the `keyword` filters and the FTS5 search, so stored text and queries match alike. */

/**
 * Uzbek Latin writes oʻ/gʻ and the tutuq belgisi with several look-alike apostrophes (ʻ ʼ ‘ ’ ' `); they are dropped
 * so "O‘zbekiston", "O'zbekiston" and "Ozbekiston" all match.
 */
const APOSTROPHES = /['`\u2018\u2019\u02bb\u02bc\u02b9\u00b4]/g

/** Lower-cases, strips apostrophes and collapses whitespace. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(APOSTROPHES, '').toLowerCase().replace(/\s+/g, ' ').trim()
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
 * An FTS5 MATCH expression for free user input: each word becomes a quoted prefix term, all required.
 * Returns null when nothing searchable is left. Quoting means no FTS5 syntax (NEAR, column filters, -) leaks through.
 */
export function toFtsQuery(keyword: string): string | null {
  const words = normalizeText(keyword).match(/[\p{L}\p{N}]+/gu) ?? []
  const terms = words.slice(0, 12).map((w) => `"${w}"*`)
  return terms.length ? terms.join(' ') : null
}
