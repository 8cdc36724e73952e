/**
 * A schematic map of Uzbekistan's 14 regions: simplified outlines drawn from shared border points (longitude,
 * latitude), so neighbours meet without gaps. Keyed by the regions' SOATO codes, as the gateway names them.
 */

/** Border points, [longitude, latitude]. */
const P = {
  nw: [56.0, 45.0],
  aralN: [58.6, 45.6],
  aralE: [61.0, 44.4],
  karNav: [62.2, 43.5],
  navN: [64.8, 43.7],
  navNE: [65.6, 43.3],
  navE: [66.3, 42.6],
  navJiz: [66.8, 41.2],
  jizSyr: [68.0, 40.9],
  syrTash: [68.6, 40.95],
  tashW: [69.0, 41.3],
  tashN: [69.7, 42.1],
  tashNE: [70.6, 42.2],
  tashNam: [71.0, 41.7],
  namAnd: [72.1, 41.3],
  andE: [73.15, 40.85],
  andS: [72.7, 40.45],
  ferS: [71.6, 40.2],
  ferW: [70.5, 40.35],
  ferNam: [70.75, 40.8],
  tashNamTj: [70.9, 41.15],
  valley: [72.0, 40.9],
  tashS1: [70.3, 40.85],
  tashS2: [69.5, 40.6],
  tashSyr: [69.2, 40.35],
  syrJiz: [68.6, 40.1],
  jizS: [68.0, 39.6],
  jizSam: [67.6, 39.6],
  samJiz: [67.0, 40.1],
  samNav: [66.4, 40.6],
  samKash: [67.3, 39.05],
  samKashW: [66.3, 39.3],
  samNavKash: [65.8, 39.55],
  samNavW: [66.1, 40.2],
  kashSurN: [67.6, 38.85],
  surE: [68.4, 38.6],
  surSE: [68.3, 37.9],
  termez: [67.8, 37.2],
  surSW: [67.0, 37.3],
  surW: [66.6, 37.9],
  kashSur: [66.9, 38.4],
  kashS: [65.6, 38.3],
  kashBuk: [64.9, 38.7],
  bukNavKash: [65.4, 39.5],
  bukS: [64.0, 39.0],
  bukSW: [62.6, 39.5],
  bukW: [62.0, 40.9],
  bukKarNav: [62.6, 41.5],
  bukNav1: [63.8, 40.6],
  bukNav2: [64.8, 40.2],
  khW: [60.0, 41.25],
  khN: [60.3, 41.75],
  khNE: [61.0, 41.8],
  khE: [61.3, 41.3],
  khS: [60.9, 40.95],
  khSW: [60.4, 41.0],
  karS1: [59.4, 42.2],
  karS2: [58.0, 42.5],
  karS3: [57.0, 41.3],
  sw: [56.0, 41.3],
} as const satisfies Record<string, readonly [number, number]>

type Point = keyof typeof P

