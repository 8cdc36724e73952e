/** Allow-list sanitiser for HTML written by users (project descriptions), built on workerd's HTMLRewriter. */

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

/** `href` values kept on links: http(s), mailto, tel, site-relative paths and fragments (raw, entities undecoded). */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)[^\s"'<>`]*$/i

/** Keeps only allow-listed tags and attributes; removes comments, scripts and unsafe links. */
export async function sanitizeUserHtml(html: string): Promise<string> {
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
        const kept: (readonly [string, string])[] = []
        for (const [name, value] of attributes) {
          if (tag === 'a' && name === 'href' && SAFE_HREF.test(value)) kept.push([name, value])
          if ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan') && /^\d{1,2}$/.test(value))
            kept.push([name, value])
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
