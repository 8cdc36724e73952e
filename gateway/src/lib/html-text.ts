/**
 * Plain text of stored rich text, read with workerd's HTMLRewriter (as `user-html.ts` sanitises it): what the search
 * index matches and the excerpt it shows.
 */

/** Elements whose text is never shown, so never indexed. */
const SILENT = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'title', 'head'])

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** The entities stored HTML carries (the sanitiser escapes `&`, `<`, `>`, quotes) and numeric references. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** The text of an HTML fragment: every element boundary is a space, entities decoded, whitespace collapsed. */
export async function htmlToText(html: string): Promise<string> {
  if (!html) return ''
  const parts: string[] = []
  let silent = 0
  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        parts.push(' ')
        if (!SILENT.has(el.tagName.toLowerCase())) return
        silent++
        el.onEndTag(() => {
          silent--
        })
      },
    })
    .onDocument({
      text(chunk) {
        if (!silent) parts.push(chunk.text)
      },
    })
  await rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })).text()
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim()
}

/** The first `max` characters of `text`, cut at a word boundary with an ellipsis when shortened. */
export function excerptOf(text: string, max = 180): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, '')}…`
}
