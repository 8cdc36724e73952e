/**
 * **New:** `GET /document/public/map-tiles`: the projects map's tiles, one PMTiles archive in R2 read by ranges
 * (docs/gateway-contract.md#map-tiles). The operator puts the archive there; locally the seed writes a tiny one.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'

/** Where in the uploads bucket the archive lives. */
export const MAP_TILES_KEY = 'map/tiles.pmtiles'

/**
 * The archive, whole or the one range asked for (RFC 9110 §14): 206 with `Content-Range`, 416 for a range past its
 * end, 304 for a matching `If-None-Match`. Its ETag lets the reader notice a replaced archive between two ranges.
 */
export async function serveMapTiles(c: Context<AppEnv>): Promise<Response> {
  const headers = c.req.raw.headers
  const range = headers.get('range')
  const head = await c.env.UPLOADS.head(MAP_TILES_KEY)
  if (!head) throw new GatewayError(404, 'not_found')
  const common = {
    'Content-Type': 'application/vnd.pmtiles',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    ETag: head.httpEtag,
  }
  if (headers.get('if-none-match') === head.httpEtag) return new Response(null, { status: 304, headers: common })
  // A range this call does not serve (a suffix, several) is ignored, as RFC 9110 §14.2 allows: the whole archive.
  const wanted = range ? /^bytes=(\d+)-(\d*)$/.exec(range.trim()) : null
  if (!wanted) {
    const object = await c.env.UPLOADS.get(MAP_TILES_KEY)
    if (!object) throw new GatewayError(404, 'not_found')
    return new Response(object.body, { headers: { ...common, 'Content-Length': String(object.size) } })
  }
  const offset = Number(wanted[1])
  const last = Math.min(wanted[2] ? Number(wanted[2]) : head.size - 1, head.size - 1)
  if (offset >= head.size || last < offset)
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${head.size}` } })
  const object = await c.env.UPLOADS.get(MAP_TILES_KEY, { range: { offset, length: last - offset + 1 } })
  if (!object) throw new GatewayError(404, 'not_found')
  return new Response(object.body, {
    status: 206,
    headers: {
      ...common,
      'Content-Length': String(last - offset + 1),
      'Content-Range': `bytes ${offset}-${last}/${head.size}`,
    },
  })
}
