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
  const paragraphs = [...doc.body.querySelectorAll('p')].filter((p) => WORD_LIST.test(p.getAttribute('style') ?? ''))
  let stack: { level: number; list: HTMLElement }[] = []
  let previous: Element | null = null
  for (const p of paragraphs) {
    const [, , levelText] = WORD_LIST.exec(p.getAttribute('style') ?? '')!
    const level = Number(levelText)
    // The marker: the first span Word drew it in, or the text before the first tab-like run of spaces.
    const markerEl = p.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]')
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
  // Word's conditional comments hide list markers and VML images; the comment syntax itself is not markup.
  const text = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi, (m) =>
      m.replace(/<!\[if !supportLists\]>|<!\[endif\]>/gi, '').replace(/<span/i, '<span style="mso-list:Ignore"'),
    )
    .replace(/<\/?o:p>/gi, '')
  const doc = new DOMParser().parseFromString(text, 'text/html')
  for (const el of doc.querySelectorAll('style, script, meta, link, title, xml')) el.remove()
  // Google Docs wraps a whole copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`.
  for (const b of doc.querySelectorAll('b[id^="docs-internal-guid"]')) b.replaceWith(...b.childNodes)
  wordLists(doc)
  return doc.body.innerHTML
}
