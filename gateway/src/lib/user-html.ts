/**
 * The gateway's one HTML module, built on workerd's HTMLRewriter: the allow-list sanitiser every stored rich text goes
 * through (seed content, project descriptions; docs/gateway-contract.md#content), and the text of stored HTML for
 * descriptions, excerpts and the search index.
 */
import { resolveHref } from '../../../contract/html-href'
import { isPortalImageSrc } from '../../../contract/rich-text'

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'figure',
  'figcaption',
  'img',
])

/**
 * Elements dropped together with their content. Raw-text elements (xmp, plaintext, noembed…) must be here:
 * unwrapping them would re-emit their text as markup.
 */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'listing',
])

/**
 * A link's `href` as it may be stored, or null: its references decoded as a browser decodes them, then the one rule of
 * the portal's renderer too (`contract/html-href.ts`). The value is written back with `&` escaped (HTMLRewriter
 * escapes only `"`), so a browser reads exactly the address the rule allowed, whatever reference the decoder left
 * alone.
 */
function keptHref(written: string, portalOrigin: string): string | null {
  const target = resolveHref(decodeEntities(written), portalOrigin, 'link')
  return target ? target.href.replace(/&/g, '&amp;') : null
}

/**
 * Keeps only allow-listed tags and attributes; removes comments, scripts and links that may not be kept. Addresses are
 * resolved against `portalOrigin` (the portal's own absolute addresses are stored as paths); without it (the seed,
 * whose links are paths) nothing counts as the portal's own.
 */
export async function sanitizeUserHtml(html: string, portalOrigin = ''): Promise<string> {
  if (!html) return ''
  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        const tag = el.tagName.toLowerCase()
        if (DROPPED_TAGS.has(tag)) {
          el.remove()
          return
        }
        if (!ALLOWED_TAGS.has(tag)) {
          el.removeAndKeepContent()
          return
        }
        const attributes = [...el.attributes].map(([name = '', value = '']) => [name, value] as const)
        // An image is one of the portal's own uploads with its alternative text, or nothing (docs/security.md#rendering).
        if (tag === 'img') {
          const src = el.getAttribute('src') ?? ''
          const alt = (el.getAttribute('alt') ?? '').trim()
          if (!isPortalImageSrc(src) || !alt) {
            el.remove()
            return
          }
          for (const [name] of attributes) el.removeAttribute(name)
          el.setAttribute('src', src)
          el.setAttribute('alt', alt)
          return
        }
        const kept: (readonly [string, string])[] = []
        for (const [name, value] of attributes) {
          const href = tag === 'a' && name === 'href' ? keptHref(value, portalOrigin) : null
          if (href !== null) kept.push([name, href])
          if ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan') && /^\d{1,2}$/.test(value))
            kept.push([name, value])
          if (tag === 'th' && name === 'scope' && /^(row|col|rowgroup|colgroup)$/.test(value)) kept.push([name, value])
        }
        for (const [name] of attributes) el.removeAttribute(name)
        for (const [name, value] of kept) el.setAttribute(name, value)
        if (tag === 'a') el.setAttribute('rel', 'noopener noreferrer nofollow')
      },
    })
    .onDocument({
      comments(comment) {
        comment.remove()
      },
      doctype() {},
    })
  return rewriter.transform(new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })).text()
}

/** Elements whose start and end separate words in the text of HTML (inline ones, like `strong`, do not). */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'th',
  'td',
  'blockquote',
  'figure',
  'figcaption',
  'section',
  'article',
])

/** Elements without content or end tag. */
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr'])

/** The named references stored HTML uses, and those that spell an address's punctuation. */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  quest: '?',
  num: '#',
  percnt: '%',
  Tab: '\t',
  NewLine: '\n',
}

/**
 * Character references as a browser reads them in text and attributes: the named ones above (case as written, as HTML
 * names them) and numeric ones, with or without their `;`.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,6});?|#([0-9]{1,7});?|([a-zA-Z]{2,8});)/g, (whole, hex, dec, name) => {
    // `&AMP;`, `&LT;`…: HTML's upper-case spellings of the first few.
    if (name)
      return ENTITIES[Object.hasOwn(ENTITIES, name) || name !== name.toUpperCase() ? name : name.toLowerCase()] ?? whole
    const code = hex ? Number.parseInt(hex, 16) : Number(dec)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' '
  })
}

/** The plain text of stored HTML: what its elements say, blocks apart, dropped elements left out, spaces collapsed. */
export async function htmlToText(html: string): Promise<string> {
  if (!html) return ''
  const parts: string[] = []
  // Inside a dropped element (a script, a style) nothing is text: its content still passes the text handler.
  let dropped = 0
  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        const tag = el.tagName.toLowerCase()
        if (VOID_TAGS.has(tag)) parts.push(' ')
        else if (DROPPED_TAGS.has(tag) || BLOCK_TAGS.has(tag)) {
          const isDropped = DROPPED_TAGS.has(tag)
          if (isDropped) dropped++
          else parts.push(' ')
          el.onEndTag(() => {
            if (isDropped) dropped--
            else parts.push(' ')
          })
        }
      },
    })
    .onDocument({
      text(chunk) {
        if (dropped === 0) parts.push(chunk.text)
      },
    })
  await rewriter.transform(new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })).text()
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim()
}

/** The first `max` characters of `text`, cut at a word boundary with an ellipsis when shortened. */
export function excerpt(text: string, max = 180): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, '')}…`
}
