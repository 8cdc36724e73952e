/**
 * What the portal's reach needs of the gateway (docs/gateway-contract.md#guide, #page-feedback): the projects a map
 * marks, the lists' places and newest-first order, and readers' answers to "Was this page useful?" with the content
 * area's list of them, and the map's tiles (#map-tiles).
 */
import { env } from 'cloudflare:workers'
import { PMTiles, TileType } from 'pmtiles'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { accessEnv, signInOperators } from './access-helpers'
import { call, uniqueIp } from './helpers'

const seed = (name: string) => import(`../seed/${name}.json`).then((m) => m.default as any[])

const EDITOR = 'reach-editor@agency.example'
const MODERATOR = 'reach-moderator@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  await seedAll(env)
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [EDITOR, 'editor'],
      [MODERATOR, 'moderator'],
    ]),
  )
})

const feedbackList = (query = '', as = EDITOR) =>
  call(`/core/operator/feedback${query}`, { headers: { 'Cf-Access-Jwt-Assertion': tokens[as]! }, env: accessEnv() })

describe('project places', () => {
  it('marks every project with a place, with the list filters applied, in the request language', async () => {
    const projects = await seed('projects')
    const all = (await call('/siw/public/project-place', { lang: 'ru' })).body.content as any[]
    expect(all).toHaveLength(projects.filter((p) => p.latitude !== null && p.longitude !== null).length)
    const first = projects[0]
    expect(all[0]).toMatchObject({ id: first.id, latitude: first.latitude, longitude: first.longitude })
    expect(all[0].title).toBe(first.title.ru)
    expect(all[0].category).toMatchObject({ id: first.category_id, title: expect.any(String) })
    const inCategory = (await call(`/siw/public/project-place?category_id=${first.category_id}`)).body.content as any[]
    expect(inCategory.map((p) => p.id)).toEqual(
      projects.filter((p) => p.category_id === first.category_id).map((p) => p.id),
    )
    expect((await call('/siw/public/project-place?status=bogus')).body.errors).toEqual(['status'])
  })

  it('lists projects with their places, and newest first when asked', async () => {
    const projects = await seed('projects')
    const list = (await call('/siw/public/project?size=100')).body.content as any[]
    expect(list[0]).toMatchObject({ latitude: projects[0].latitude, longitude: projects[0].longitude })
    const newest = (await call('/siw/public/project?sort=newest&size=3')).body.content as any[]
    expect(newest.map((p) => p.id)).toEqual(
      [...list]
        .reverse()
        .slice(0, 3)
        .map((p) => p.id),
    )
    expect((await call('/siw/public/project?sort=oldest')).body.errors).toEqual(['sort'])
    const updated = (await call('/siw/public/project?sort=updated&size=100')).body.content as any[]
    const times = updated.map((p) => p.updated_at as string)
    expect(times).toEqual([...times].sort().reverse())
  })

  it("says when each region's figures last changed", async () => {
    const regions = (await call('/siw/public/territory')).body.content as any[]
    expect(regions).toHaveLength(14)
    expect(regions.every((r) => !Number.isNaN(Date.parse(r.updated_at)))).toBe(true)
  })
})

