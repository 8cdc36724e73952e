import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { ART_RATIOS, type ArtRatio, parseArtName, renderArt } from '../src/areas/content/svg-art'
import { seedAll } from '../src/dev/seed/index'
import { likePattern, toFtsQuery } from '../src/lib/search-text'
import { call } from './helpers'

beforeAll(async () => {
  await seedAll(env)
})

describe('generated art', () => {
  const names = Array.from(
    { length: 120 },
    (_, i) => [`post-${String(i).padStart(2, '0')}`, `gallery-${i % 7}-${i}`, `lot-${i}`][i % 3]!,
  )

  it('stays under 4 KB for every motif, composition and ratio', () => {
    for (const name of names)
      for (const ratio of Object.keys(ART_RATIOS) as ArtRatio[])
        expect(renderArt(name, ratio).length, `${name} ${ratio}`).toBeLessThan(4096)
  })

  it('draws the same bytes for a name and different pictures for different names', () => {
    expect(renderArt('post-07')).toBe(renderArt('post-07'))
    expect(new Set(names.map((n) => renderArt(n))).size).toBe(names.length)
  })

  it('uses the brand azure and declares the viewBox of the requested ratio', () => {
    const all = names.map((n) => renderArt(n)).join('')
    expect(all).toContain('#0072A3')
    expect(renderArt('x', '4x3')).toContain('viewBox="0 0 320 240"')
    expect(renderArt('x')).toContain('viewBox="0 0 320 180"')
  })

  it('parses ratio suffixes and refuses names outside the seed alphabet', () => {
    expect(parseArtName('gallery-2-3_1x1')).toEqual({ name: 'gallery-2-3', ratio: '1x1' })
    expect(parseArtName('post-01')).toEqual({ name: 'post-01', ratio: '16x9' })
    expect(parseArtName('Post"><script>')).toBeNull()
    expect(parseArtName('../etc')).toBeNull()
  })

  it('answers with nosniff and a restrictive CSP, and reports the real size in File objects', async () => {
    const res = await call('/document/public/art/post-01_4x3.svg')
    expect(res.res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const post = (await call('/siw/public/post/1')).body.content
    const svg = await (await call(post.photo.download_link.replace('/gateway', ''))).res.text()
    expect(post.photo.size).toBe(svg.length)
    expect(post.photo.thumbnail_link).toMatch(/_4x3\.svg$/)
    expect((await call('/document/public/art/post-01.png')).status).toBe(404)
  })
})

describe('document templates', () => {
  it('serves each document as a real file of its declared type, with the size the File object states', async () => {
    const { results } = await env.DB.prepare(
      `SELECT d.type, s.id AS step_id FROM documents d
       JOIN step_groups g ON g.id = d.group_id JOIN service_steps s ON s.id = g.step_id GROUP BY d.type`,
    ).all<{ type: string; step_id: number }>()
    expect(results.map((r) => r.type).sort()).toEqual(['docx', 'pdf', 'xlsx'])
    const magic: Record<string, string> = { pdf: '%PDF-1.4', docx: 'PK\u0003\u0004', xlsx: 'PK\u0003\u0004' }
    for (const { type, step_id } of results) {
      const step = (await call(`/siw/public/service/step/${step_id}`, { lang: 'ru' })).body.content
      const doc = step.groups.flatMap((g: any) => g.documents).find((d: any) => d.type === type)
      expect(doc.upload).toMatchObject({ file_extension: type, file_name: `document-${doc.id}.${type}` })
      const res = await call(doc.upload.download_link.replace('/gateway', ''))
      const bytes = new Uint8Array(await res.res.arrayBuffer())
      expect(bytes.length).toBe(doc.upload.size)
      expect(res.res.headers.get('content-type')).toBe(doc.upload.content_type)
      expect(res.res.headers.get('content-disposition')).toBe(`attachment; filename="document-${doc.id}.${type}"`)
      const text = new TextDecoder().decode(bytes)
      expect(text.startsWith(magic[type]!)).toBe(true)
      if (type === 'docx') expect(text).toContain('word/document.xml')
      if (type === 'xlsx') expect(text).toContain('xl/worksheets/sheet1.xml')
      // Office files carry the title in the requested language (ZIP entries are stored uncompressed).
      if (type !== 'pdf') expect(text).toContain(doc.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'))
      if (type !== 'pdf') expect(text.slice(-22).startsWith('PK\u0005\u0006')).toBe(true)
    }
  })

  it('answers 404 for unknown and non-numeric template and agenda ids', async () => {
    for (const path of [
      '/document/public/template/999999',
      '/document/public/template/x',
      '/document/public/agenda/999999',
      '/document/public/agenda/1a',
    ]) {
      expect((await call(path)).body.result.code, path).toBe('not_found')
    }
  })
})

describe('event dates', () => {
  it('places events at their announced Tashkent time and ends them after they start', async () => {
    const events = (await call('/siw/public/event?size=50')).body.content as any[]
    for (const e of events) {
      const from = new Date(e.date_from)
      const local = new Date(from.getTime() + 5 * 3_600_000)
      expect(`${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`).toBe(
        e.time,
      )
      expect(Date.parse(e.date_to)).toBeGreaterThan(from.getTime())
    }
  })

  it('dates e-auction lots on whole hours relative to the seeding time', async () => {
    const lots = (await call('/integration/public/integration/eauksion/lot?size=50')).body.content as any[]
    expect(lots.every((l) => l.order_end_time.endsWith(':00:00.000Z'))).toBe(true)
  })
})

describe('sanitised HTML', () => {
  it('stores seeded rich text without attributes other than href, rel, scope and cell spans', async () => {
    const sources = [
      'content_en FROM posts',
      'description_ru FROM events',
      'content_uz FROM stories',
      'content_en FROM pages',
      'content_ru FROM projects',
      'content_en FROM service_steps',
    ]
    const batches = await env.DB.batch<{ html: string }>(
      sources.map((from) => env.DB.prepare(`SELECT ${from.replace(' FROM', ' AS html FROM')}`)),
    )
    const results = batches.flatMap((b) => b.results)
    expect(results.length).toBeGreaterThan(50)
    for (const { html } of results) {
      for (const tag of html.match(/<[a-z0-9]+\b[^>]*>/g) ?? [])
        expect(tag).toMatch(/^<[a-z0-9]+(?: (?:href|rel|scope|colspan|rowspan)="[^"]*")*>$/)
      expect(html).not.toMatch(/<script|<img|<iframe/i)
    }
  })
})

describe('search text', () => {
  it('keeps LIKE patterns within D1’s 50-byte limit, even for long Cyrillic keywords', async () => {
    const pattern = likePattern('инвестиционный проект в Ташкентской области')
    expect(new TextEncoder().encode(pattern).length).toBeLessThanOrEqual(50)
    expect(likePattern('100%_\\')).toBe('%100\\%\\_\\\\%')
    const res = await call(
      `/siw/public/post?keyword=${encodeURIComponent('инвестиционный проект в Ташкентской области')}`,
      { lang: 'ru' },
    )
    expect(res.status).toBe(200)
  })

  it('quotes every word of an FTS query as a prefix term', () => {
    expect(toFtsQuery('Solar  NEAR(power) -x', 'en')).toBe('"solar"* "near"* "power"* "x"*')
    expect(toFtsQuery('  *** ', 'en')).toBeNull()
    expect(toFtsQuery('Oʻzbekiston', 'uz')).toBe('"ozbekiston"*')
  })
})
