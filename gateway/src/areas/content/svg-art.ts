/** Deterministic geometric illustrations (ikat, girih, suzani and tile motifs) generated from an image name. */

export const ART_RATIOS = { '16x9': [320, 180], '4x3': [320, 240], '1x1': [240, 240] } as const
/** Aspect ratio suffix of an art name (`_4x3`, `_1x1`; none means 16:9). */
export type ArtRatio = keyof typeof ART_RATIOS

/** Image names as written in gateway/seed (e.g. "post-07", "gallery-2-3"). */
export const ART_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/

type Palette = { bg: [string, string]; a: string; b: string; accent: string; warm: string; deep: string; light: string }

const AZURE = '#0072A3'
const SKY = '#00A3D9'
const DEEP = '#0A4A6E'
const SAND = '#F5EDE1'
const GREEN = '#3A9A5F'
const OCHRE = '#C98B4E'

const PALETTES: Palette[] = [
  { bg: [SAND, '#E9DAC3'], a: AZURE, b: SKY, accent: GREEN, warm: OCHRE, deep: DEEP, light: '#FFFDF8' },
  { bg: [DEEP, AZURE], a: '#F3E7D3', b: SKY, accent: '#7CC593', warm: '#E3B77C', deep: '#062F47', light: SAND },
  { bg: ['#EEF7FB', '#CFE7F2'], a: AZURE, b: OCHRE, accent: GREEN, warm: SKY, deep: DEEP, light: '#FFFFFF' },
  { bg: ['#F2E4CF', '#DFC29B'], a: DEEP, b: AZURE, accent: GREEN, warm: '#B8683A', deep: '#3B2A1E', light: '#FBF5EC' },
  { bg: ['#EAF3EC', '#D3E6D8'], a: AZURE, b: GREEN, accent: OCHRE, warm: SKY, deep: DEEP, light: '#FCFEFC' },
]

