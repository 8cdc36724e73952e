/**
 * The local map's tiles (docs/gateway-contract.md#map-tiles): a tiny raster PMTiles v3 archive written at seed time, so
 * development and the tests draw the projects' map with no tile provider and nothing binary in the repository. Zooms 0
 * to 6: the whole world to zoom 2, then the tiles over Uzbekistan; each a 256-pixel PNG of a pale ground, the country's
 * bounding box a shade darker and a line along the tile's edges, enough to see that tiles load and where they lie. The
 * format: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md (a 127-byte header, then a varint directory).
 */
import { MAP_TILES_KEY } from '../../areas/documents/map-tiles'

const TILE = 256
const MAX_ZOOM = 6
/** Whole zooms up to this one; beyond it only the tiles over the box below. */
const WORLD_ZOOM = 2
/** Uzbekistan's bounding box, west, south, east, north (degrees), a little wider than the border. */
const BOX = [55.9, 37.1, 73.2, 45.6] as const
const GROUND = [0xee, 0xf1, 0xf4] as const
const LAND = [0xdc, 0xe6, 0xda] as const
const EDGE = [0xc5, 0xcd, 0xd6] as const

const lonToX = (lon: number, z: number) => ((lon + 180) / 360) * 2 ** z
const latToY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z
}

/** The tile id of the PMTiles spec (lower zooms first, then along a Hilbert curve), as the `pmtiles` reader computes it. */
function tileId(z: number, x: number, y: number): number {
  let acc = ((1 << z) * (1 << z) - 1) / 3
  let [tx, ty] = [x, y]
  for (let s = 1 << (z - 1), a = z - 1; s > 0; s >>= 1, a--) {
    const rx = tx & s
    const ry = ty & s
    acc += ((3 * rx) ^ ry) * (1 << a)
    if (ry === 0) [tx, ty] = rx !== 0 ? [s - 1 - ty, s - 1 - tx] : [ty, tx]
  }
  return acc
}

/** The tiles the archive holds, by zoom: every one to WORLD_ZOOM, then those that touch the box. */
function tilesToDraw(): [z: number, x: number, y: number][] {
  const out: [number, number, number][] = []
  for (let z = 0; z <= MAX_ZOOM; z++) {
    const n = 2 ** z
    const [x0, x1] = z <= WORLD_ZOOM ? [0, n - 1] : [Math.floor(lonToX(BOX[0], z)), Math.floor(lonToX(BOX[2], z))]
    const [y0, y1] = z <= WORLD_ZOOM ? [0, n - 1] : [Math.floor(latToY(BOX[3], z)), Math.floor(latToY(BOX[1], z))]
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push([z, x, y])
  }
  return out
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** One tile as an 8-bit RGB PNG. */
async function drawTile(z: number, x: number, y: number): Promise<Uint8Array> {
  const [bx0, bx1] = [lonToX(BOX[0], z) - x, lonToX(BOX[2], z) - x].map((v) => v * TILE)
  const [by0, by1] = [latToY(BOX[3], z) - y, latToY(BOX[1], z) - y].map((v) => v * TILE)
  const raw = new Uint8Array(TILE * (1 + TILE * 3))
  for (let py = 0; py < TILE; py++) {
    const row = py * (1 + TILE * 3)
    // Filter type 0 (none) for every row.
    for (let px = 0; px < TILE; px++) {
      const edge = px === 0 || py === 0
      const land = px >= bx0! && px < bx1! && py >= by0! && py < by1!
      raw.set(edge ? EDGE : land ? LAND : GROUND, row + 1 + px * 3)
    }
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, TILE)
  view.setUint32(4, TILE)
  header.set([8, 2, 0, 0, 0], 8)
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await zlib(raw)),
    chunk('IEND', new Uint8Array()),
  ]
  return concat(parts)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function varints(values: number[]): number[] {
  const out: number[] = []
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80)
      v = Math.floor(v / 0x80)
    }
    out.push(v)
  }
  return out
}

/** The archive's bytes: header, root directory (uncompressed), metadata, then the tiles in tile-id order. */
async function buildMapTiles(): Promise<Uint8Array> {
  const tiles = await Promise.all(
    tilesToDraw().map(async ([z, x, y]) => ({ id: tileId(z, x, y), png: await drawTile(z, x, y) })),
  )
  tiles.sort((a, b) => a.id - b.id)
  // Each entry: its id's delta, a run length of 1, its length, and an offset of 0 ("right after the previous one"),
  // the first's being offset + 1.
  const directory = new Uint8Array(
    varints([
      tiles.length,
      ...tiles.map((t, i) => t.id - (i ? tiles[i - 1]!.id : 0)),
      ...tiles.map(() => 1),
      ...tiles.map((t) => t.png.length),
      ...tiles.map((_, i) => (i ? 0 : 1)),
    ]),
  )
  const metadata = new TextEncoder().encode(
    JSON.stringify({ name: 'Invest Portal local tiles', attribution: 'Invest Portal (development tiles)' }),
  )
  const data = concat(tiles.map((t) => t.png))
  const header = new Uint8Array(127)
  const view = new DataView(header.buffer)
  header.set(new TextEncoder().encode('PMTiles'), 0)
  view.setUint8(7, 3)
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true)
  const directoryAt = 127
  const metadataAt = directoryAt + directory.length
  const dataAt = metadataAt + metadata.length
  u64(8, directoryAt)
  u64(16, directory.length)
  u64(24, metadataAt)
  u64(32, metadata.length)
  u64(40, dataAt)
  u64(48, 0)
  u64(56, dataAt)
  u64(64, data.length)
  u64(72, tiles.length)
  u64(80, tiles.length)
  u64(88, tiles.length)
  // Clustered; internal compression none (1), tile compression none (1), tile type PNG (2).
  header.set([1, 1, 1, 2, 0, MAX_ZOOM], 96)
  const e7 = (deg: number) => Math.round(deg * 1e7)
  view.setInt32(102, e7(BOX[0]), true)
  view.setInt32(106, e7(BOX[1]), true)
  view.setInt32(110, e7(BOX[2]), true)
  view.setInt32(114, e7(BOX[3]), true)
  view.setUint8(118, 5)
  view.setInt32(119, e7((BOX[0] + BOX[2]) / 2), true)
  view.setInt32(123, e7((BOX[1] + BOX[3]) / 2), true)
  return concat([header, directory, metadata, data])
}

/**
 * The archive, drawn once per isolate: a reset wipes the bucket and seeds it again
 * (docs/performance.md#test-suite-time).
 */
let drawn: Promise<Uint8Array> | undefined

/** Puts the local archive where the map's tiles call reads it, unless one is there already. */
export async function seedMapTiles(env: Env): Promise<void> {
  if (await env.UPLOADS.head(MAP_TILES_KEY)) return
  drawn ??= buildMapTiles()
  await env.UPLOADS.put(MAP_TILES_KEY, await drawn, {
    httpMetadata: { contentType: 'application/vnd.pmtiles' },
  })
}
