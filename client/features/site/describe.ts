/**
 * Meta descriptions from gateway HTML: the plain text, cut at a word near 160 characters. A light read
 * (`shared/markup/html-text.ts`), not the full parser, so pages that only show HTML do not load the parser at first;
 * the result is text, escaped by React.
 */
import { htmlToText } from '../../../shared/markup/html-text'

const MAX = 160

export function describeHtml(html: string | null | undefined, max = MAX): string | undefined {
  const text = htmlToText(html ?? '')
  if (!text) return undefined
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}
