/**
 * The share card's drawing (docs/decisions/0028-share-cards.md): 1200×630, the portal's azure with its mark, the page's
 * kind, its title broken into lines by the font's own widths, and the site's name, all in the page's language.
 */
import type { FontMetrics } from './font-metrics'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

/** What a card says, in the page's language. */
export type CardText = Readonly<{ label: string; title: string; site: string; country: string }>

const MARGIN = 80
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN
const FAMILY = 'Noto Sans'

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!)

/**
 * `text` in lines of at most `width` pixels at `size`, at most `max` of them (the last cut with an ellipsis when the
 * text is longer); a word wider than a line is broken between letters.
 */
export function breakLines(text: string, metrics: FontMetrics, size: number, width: number, max: number): string[] {
  const lines: string[] = []
  let line = ''
  const fits = (s: string) => metrics.width(s, size) <= width
  for (const word of text.trim().split(/\s+/)) {
    const joined = line ? `${line} ${word}` : word
    if (fits(joined)) {
      line = joined
      continue
    }
    if (line) lines.push(line)
    line = ''
    for (const ch of word) {
      if (!fits(line + ch)) {
        lines.push(line)
        line = ''
      }
      line += ch
    }
  }
  if (line) lines.push(line)
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  let last = kept[max - 1]!
  while (last && !fits(`${last}…`)) last = last.slice(0, -1)
  kept[max - 1] = `${last.replace(/[\s,.;:–—-]+$/, '')}…`
  return kept
}

/** The card as SVG: resvg draws it with the bundled font only. */
export function cardSvg(text: CardText, metrics: FontMetrics): string {
  // The largest size at which the title takes at most three lines, else four lines of the smallest.
  let size = 64
  let lines = breakLines(text.title, metrics, size, TEXT_WIDTH, 3)
  if (lines.at(-1)?.endsWith('…') && text.title.trim().length > 0) {
    size = 52
    lines = breakLines(text.title, metrics, size, TEXT_WIDTH, 4)
  }
  const lineHeight = Math.round(size * 1.22)
  const top = 250
  const title = lines
    .map((l, i) => `<text x="${MARGIN}" y="${top + i * lineHeight}" font-size="${size}">${escapeXml(l)}</text>`)
    .join('')
  const label = breakLines(text.label, metrics, 30, TEXT_WIDTH - 90, 1)[0] ?? ''
  const site = breakLines(`${text.site} · ${text.country}`, metrics, 28, TEXT_WIDTH, 1)[0] ?? ''
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#00577d"/>`,
    `<rect width="${CARD_WIDTH}" height="14" fill="#0099b5"/><rect y="14" width="${CARD_WIDTH}" height="6" fill="#fff"/>`,
    `<rect y="20" width="${CARD_WIDTH}" height="10" fill="#1eb53a"/>`,
    `<g transform="translate(${MARGIN} 96) scale(2)"><rect width="32" height="32" rx="7" fill="#0072A3" stroke="#7fd3ef" stroke-width="0.6"/>`,
    '<path d="M16 5.5L19.08 8.58H23.42V12.92L26.5 16L23.42 19.08V23.42H19.08L16 26.5L12.92 23.42H8.58V19.08L5.5 16L8.58 12.92V8.58H12.92Z" fill="none" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/>',
    '<path d="M16 11.8L17.4 14.6L20.2 16L17.4 17.4L16 20.2L14.6 17.4L11.8 16L14.6 14.6Z" fill="#7fd3ef"/></g>',
    `<g font-family="${FAMILY}" font-weight="700">`,
    `<text x="${MARGIN + 90}" y="143" font-size="30" fill="#bfe6f5">${escapeXml(label)}</text>`,
    `<g fill="#fff">${title}</g>`,
    `<text x="${MARGIN}" y="${CARD_HEIGHT - 70}" font-size="28" fill="#d8eef7">${escapeXml(site)}</text>`,
    '</g></svg>',
  ].join('')
}