/** FNV-1a, 32 bit: a stable number for a name. */
function hashName(name: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a tiny deterministic PRNG so the same name always draws the same picture. */
function createRandom(seed: number): () => number {
  let s = seed
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const r1 = (n: number) => Math.round(n * 10) / 10

/** Points of an n-pointed star centred on (cx, cy), as an SVG points list. */
function starPoints(cx: number, cy: number, outer: number, inner: number, n = 8, turn = 0): string {
  const pts: string[] = []
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 ? inner : outer
    const a = (Math.PI * i) / n + turn
    pts.push(`${r1(cx + r * Math.sin(a))},${r1(cy - r * Math.cos(a))}`)
  }
  return pts.join(' ')
}

/** A diamond with stepped (ikat-like) edges, centred on (cx, cy). */
function steppedDiamond(cx: number, cy: number, hw: number, hh: number, steps: number): string {
  const pts: string[] = []
  const dx = hw / steps
  const dy = hh / steps
  for (let i = 0; i < steps; i++)
    pts.push(`${r1(cx + dx * i)},${r1(cy - hh + dy * i)}`, `${r1(cx + dx * (i + 1))},${r1(cy - hh + dy * i)}`)
  for (let i = 0; i < steps; i++)
    pts.push(`${r1(cx + hw - dx * i)},${r1(cy + dy * i)}`, `${r1(cx + hw - dx * i)},${r1(cy + dy * (i + 1))}`)
  for (let i = 0; i < steps; i++)
    pts.push(`${r1(cx - dx * i)},${r1(cy + hh - dy * i)}`, `${r1(cx - dx * (i + 1))},${r1(cy + hh - dy * i)}`)
  for (let i = 0; i < steps; i++)
    pts.push(`${r1(cx - hw + dx * i)},${r1(cy - dy * i)}`, `${r1(cx - hw + dx * i)},${r1(cy - dy * (i + 1))}`)
  return pts.join(' ')
}

type Motif = { w: number; h: number; body: string }

function ikat(p: Palette): Motif {
  return {
    w: 40,
    h: 64,
    body:
      `<polygon points="${steppedDiamond(20, 32, 17, 28, 5)}" fill="${p.b}" opacity=".35" transform="translate(1.5 0)"/>` +
      `<polygon points="${steppedDiamond(20, 32, 15, 26, 5)}" fill="${p.a}"/>` +
      `<polygon points="${steppedDiamond(20, 32, 8, 14, 3)}" fill="${p.bg[0]}"/>` +
      `<circle cx="20" cy="32" r="3.5" fill="${p.accent}"/>` +
      `<path d="M0 0l4 6-4 6M40 0l-4 6 4 6M0 52l4 6-4 6M40 52l-4 6 4 6" fill="none" stroke="${p.warm}" stroke-width="2"/>`,
  }
}

function girih(p: Palette): Motif {
  const star = (cx: number, cy: number) => `<polygon points="${starPoints(cx, cy, 13, 7)}"/>`
  return {
    w: 48,
    h: 48,
    body:
      `<g fill="${p.a}">${star(24, 24)}${star(0, 0)}${star(48, 0)}${star(0, 48)}${star(48, 48)}</g>` +
      `<path d="M24 11V0M24 37v11M11 24H0M37 24h11" stroke="${p.b}" stroke-width="2"/>` +
      `<polygon points="${starPoints(24, 24, 6, 3.2)}" fill="${p.warm}"/>` +
      `<circle cx="0" cy="24" r="3" fill="${p.accent}"/><circle cx="48" cy="24" r="3" fill="${p.accent}"/>` +
      `<circle cx="24" cy="0" r="3" fill="${p.accent}"/><circle cx="24" cy="48" r="3" fill="${p.accent}"/>`,
  }
}

function suzani(p: Palette): Motif {
  const petals = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="30" cy="16" rx="4" ry="8" transform="rotate(${i * 45} 30 30)"/>`,
  ).join('')
  return {
    w: 60,
    h: 60,
    body:
      `<g fill="${p.b}">${petals}</g>` +
      `<circle cx="30" cy="30" r="9" fill="${p.a}"/><circle cx="30" cy="30" r="5" fill="${p.warm}"/>` +
      `<circle cx="30" cy="30" r="2" fill="${p.light}"/>` +
      `<g fill="${p.accent}"><circle cx="0" cy="0" r="6"/><circle cx="60" cy="0" r="6"/><circle cx="0" cy="60" r="6"/><circle cx="60" cy="60" r="6"/></g>` +
      `<g fill="${p.warm}" opacity=".7"><circle cx="0" cy="30" r="2.5"/><circle cx="60" cy="30" r="2.5"/><circle cx="30" cy="0" r="2.5"/><circle cx="30" cy="60" r="2.5"/></g>`,
  }
}

function quatrefoil(p: Palette): Motif {
  return {
    w: 36,
    h: 36,
    body:
      `<g fill="${p.a}" opacity=".85"><circle cx="18" cy="11" r="7"/><circle cx="18" cy="25" r="7"/><circle cx="11" cy="18" r="7"/><circle cx="25" cy="18" r="7"/></g>` +
      `<rect x="13" y="13" width="10" height="10" transform="rotate(45 18 18)" fill="${p.warm}"/>` +
      `<circle cx="18" cy="18" r="2.2" fill="${p.light}"/>` +
      `<path d="M0 0L5 5M36 0l-5 5M0 36l5-5M36 36l-5-5" stroke="${p.accent}" stroke-width="2.5"/>`,
  }
}

const MOTIFS = [ikat, girih, suzani, quatrefoil]

/** Big foreground shapes that give each picture its own composition. */
function overlay(kind: number, p: Palette, w: number, h: number, rnd: () => number, id: string): string {
  const cx = r1(w * (0.3 + rnd() * 0.4))
  const cy = r1(h * (0.4 + rnd() * 0.2))
  const s = Math.min(w, h)
  switch (kind) {
    case 0: {
      const r = r1(s * 0.34)
      return (
        `<circle cx="${cx}" cy="${cy}" r="${r1(r * 1.08)}" fill="${p.light}" opacity=".9"/>` +
        `<polygon points="${starPoints(cx, cy, r, r * 0.72, 8, Math.PI / 8)}" fill="${p.a}"/>` +
        `<polygon points="${starPoints(cx, cy, r * 0.78, r * 0.56, 8)}" fill="${p.light}"/>` +
        `<polygon points="${starPoints(cx, cy, r * 0.5, r * 0.3, 8, Math.PI / 8)}" fill="${p.accent}"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.16)}" fill="${p.warm}"/>`
      )
    }
    case 1: {
      const y = r1(h * (0.58 + rnd() * 0.12))
      const bh = r1(h * 0.2)
      return (
        `<pattern id="b${id}" width="24" height="${bh}" x="12" y="${y}" patternUnits="userSpaceOnUse">` +
        `<polygon points="${steppedDiamond(12, bh / 2, 9, bh * 0.38, 3)}" fill="${p.warm}"/></pattern>` +
        `<rect x="0" y="${y}" width="${w}" height="${bh}" fill="${p.deep}" opacity=".92"/>` +
        `<rect x="0" y="${y}" width="${w}" height="${bh}" fill="url(#b${id})"/>` +
        `<rect x="0" y="${r1(y - 3)}" width="${w}" height="3" fill="${p.accent}"/><rect x="0" y="${r1(y + bh)}" width="${w}" height="3" fill="${p.accent}"/>`
      )
    }
    case 2: {
      const aw = r1(s * 0.46)
      const base = h
      const top = r1(h * 0.22)
      const x0 = r1(cx - aw / 2)
      const arch = (inset: number, fill: string) =>
        `<path d="M${r1(x0 + inset)} ${base}V${r1(top + aw * 0.55)}Q${r1(x0 + inset)} ${r1(top + inset * 1.4)} ${cx} ${r1(top + inset)}Q${r1(x0 + aw - inset)} ${r1(top + inset * 1.4)} ${r1(x0 + aw - inset)} ${r1(top + aw * 0.55)}V${base}Z" fill="${fill}"/>`
      return (
        arch(0, p.a) +
        arch(r1(aw * 0.1), p.light) +
        arch(r1(aw * 0.2), p.b) +
        `<polygon points="${starPoints(cx, r1(top + aw * 0.5), aw * 0.14, aw * 0.07)}" fill="${p.warm}"/>`
      )
    }
    default: {
      const r = r1(s * 0.55)
      return (
        `<circle cx="${r1(w * 0.85)}" cy="${r1(h * 0.1)}" r="${r}" fill="${p.warm}" opacity=".28"/>` +
        `<circle cx="${r1(w * 0.85)}" cy="${r1(h * 0.1)}" r="${r1(r * 0.6)}" fill="${p.warm}" opacity=".35"/>` +
        `<path d="M0 ${r1(h * 0.78)}Q${r1(w * 0.3)} ${r1(h * 0.62)} ${r1(w * 0.55)} ${r1(h * 0.76)}T${w} ${r1(h * 0.7)}V${h}H0Z" fill="${p.deep}" opacity=".9"/>` +
        `<path d="M0 ${r1(h * 0.86)}Q${r1(w * 0.35)} ${r1(h * 0.74)} ${r1(w * 0.6)} ${r1(h * 0.86)}T${w} ${r1(h * 0.82)}V${h}H0Z" fill="${p.accent}"/>`
      )
    }
  }
}