/** Outlines in drawing order (Tashkent city last, on top of its region). */
const OUTLINES: readonly { code: string; points: readonly Point[] }[] = [
  {
    code: '1735',
    points: [
      'nw',
      'aralN',
      'aralE',
      'karNav',
      'bukKarNav',
      'bukW',
      'khE',
      'khNE',
      'khN',
      'khW',
      'karS1',
      'karS2',
      'karS3',
      'sw',
    ],
  },
  { code: '1733', points: ['khW', 'khN', 'khNE', 'khE', 'khS', 'khSW'] },
  {
    code: '1712',
    points: [
      'karNav',
      'navN',
      'navNE',
      'navE',
      'navJiz',
      'samNav',
      'samNavW',
      'samNavKash',
      'bukNavKash',
      'bukNav2',
      'bukNav1',
      'bukKarNav',
    ],
  },
  { code: '1706', points: ['bukNavKash', 'kashBuk', 'bukS', 'bukSW', 'bukW', 'bukKarNav', 'bukNav1', 'bukNav2'] },
  {
    code: '1710',
    points: ['samNavKash', 'samKashW', 'samKash', 'kashSurN', 'kashSur', 'surW', 'kashS', 'kashBuk', 'bukNavKash'],
  },
  { code: '1722', points: ['kashSurN', 'surE', 'surSE', 'termez', 'surSW', 'surW', 'kashSur'] },
  { code: '1718', points: ['samNav', 'samJiz', 'jizSam', 'samKash', 'samKashW', 'samNavKash', 'samNavW'] },
  { code: '1708', points: ['navJiz', 'jizSyr', 'syrJiz', 'jizS', 'jizSam', 'samJiz', 'samNav'] },
  { code: '1724', points: ['jizSyr', 'syrTash', 'tashSyr', 'syrJiz'] },
  {
    code: '1727',
    points: ['syrTash', 'tashW', 'tashN', 'tashNE', 'tashNam', 'tashNamTj', 'tashS1', 'tashS2', 'tashSyr'],
  },
  { code: '1714', points: ['tashNam', 'namAnd', 'valley', 'ferNam', 'tashNamTj'] },
  { code: '1703', points: ['namAnd', 'andE', 'andS', 'valley'] },
  { code: '1730', points: ['valley', 'andS', 'ferS', 'ferW', 'ferNam'] },
]

/** Tashkent city is a dot: too small to draw to scale, it is shown as a circle big enough to point at. */
const TASHKENT_CITY = { code: '1726', at: [69.28, 41.31] as const, r: 9 }

const LON0 = 55.8
const LAT0 = 45.8
/** Pixels per degree: latitude 60; longitude shrunk by cos(41°) so the country keeps its shape. */
const KX = 45.3
const KY = 60

export const MAP_WIDTH = 800
export const MAP_HEIGHT = 530

const round = (n: number) => Math.round(n * 10) / 10
const project = ([lon, lat]: readonly [number, number]): [number, number] => [
  round((lon - LON0) * KX),
  round((LAT0 - lat) * KY),
]

/** Where a label sits when the centroid is a poor spot (Tashkent region wraps the city). */
const LABEL_NUDGE: Readonly<Record<string, readonly [number, number]>> = {
  '1727': [14, -24],
  '1735': [0, -30],
  '1714': [-4, -2],
  '1724': [-2, 4],
}

/** Regions too small for a full-size label. */
export const SMALL_REGIONS: ReadonlySet<string> = new Set(['1703', '1714', '1724', '1726', '1730'])

export type RegionShape =
  | { code: string; kind: 'path'; d: string; label: [number, number] }
  | { code: string; kind: 'circle'; cx: number; cy: number; r: number; label: [number, number] }

function centroid(points: readonly [number, number][]): [number, number] {
  let a = 0
  let cx = 0
  let cy = 0
  points.forEach(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % points.length]!
    const cross = x0 * y1 - x1 * y0
    a += cross
    cx += (x0 + x1) * cross
    cy += (y0 + y1) * cross
  })
  return [round(cx / (3 * a)), round(cy / (3 * a))]
}

/** The 14 shapes in drawing order, in the map's 800 × 530 coordinate space. */
export const REGION_SHAPES: readonly RegionShape[] = [
  ...OUTLINES.map(({ code, points }): RegionShape => {
    const xy = points.map((p) => project(P[p]))
    const [cx, cy] = centroid(xy)
    const [dx, dy] = LABEL_NUDGE[code] ?? [0, 0]
    return { code, kind: 'path', d: `M${xy.map(([x, y]) => `${x} ${y}`).join('L')}Z`, label: [cx + dx, cy + dy] }
  }),
  (() => {
    const [cx, cy] = project(TASHKENT_CITY.at)
    return {
      code: TASHKENT_CITY.code,
      kind: 'circle' as const,
      cx,
      cy,
      r: TASHKENT_CITY.r,
      label: [cx - 14, cy + 4] as [number, number],
    }
  })(),
]
