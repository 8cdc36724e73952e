/**
 * A one-pass render's document as the bytes the response carries: the doctype, the picked CSS in the head's marks
 * (`critical-css.ts`), the share's head elements before `</head>` and the boot script before `</body>`, written into
 * one buffer. Each whole-document string a step would make instead is a copy of about 120,000 two-byte characters
 * (uz and ru texts, typographic dashes), 0.3 ms a copy in V8, and a large object the collector has to sweep
 * (docs/performance.md#the-content-version-off-a-pages-path-2026-11-28).
 */
import { type Share, shareHeadTags } from '../share/share'
import { criticalCssEdits, type Edit } from './critical-css'

const encoder = new TextEncoder()
const DOCTYPE = '<!DOCTYPE html>'

export type Assembly = Readonly<{
  nonce: string | undefined
  /** The inline boot script's code. */
  boot: string
  share: Share | null
  origin: string
  /** The document's classes, when the section memory's cut already knows them. */
  classes?: ReadonlySet<string> | null
}>

/** The document's UTF-8 bytes from the HTML `renderToString` drew (`<html>` to `</html>`). */
export function assembleDocument(
  html: string,
  { nonce, boot, share, origin, classes }: Assembly,
): Uint8Array<ArrayBuffer> {
  const found = html.indexOf('</head>')
  const headEnd = found < 0 ? html.length : found
  const edits: Edit[] = criticalCssEdits(html, headEnd, classes)
  if (share && found >= 0) edits.push({ at: headEnd, end: headEnd, text: shareHeadTags(html, share, origin) })
  const bodyEnd = html.lastIndexOf('</body>')
  const script = `<script${nonce ? ` nonce="${nonce}"` : ''}>${boot}</script>`
  edits.push(
    bodyEnd < 0 ? { at: html.length, end: html.length, text: script } : { at: bodyEnd, end: bodyEnd, text: script },
  )
  edits.sort((a, b) => a.at - b.at)
  const pieces = [DOCTYPE]
  let from = 0
  for (const { at, end, text } of edits) {
    pieces.push(html.slice(from, at), text)
    from = end
  }
  pieces.push(html.slice(from))
  let chars = 0
  for (const piece of pieces) chars += piece.length
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
  const buffer = new Uint8Array(chars * 3)
  let written = 0
  for (const piece of pieces) written += encoder.encodeInto(piece, buffer.subarray(written)).written
  return buffer.slice(0, written)
}
