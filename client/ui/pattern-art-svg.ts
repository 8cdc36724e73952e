/**
 * The pattern art's drawing (docs/design.md#imagery): SVG built from the variant, palette and seed, as a CSS
 * background.
 */

/** The kinds of picture: a girih star lattice, stepped ikat lozenges, a tile medallion. */
export type PatternVariant = 'girih' | 'ikat' | 'medallion'

const round = (n: number) => Math.round(n * 100) / 100

/** An eight-point star {8/2} (two overlapping squares) as a path. */
function starPath(cx: number, cy: number, r: number, rotation = 0): string {
  const inner = (r * Math.cos(Math.PI / 4)) / Math.cos(Math.PI / 8)
  const points: string[] = []
  for (let k = 0; k < 16; k++) {
    const a = ((-90 + rotation + k * 22.5) * Math.PI) / 180
    const rad = k % 2 === 0 ? r : inner
    points.push(`${round(cx + rad * Math.cos(a))} ${round(cy + rad * Math.sin(a))}`)
  }
  return `M${points.join('L')}Z`
}

/** A lozenge with stepped edges, the signature of ikat resist-dyeing. */
function steppedLozenge(cx: number, cy: number, a: number, b: number, steps: number): string {
  const dx = a / steps
  const dy = b / steps
  const p: string[] = [`${round(cx)} ${round(cy - b)}`]
  for (let i = 1; i <= steps; i++)
    p.push(`${round(cx + dx * i)} ${round(cy - b + dy * (i - 1))}`, `${round(cx + dx * i)} ${round(cy - b + dy * i)}`)
  for (let i = 1; i <= steps; i++)
    p.push(`${round(cx + a - dx * (i - 1))} ${round(cy + dy * i)}`, `${round(cx + a - dx * i)} ${round(cy + dy * i)}`)
  for (let i = 1; i <= steps; i++)
    p.push(`${round(cx - dx * i)} ${round(cy + b - dy * (i - 1))}`, `${round(cx - dx * i)} ${round(cy + b - dy * i)}`)
  for (let i = 1; i <= steps; i++)
    p.push(`${round(cx - a + dx * (i - 1))} ${round(cy - dy * i)}`, `${round(cx - a + dx * i)} ${round(cy - dy * i)}`)
  return `M${p.join('L')}Z`
}

const GIRIH_TILE = 56
const GIRIH = [
  starPath(28, 28, 15),
  ...[
    [0, 0],
    [56, 0],
    [0, 56],
    [56, 56],
  ].map(([x, y]) => starPath(x!, y!, 15)),
  ...[
    [28, 0],
    [0, 28],
    [56, 28],
    [28, 56],
  ].map(([x, y]) => starPath(x!, y!, 6, 22.5)),
].join('')

const IKAT_W = 48
const IKAT_H = 80
const IKAT_OUTER = [
  steppedLozenge(24, 40, 18, 34, 5),
  steppedLozenge(0, 0, 18, 34, 5),
  steppedLozenge(48, 0, 18, 34, 5),
  steppedLozenge(0, 80, 18, 34, 5),
  steppedLozenge(48, 80, 18, 34, 5),
].join('')
const IKAT_INNER = [
  steppedLozenge(24, 40, 8, 15, 3),
  steppedLozenge(0, 0, 8, 15, 3),
  steppedLozenge(48, 0, 8, 15, 3),
  steppedLozenge(0, 80, 8, 15, 3),
  steppedLozenge(48, 80, 8, 15, 3),
].join('')

const MEDALLION_RINGS = [
  starPath(200, 200, 190),
  starPath(200, 200, 150, 22.5),
  starPath(200, 200, 112),
  starPath(200, 200, 76, 22.5),
  starPath(200, 200, 44),
]
const MEDALLION_SATELLITES = Array.from({ length: 8 }, (_, k) => {
  const a = ((k * 45 - 90) * Math.PI) / 180
  return starPath(200 + 131 * Math.cos(a), 200 + 131 * Math.sin(a), 13, 22.5)
}).join('')