/** The SVG document for `name` at `ratio`; the same inputs always give the same bytes. */
export function renderArt(name: string, ratio: ArtRatio = '16x9'): string {
  const seed = hashName(name)
  const rnd = createRandom(seed)
  const p = PALETTES[seed % PALETTES.length]!
  const motif = MOTIFS[Math.floor(rnd() * MOTIFS.length)]!(p)
  const kind = Math.floor(rnd() * 4)
  const [w, h] = ART_RATIOS[ratio]
  const scale = r1(0.7 + rnd() * 0.5)
  const angle = [0, 0, 45, 90][Math.floor(rnd() * 4)]!
  const id = seed.toString(36)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w * 4}" height="${h * 4}" role="img" aria-label="${name}">` +
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>` +
    `<linearGradient id="f${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}" stop-opacity=".15"/><stop offset="1" stop-color="${p.bg[1]}" stop-opacity=".75"/></linearGradient>` +
    `<pattern id="p${id}" width="${motif.w}" height="${motif.h}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle}) scale(${scale})">${motif.body}</pattern></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g${id})"/>` +
    `<rect width="${w}" height="${h}" fill="url(#p${id})" opacity=".55"/>` +
    `<rect width="${w}" height="${h}" fill="url(#f${id})"/>` +
    overlay(kind, p, w, h, rnd, id) +
    `<rect x="3" y="3" width="${w - 6}" height="${h - 6}" fill="none" stroke="${p.a}" stroke-opacity=".35" stroke-width="2"/>` +
    `</svg>`
  )
}

/** Parses "name", "name_4x3" or "name_1x1" (the `.svg` already removed); null when not a valid art name. */
export function parseArtName(file: string): { name: string; ratio: ArtRatio } | null {
  const m = /^(.+?)(?:_(16x9|4x3|1x1))?$/.exec(file)
  if (!m || !ART_NAME.test(m[1]!)) return null
  return { name: m[1]!, ratio: (m[2] as ArtRatio | undefined) ?? '16x9' }
}
