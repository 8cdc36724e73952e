/**
 * The projects map at the edge (docs/decisions/0058-project-map.md): the tile setting's CSP sources on every document,
 * the privacy page naming a third-party provider, the setting refused without the provider's name, the gateway's
 * archive read through the proxy by ranges, and the map view's page with and without a map.
 */
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { GATEWAY_MAP_TILES } from '../../worker/env'
import { fetchPortal, ORIGIN } from './helpers'

const app = createApp()
const call = (path: string, vars: Record<string, string>, headers: Record<string, string> = {}) =>
  app.fetch(new Request(new URL(path, ORIGIN), { headers }), { ...env, ...vars }, createExecutionContext())
const PROVIDER = { MAP_TILES: 'https://tiles.example.net/raster/{z}/{x}/{y}.png', MAP_PROVIDER: 'Example Tiles' }

const directive = (csp: string, name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? ''

describe('the map tile setting', () => {
  it('adds no origin for the portal’s own archive, and the provider’s to connect-src and img-src on every page', async () => {
    for (const path of [href('home', { locale: 'en' }), href('all-projects', { locale: 'ru' })]) {
      const own = (await call(path, { MAP_TILES: 'pmtiles' })).headers.get('content-security-policy')!
      expect(own).not.toContain('tiles.example.net')
      expect(directive(own, 'worker-src').trim()).toBe("worker-src 'self'")
      const theirs = (await call(path, PROVIDER)).headers.get('content-security-policy')!
      expect(directive(theirs, 'connect-src')).toContain('https://tiles.example.net')
      expect(directive(theirs, 'img-src')).toContain('https://tiles.example.net')
      expect(directive(theirs, 'script-src')).not.toContain('tiles.example.net')
      expect(directive(theirs, 'worker-src').trim()).toBe("worker-src 'self'")
    }
  })

  it('names a third-party provider on the privacy page, and nobody for the portal’s own tiles', async () => {
    const path = href('privacy-policy', { locale: 'en' })
    const own = await (await call(path, { MAP_TILES: 'pmtiles' })).text()
    expect(own).not.toContain('id="map-provider-title"')
    const theirs = await (await call(path, PROVIDER)).text()
    expect(theirs).toContain('id="map-provider-title"')
    expect(theirs).toMatch(/Example Tiles \(tiles\.example\.net\)/)
  })

  it('refuses a provider’s tiles without the provider’s name, and an address that is neither archive nor template', async () => {
    const path = href('home', { locale: 'en' })
    expect((await call(path, { MAP_TILES: PROVIDER.MAP_TILES, MAP_PROVIDER: '' })).status).toBe(500)
    expect((await call(path, { MAP_TILES: 'https://tiles.example.net/style.json', MAP_PROVIDER: 'X' })).status).toBe(
      500,
    )
    expect((await call(path, { MAP_TILES: 'http://tiles.example.net/a.pmtiles', MAP_PROVIDER: 'X' })).status).toBe(500)
  })
})

describe('the gateway’s archive through the proxy', () => {
  it('passes a byte range and its answer through: 206 with Content-Range, and the ETag', async () => {
    const res = await fetchPortal(GATEWAY_MAP_TILES, { headers: { range: 'bytes=0-126' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-126\/\d+$/)
    expect(res.headers.get('etag')).toBeTruthy()
    const header = new Uint8Array(await res.arrayBuffer())
    expect(header.length).toBe(127)
    expect(new TextDecoder().decode(header.slice(0, 7))).toBe('PMTiles')
    expect(header[7]).toBe(3)
  })
})

describe('the map view', () => {
  const map = href('all-projects-map', { locale: 'en', query: { category_id: '1' } })

  it('draws the filtered projects as links beside an empty map box, and the list links to it keeping the filters', async () => {
    const html = await (await call(map, { MAP_TILES: 'pmtiles' })).text()
    expect(html).toContain('class="project-map"')
    const links = [...html.matchAll(/<li><a href="(\/en\/guide\/project\/\d+)"/g)].map((m) => m[1])
    expect(links.length).toBeGreaterThan(0)
    const places = (await (await fetchPortal('/gateway/siw/public/project-place?category_id=1')).json()) as {
      content: { id: number }[]
    }
    expect(links).toEqual(places.content.map((p) => href('project', { locale: 'en', params: { id: String(p.id) } })))
    const list = await (
      await call(href('all-projects', { locale: 'en', query: { category_id: '1' } }), { MAP_TILES: 'pmtiles' })
    ).text()
    expect(list).toContain(`href="${map.replace('&', '&amp;')}"`)
  })

  it('offers no map where none is configured: no switch on the list, the list alone on the map view', async () => {
    const list = await (await call(href('all-projects', { locale: 'en' }), { MAP_TILES: '' })).text()
    expect(list).not.toContain('all-projects__views')
    const res = await call(map, { MAP_TILES: '' })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('class="project-map"')
    expect(html).toContain('project-map-list__items')
  })
})
