/** Allow-list HTML sanitiser for stored rich text (seed-format.md tag list) and an HTML-to-text helper. */

const ALLOWED = new Set([
  'p',
  'br',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
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
])
const VOID = new Set(['br'])
/** Elements whose text must go too, not only the tags. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
])
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/y

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff)))
    .replace(/&#([0-9]+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number.parseInt(d, 10), 0x10ffff)))
    .replace(
      /&(amp|lt|gt|quot|apos|nbsp);/g,
      (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })[n] ?? '',
    )
}

/** Keeps only http(s), mailto and tel links and site-relative paths; anything else (javascript:, data:) is dropped. */
function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs)
  if (!m) return null
  const raw = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').replace(/[\u0000-\u0020\u007f]+/g, '')
  if (/^(https?:|mailto:|tel:)/i.test(raw)) return raw
  if (/^\/(?!\/)/.test(raw) || raw.startsWith('#')) return raw
  return null
}

/**
 * Returns `html` with only allowed tags (no attributes except a safe `href` on links and `scope` on headers), balanced
 * and escaped.
 */
export function sanitizeHtml(html: string): string {
  let out = ''
  const open: string[] = []
  let dropping: string | null = null
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    const textEnd = lt === -1 ? html.length : lt
    if (textEnd > i && !dropping) out += escapeText(html.slice(i, textEnd))
    if (lt === -1) break
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4)
      i = end === -1 ? html.length : end + 3
      continue
    }
    TAG.lastIndex = lt
    const m = TAG.exec(html)
    if (!m) {
      if (!dropping) out += '&lt;'
      i = lt + 1
      continue
    }
    i = TAG.lastIndex
    const name = m[1]!.toLowerCase()
    const closing = m[0][1] === '/'
    if (dropping) {
      if (closing && name === dropping) dropping = null
      continue
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !m[0].endsWith('/>')) dropping = name
      continue
    }
    if (!ALLOWED.has(name)) continue
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`
      continue
    }
    if (closing) {
      const at = open.lastIndexOf(name)
      if (at === -1) continue
      while (open.length > at) out += `</${open.pop()}>`
      continue
    }
    if (name === 'a') {
      const href = safeHref(m[2] ?? '')
      out +=
        href === null
          ? '<a>'
          : /^https?:/i.test(href)
            ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer">`
            : `<a href="${escapeAttr(href)}">`
    } else if (name === 'th') {
      const scope = /\bscope\s*=\s*["']?(row|col)\b/i.exec(m[2] ?? '')
      out += scope ? `<th scope="${scope[1]!.toLowerCase()}">` : '<th>'
    } else {
      out += `<${name}>`
    }
    open.push(name)
  }
  while (open.length) out += `</${open.pop()}>`
  return out
}

/** Plain text of an HTML fragment: tags become spaces, entities are decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** The first `max` characters of `text`, cut at a word boundary with an ellipsis when shortened. */
export function excerpt(text: string, max = 180): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, '')}…`
}