/** Palettes on the azure family (background, line, fill), picked by the seed. */
const PALETTES = [
  ['#0b2e45', '#6cbfe0', '#00a3d9'],
  ['#0072a3', '#a9d7ea', '#d6edf6'],
  ['#0a4566', '#7fd3ef', '#2ba3c9'],
  ['#125a33', '#9fd8b5', '#3fa46b'],
  ['#173a63', '#b7c8ef', '#6f8fd6'],
  ['#5c3d0a', '#f0cf8a', '#d9a440'],
  ['#eef7fb', '#0072a3', '#6cbfe0'],
] as const

const styles = new Map<string, { backgroundImage: string }>()

/**
 * The picture as a CSS background (an SVG data URL): one element per picture instead of a dozen in the page, each
 * distinct picture drawn once per isolate or tab. Lattices cover their box; the medallion keeps its square.
 */
export function artStyle(
  kind: PatternVariant,
  palette: number,
  seedHash: number,
  density: number,
  bare: boolean,
): { backgroundImage: string } {
  // The seed also shifts the lattice so neighbouring cards do not look stamped from one block.
  const shift = kind === 'medallion' ? 0 : (seedHash >>> 8) % (kind === 'girih' ? GIRIH_TILE : IKAT_W)
  const key = `${kind}:${palette}:${shift}:${density}:${bare ? 1 : 0}`
  let style = styles.get(key)
  if (!style) {
    style = { backgroundImage: `url("data:image/svg+xml,${encodeSvg(artSvg(kind, palette, shift, density, bare))}")` }
    styles.set(key, style)
  }
  return style
}

function artSvg(kind: PatternVariant, palette: number, shift: number, density: number, bare: boolean): string {
  const [bg, line, fill] = PALETTES[palette] ?? PALETTES[0]
  const svg = (viewBox: string, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`
  if (kind === 'medallion') {
    const rings = MEDALLION_RINGS.map(
      (d, i) =>
        `<path d="${d}" fill="${i === MEDALLION_RINGS.length - 1 ? fill : 'none'}" stroke="${line}" stroke-width="${i === 0 ? 1.5 : 1.2}" stroke-opacity="${round(0.9 - i * 0.08)}"/>`,
    )
    return svg(
      '0 0 400 400',
      `${rings.join('')}<path d="${MEDALLION_SATELLITES}" fill="${fill}" fill-opacity="0.55" stroke="${line}" stroke-width="1"/><circle cx="200" cy="200" r="170" fill="none" stroke="${line}" stroke-opacity="0.35" stroke-dasharray="2 6"/>`,
    )
  }
  const tile =
    kind === 'girih'
      ? {
          w: GIRIH_TILE,
          h: GIRIH_TILE,
          body: `<path d="${GIRIH}" fill="none" stroke="${line}" stroke-width="1.4" stroke-opacity="0.75"/>`,
        }
      : {
          w: IKAT_W,
          h: IKAT_H,
          body: `<path d="${IKAT_OUTER}" fill="${fill}" fill-opacity="0.45" stroke="${line}" stroke-width="1.2" stroke-opacity="0.8"/><path d="${IKAT_INNER}" fill="${line}" fill-opacity="0.8"/>`,
        }
  const w = 320 * density
  const hgt = 200 * density
  return svg(
    `0 0 ${w} ${hgt}`,
    `<defs><pattern id="p" width="${tile.w}" height="${tile.h}" patternUnits="userSpaceOnUse" patternTransform="translate(${shift} 0)">${tile.body}</pattern>` +
      `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}" stop-opacity="0"/><stop offset="1" stop-color="${bg}" stop-opacity="0.55"/></linearGradient></defs>` +
      (bare ? '' : `<rect width="${w}" height="${hgt}" fill="${bg}"/>`) +
      `<rect width="${w}" height="${hgt}" fill="url(#p)"/>` +
      (bare ? '' : `<rect width="${w}" height="${hgt}" fill="url(#g)"/>`),
  )
}

/**
 * Just enough escaping for an SVG inside a double-quoted CSS `url()`; its quotes become `%22`, which HTML leaves alone.
 */
function encodeSvg(svg: string): string {
  return svg.replace(/[%#<>"]/g, encodeURIComponent)
}
