/**
 * Advance widths of a TrueType font's characters, read from its `cmap` (format 4) and `hmtx` tables, so the share card
 * can break a title into lines before resvg draws it: SVG text does not wrap (docs/decisions/0028-share-cards.md).
 */

export type FontMetrics = Readonly<{
  /** The width of `text` at `size` pixels. */
  width: (text: string, size: number) => number
  /** Whether the font has a glyph for every character of `text`. */
  covers: (text: string) => boolean
}>

/** Reads the metrics of a TrueType font; throws on a font without a format-4 `cmap`. */
export function readFontMetrics(font: ArrayBuffer): FontMetrics {
  const view = new DataView(font)
  const tables = new Map<string, number>()
  const count = view.getUint16(4)
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    const tag = String.fromCharCode(...new Uint8Array(font, at, 4))
    tables.set(tag, view.getUint32(at + 8))
  }
  const table = (tag: string) => {
    const at = tables.get(tag)
    if (at === undefined) throw new Error(`font has no ${tag} table`)
    return at
  }
  const unitsPerEm = view.getUint16(table('head') + 18)
  const metricsCount = view.getUint16(table('hhea') + 34)
  const hmtx = table('hmtx')
  const advance = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, metricsCount - 1))

  const cmap = table('cmap')
  let format4 = -1
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const platform = view.getUint16(cmap + 4 + i * 8)
    const encoding = view.getUint16(cmap + 6 + i * 8)
    const at = cmap + view.getUint32(cmap + 8 + i * 8)
    if (view.getUint16(at) === 4 && (platform === 3 || platform === 0) && (encoding === 1 || platform === 0))
      format4 = at
  }
  if (format4 < 0) throw new Error('font has no format-4 cmap')
  const segments = view.getUint16(format4 + 6) / 2
  const ends = format4 + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const offsets = deltas + segments * 2
  const glyphOf = (code: number): number => {
    for (let s = 0; s < segments; s++) {
      if (code > view.getUint16(ends + s * 2)) continue
      const start = view.getUint16(starts + s * 2)
      if (code < start) return 0
      const delta = view.getInt16(deltas + s * 2)
      const offset = view.getUint16(offsets + s * 2)
      if (offset === 0) return (code + delta) & 0xffff
      const glyph = view.getUint16(offsets + s * 2 + offset + (code - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
  const widths = new Map<number, number>()
  const widthOf = (code: number) => {
    let w = widths.get(code)
    if (w === undefined) widths.set(code, (w = advance(glyphOf(code)) / unitsPerEm))
    return w
  }
  return {
    width: (text, size) => {
      let sum = 0
      for (const ch of text) sum += widthOf(ch.codePointAt(0)!)
      return sum * size
    },
    covers: (text) => [...text].every((ch) => /\s/.test(ch) || glyphOf(ch.codePointAt(0)!) !== 0),
  }
}