describe('page feedback', () => {
  it('stores an answer without who gave it, and takes contacts out of the comment', async () => {
    const path = `/post/${Date.now() % 100000}`
    const sent = await call('/siw/public/page-feedback', {
      body: {
        path,
        useful: false,
        comment: 'Order f9551276 or 12345678a: write to me at a.b@example.com or +998 90 123-45-67, thanks',
      },
      lang: 'ru',
    })
    expect(sent.status).toBe(200)
    const row = await env.DB.prepare('SELECT * FROM page_feedback WHERE id = ?')
      .bind(sent.body.content.id)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      path,
      lang: 'ru',
      useful: 0,
      comment: 'Order f9551276 or 12345678a: write to me at […] or […], thanks',
    })
    expect(Object.keys(row!).sort()).toEqual(['comment', 'created_at', 'id', 'lang', 'path', 'useful'])
  })

  it('refuses a bad path or answer and an over-long comment, naming the field', async () => {
    for (const [body, field] of [
      [{ path: 'https://evil.example/', useful: true }, 'path'],
      [{ path: '/post/1?x=1', useful: true }, 'path'],
      [{ path: '/post/1', useful: 'maybe' }, 'useful'],
      [{ path: '/post/1', useful: true, comment: 'x'.repeat(1001) }, 'comment'],
    ] as const) {
      const res = await call('/siw/public/page-feedback', { body })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual([field])
    }
  })

  it('takes at most ten answers an hour from one visitor', async () => {
    const ip = uniqueIp()
    for (let i = 0; i < 10; i++)
      expect((await call('/siw/public/page-feedback', { ip, body: { path: '/about', useful: true } })).status).toBe(200)
    const refused = await call('/siw/public/page-feedback', { ip, body: { path: '/about', useful: true } })
    expect(refused.status).toBe(429)
    expect(refused.body.result.code).toBe('too_many_attempts')
    expect((await call('/siw/public/page-feedback', { body: { path: '/about', useful: true } })).status).toBe(200)
  })

  it('lists answers for editors, newest first, filtered, with each page tallied', async () => {
    const path = `/event/${Date.now() % 100000}`
    await call('/siw/public/page-feedback', { body: { path, useful: true } })
    await call('/siw/public/page-feedback', { body: { path, useful: false, comment: 'No dates' } })
    const list = (await feedbackList(`?path=${encodeURIComponent(path)}`)).body.content
    expect(list.items.map((i: any) => [i.useful, i.comment])).toEqual([
      [false, 'No dates'],
      [true, ''],
    ])
    expect(list.filter).toEqual({ answer: 'all', path })
    const no = (await feedbackList(`?answer=no&path=${encodeURIComponent(path)}`)).body.content
    expect(no.items).toHaveLength(1)
    expect(list.counts.no).toBeGreaterThanOrEqual(1)
    expect(list.pages.length).toBeGreaterThan(0)
    expect((await feedbackList('?answer=maybe')).status).toBe(422)
    expect((await feedbackList('', MODERATOR)).status).toBe(403)
  })
})

describe('map tiles', () => {
  /** The archive read as the browser's `pmtiles` reader reads it, one range at a time through the gateway. */
  const archive = () =>
    new PMTiles({
      getKey: () => 'map-tiles',
      async getBytes(offset, length) {
        const { res } = await call('/document/public/map-tiles', {
          headers: { Range: `bytes=${offset}-${offset + length - 1}` },
        })
        expect(res.status).toBe(206)
        return { data: await res.arrayBuffer(), etag: res.headers.get('etag') ?? undefined }
      },
    })

  it('serves the seeded archive by ranges, a PMTiles v3 raster set over Uzbekistan at zooms 0 to 6', async () => {
    const tiles = archive()
    const header = await tiles.getHeader()
    expect(header).toMatchObject({ specVersion: 3, tileType: TileType.Png, minZoom: 0, maxZoom: 6, clustered: true })
    expect(header.minLon).toBeLessThan(56)
    expect(header.maxLat).toBeGreaterThan(45)
    expect((await tiles.getMetadata()) as { attribution: string }).toMatchObject({ attribution: expect.any(String) })
    const png = [0x89, 0x50, 0x4e, 0x47]
    const world = await tiles.getZxy(0, 0, 0)
    expect([...new Uint8Array(world!.data).slice(0, 4)]).toEqual(png)
    // Tashkent (41.3 N, 69.3 E) at zoom 6, and a tile far from the country (the Atlantic) that the set leaves out.
    const tashkent = await tiles.getZxy(6, Math.floor(((69.3 + 180) / 360) * 64), 23)
    expect([...new Uint8Array(tashkent!.data).slice(0, 4)]).toEqual(png)
    expect(await tiles.getZxy(6, 20, 23)).toBeUndefined()
  })

  it('answers the whole archive without a range, 416 past its end and 304 for its own ETag', async () => {
    const whole = (await call('/document/public/map-tiles')).res
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    const size = (await whole.arrayBuffer()).byteLength
    expect(size).toBeGreaterThan(127)
    expect(size).toBeLessThan(64 * 1024)
    const tail = (await call('/document/public/map-tiles', { headers: { Range: `bytes=${size - 10}-` } })).res
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect((await tail.arrayBuffer()).byteLength).toBe(10)
    const past = (await call('/document/public/map-tiles', { headers: { Range: `bytes=${size}-` } })).res
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)
    const etag = whole.headers.get('etag')!
    expect((await call('/document/public/map-tiles', { headers: { 'If-None-Match': etag } })).res.status).toBe(304)
  })
})
