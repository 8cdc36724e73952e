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
/**
 * The buffer a document is encoded into before its bytes are copied out at their length: isolate state
 * (docs/architecture.md#rule-5), reused by every render, since a fresh zeroed buffer of three bytes a character cost
 * more than the encoding itself (docs/performance.md#assembly-buffer). A document that needs more gets a buffer of its
 * own, so the scratch stays within its bound.
 */
const SCRATCH_BYTES = 1 << 20
let scratch: Uint8Array<ArrayBuffer> | null = null
const DOCTYPE = '<!DOCTYPE html>'
const BREADCRUMBS = '<nav class="breadcrumbs'

export type Assembly = Readonly<{
  nonce: string | undefined
  /** The inline boot script's code. */
  boot: string
  share: Share | null
  origin: string
  /** The document's classes, when the section memory's cut already knows them. */
  classes?: ReadonlySet<string> | null
}>

/**
 * A piece of a complete render's document (`section-memory.ts`): a string React drew, or a remembered section's HTML
 * with its UTF-8 bytes.
 */
export type Piece = string | Readonly<{ html: string; bytes: Uint8Array }>

/** A document's pieces as one string (the pieces' own text, for a document they do not split where `assemble` expects). */
export function piecesText(pieces: readonly Piece[]): string {
  return pieces.map(textOf).join('')
}

const textOf = (piece: Piece): string => (typeof piece === 'string' ? piece : piece.html)

/**
 * The document's UTF-8 bytes from the HTML `renderToString` drew (`<html>` to `</html>`), in the pieces the section
 * memory cut it into: React draws the head and the end of the body, so the CSS, the share's tags and the boot script
 * are written into the first and the last piece, which are its strings; a remembered section's bytes are copied.
 */
export function assembleDocument(
  document: readonly Piece[],
  { nonce, boot, share, origin, classes }: Assembly,
): Uint8Array<ArrayBuffer> {
  let pieces = document
  if (typeof pieces[0] !== 'string' || typeof pieces[pieces.length - 1] !== 'string') pieces = [piecesText(pieces)]
  const last = pieces.length - 1
  const head = pieces[0] as string
  const tail = pieces[last] as string
  const found = head.indexOf('</head>')
  const headEnd = found < 0 ? head.length : found
  const edits: Edit[][] = pieces.map(() => [])
  edits[0]!.push(...criticalCssEdits(head, headEnd, classes))
  if (share && found >= 0) {
    // The breadcrumbs the share's structured data repeats stand whole in one piece: a section is a whole element.
    const crumbs = pieces.map(textOf).find((text) => text.includes(BREADCRUMBS)) ?? ''
    edits[0]!.push({ at: headEnd, end: headEnd, text: shareHeadTags(crumbs, share, origin) })
  }
  const bodyEnd = tail.lastIndexOf('</body>')
  const script = `<script${nonce ? ` nonce="${nonce}"` : ''}>${boot}</script>`
  const at = bodyEnd < 0 ? tail.length : bodyEnd
  edits[last]!.push({ at, end: at, text: script })
  const out: Array<string | Uint8Array> = [DOCTYPE]
  for (const [i, piece] of pieces.entries()) {
    if (typeof piece !== 'string') {
      out.push(piece.bytes)
      continue
    }
    const own = edits[i]!.sort((a, b) => a.at - b.at)
    let from = 0
    for (const { at, end, text } of own) {
      out.push(piece.slice(from, at), text)
      from = end
    }
    out.push(from === 0 ? piece : piece.slice(from))
  }
  let capacity = 0
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
  for (const part of out) capacity += typeof part === 'string' ? part.length * 3 : part.byteLength
  // The assembly is synchronous: no other render can write into the scratch before its bytes are copied out.
  const buffer = capacity <= SCRATCH_BYTES ? (scratch ??= new Uint8Array(SCRATCH_BYTES)) : new Uint8Array(capacity)
  let written = 0
  for (const part of out) {
    if (typeof part === 'string') written += encoder.encodeInto(part, buffer.subarray(written)).written
    else {
      buffer.set(part, written)
      written += part.byteLength
    }
  }
  return buffer.slice(0, written)
}
