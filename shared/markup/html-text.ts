/**
 * The portal's one way between HTML and text: the entity decoder, the text of an HTML fragment (for a description, a
 * heading, a table cell, or a form field to edit), and paragraphs of text as HTML. The result of `htmlToText` is
 * text, never markup: whoever shows it escapes it (React does).
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  asymp: '\u2248',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  sup2: '\u00b2',
  sup3: '\u00b3',
  micro: '\u00b5',
  para: '\u00b6',
  sect: '\u00a7',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  dollar: '$',
  percnt: '%',
  num: '#',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  harr: '\u2194',
  prime: '\u2032',
  Prime: '\u2033',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  quest: '?',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  lowbar: '_',
  equals: '=',
  Tab: '\t',
  NewLine: '\n',
}

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
  return String.fromCodePoint(code)
}

/** Decodes character references the way a browser would for the common cases; unknown names stay literal. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,9});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g,
    (all, hex?: string, dec?: string, name?: string) => {
      if (hex) return fromCodePoint(Number.parseInt(hex, 16))
      if (dec) return fromCodePoint(Number.parseInt(dec, 10))
      return (name && Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : undefined) ?? all
    },
  )
}

/** Elements that end a line of text; their end and `<br>` separate words (inline tags do not). */
const BLOCK_END = /<\/(?:p|div|h[1-6]|li|ul|ol|tr|blockquote|figcaption|section|article|table)\s*>|<br\s*\/?>/gi
const CELL_END = /<\/t[dh]\s*>/gi

/**
 * The text of an HTML fragment: scripts and styles dropped, tags removed, entities decoded. By default whitespace is
 * collapsed to single spaces (a description, a heading); `paragraphs` keeps paragraphs as blank lines and `<br>` as
 * line breaks, for text a person edits.
 */
export function htmlToText(html: string, { paragraphs = false }: { paragraphs?: boolean } = {}): string {
  const marked = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\u0001')
    .replace(BLOCK_END, '\u0002')
    .replace(CELL_END, ' ')
    .replace(/<!--[\s\S]*?-->|<[^>]*>/g, '')
  const text = decodeEntities(marked)
  if (!paragraphs) return text.replace(/[\s\u0001\u0002]+/g, ' ').trim()
  return text
    .replace(/[^\S\n\u00a0]+/g, ' ')
    .replace(/ *\n */g, ' ')
    .replace(/ *\u0001 */g, '\n')
    .replace(/ *\u0002 */g, '\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Text as HTML: escaped, blank-line separated paragraphs as `<p>`s, single line breaks as `<br>`. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}
