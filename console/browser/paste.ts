/**
 * What a paste from Word, Google Docs or a web page brings, made ready for the schema: the schema's rules then keep
 * only the allow-list's elements (schema.ts). Word's own list paragraphs become lists, its conditional comments and
 * office tags go, and a Google Docs document's wrapping `<b>` (which is not bold) is unwrapped.
 */

/** Word marks a list paragraph with `mso-list`; its bullet or number is text inside `<![if !supportLists]>`. */
const WORD_LIST = /mso-list:\s*l(\d+)\s+level(\d+)/i

/** Whether Word's marker of a list paragraph is a number or a letter (a numbered list) rather than a bullet. */
function isNumbered(marker: string): boolean {
  return /^[(]?[0-9a-zA-Z]{1,4}[.)]/.test(marker.trim())
}

/** Word's list paragraphs, each run of them turned into one `ul` or `ol` (nested by level). */
function wordLists(doc: Document): void {
  const paragraphs = [...doc.body.querySelectorAll('p')].filter((p) => WORD_LIST.test(p.dataset.style ?? ''))
  let stack: { level: number; list: HTMLElement }[] = []
  let previous: Element | null = null
  for (const p of paragraphs) {
    const [, , levelText] = WORD_LIST.exec(p.dataset.style ?? '')!
    const level = Number(levelText)
    // The marker: the first span Word drew it in, or the text before the first tab-like run of spaces.
    const markerEl = p.querySelector('span[data-style*="mso-list:Ignore" i], span[data-style*="mso-list: Ignore" i]')
    const marker = markerEl?.textContent ?? ''
    markerEl?.remove()
    const item = doc.createElement('li')
    item.append(...p.childNodes)
    const adjacent = previous !== null && previous.nextElementSibling === p
    if (!adjacent) stack = []
    while (stack.length && stack[stack.length - 1]!.level > level) stack.pop()
    let top = stack[stack.length - 1]
    if (!top || top.level < level) {
      const list = doc.createElement(isNumbered(marker) ? 'ol' : 'ul')
      if (top) (top.list.lastElementChild ?? top.list).append(list)
      else p.before(list)
      top = { level, list }
      stack.push(top)
    }
    top.list.append(item)
    previous = p
    // The paragraph stays in place (empty) until the run ends, so the next one can tell it follows.
    p.replaceChildren()
    p.setAttribute('data-word-list', '')
  }
  for (const p of doc.body.querySelectorAll('p[data-word-list]')) p.remove()
}

/** The pasted HTML, cleaned of what no rule should have to see. */
export function cleanPastedHtml(html: string): string {
  // Word's conditional comments hide list markers and VML images; the comment syntax itself is not markup. Styles are
  // read as `data-style` and style sheets dropped before parsing: the page's CSP refuses inline styles even in a parsed,
  // detached document.
  const text = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi, (m) =>
      m.replace(/<!\[if !supportLists\]>|<!\[endif\]>/gi, '').replace(/<span/i, '<span data-style="mso-list:Ignore"'),
    )
    .replace(/<\/?o:p>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\sstyle\s*=/gi, ' data-style='))
  const doc = new DOMParser().parseFromString(text, 'text/html')
  for (const el of doc.querySelectorAll('style, script, meta, link, title, xml')) el.remove()
  // Google Docs wraps a whole copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`.
  for (const b of doc.querySelectorAll('b[id^="docs-internal-guid"]')) b.replaceWith(...b.childNodes)
  wordLists(doc)
  emphasisFromStyles(doc)
  // No style or class reaches the editor's parser: the page's CSP refuses inline styles, even in a detached document.
  for (const el of doc.body.querySelectorAll('[data-style], [class]')) {
    el.removeAttribute('data-style')
    el.removeAttribute('class')
  }
  return doc.body.innerHTML
}

/**
 * Bold and italic written as styles (Google Docs' spans, a web page's) as the elements the schema reads; a `b` styled
 * back to normal weight is no bold.
 */
function emphasisFromStyles(doc: Document): void {
  for (const el of [...doc.body.querySelectorAll<HTMLElement>('[data-style]')]) {
    const style = el.dataset.style ?? ''
    const weight = /font-weight\s*:\s*([\w-]+)/i.exec(style)?.[1]?.toLowerCase() ?? ''
    const bold = /^(bold(er)?|[6-9]00)$/.test(weight)
    const italic = /font-style\s*:\s*italic/i.test(style)
    if ((el.tagName === 'B' || el.tagName === 'STRONG') && /^(normal|[1-4]00)$/.test(weight)) {
      el.replaceWith(...el.childNodes)
      continue
    }
    for (const [on, tag] of [
      [bold, 'strong'],
      [italic, 'em'],
    ] as const) {
      if (!on) continue
      const wrap = doc.createElement(tag)
      wrap.append(...el.childNodes)
      el.append(wrap)
    }
  }
}
