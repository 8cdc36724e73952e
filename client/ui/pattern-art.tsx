/**
 * Decorative generated art (docs/design.md#imagery): girih star lattices, stepped ikat lozenges and a tile medallion,
 * drawn as SVG. Deterministic from `seed`, so the edge and the browser draw the same picture; always `aria-hidden`.
 * The browser keeps the pictures the edge drew while it hydrates (React leaves their `style` as it is), so the drawing
 * code (`pattern-art-svg.ts`) loads only for pictures drawn after a client navigation.
 */
import { use, useState } from 'react'
import { registerWarmup } from '../runtime/lazy-component'
import { useHydrating } from '../runtime/visibility'
import type { PatternVariant } from './pattern-art-svg'

export type { PatternVariant }

/** A stable small hash of a string (FNV-1a). */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export type PatternArtProps = {
  /** Text that picks the palette and variant (e.g. a card's title), so each item keeps its own look. */
  seed?: string
  variant?: PatternVariant
  /** `fill` covers its box (card media); `medallion` art keeps its square. */
  className?: string
  /** Override the palette: 0–5 on dark grounds, 6 for azure lines on a light ground. */
  palette?: number
  /** Lines only, no ground: for laying over a background the container paints. */
  bare?: boolean
  /** Lattice density: 2 draws twice as many, half-size tiles in the same box. */
  density?: number
}

type Drawing = Pick<typeof import('./pattern-art-svg'), 'artStyle'>

let drawing: Drawing | null = null
let loading: Promise<Drawing> | null = null
const loadDrawing = () => (loading ??= import('./pattern-art-svg').then(({ artStyle }) => (drawing = { artStyle })))
registerWarmup(loadDrawing)

/** A decorative tile, lattice or medallion; hidden from assistive technology. */
export function PatternArt({ seed = '', variant, className, palette, bare = false, density = 1 }: PatternArtProps) {
  const [adopted] = useState(useHydrating() && typeof document !== 'undefined')
  const h = hashSeed(seed)
  const kind: PatternVariant = variant ?? (h % 2 === 0 ? 'girih' : 'ikat')
  const classes = ['pattern-art', `pattern-art--${kind}`, className].filter(Boolean).join(' ')
  if (adopted) return <span className={classes} aria-hidden="true" suppressHydrationWarning />
  const draw = drawing ?? use(loadDrawing())
  return <span className={classes} style={draw.artStyle(kind, palette ?? h % 6, h, density, bare)} aria-hidden="true" />
}
