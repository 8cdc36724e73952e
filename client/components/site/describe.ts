/** Meta descriptions from gateway HTML: the plain text, cut at a word near 160 characters. */
import { sanitizeHtml, toPlainText } from '../html-content'

const MAX = 160

export function describeHtml(html: string | null | undefined, max = MAX): string | undefined {
  const text = toPlainText(sanitizeHtml(html))
  if (!text) return undefined
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}
