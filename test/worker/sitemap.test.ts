/**
 * `/sitemap.xml` as a crawler reads it from the portal in workerd, over the seeded reference gateway: every public page
 * of every list (paged through), `lastmod` from the upstream's update times, and a sitemap index past 50,000 URLs.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../contract/locales'
import { href } from '../../shared/routing/match'
import { listCrawlerEntries } from '../../shared/routing/sitemap-routes'
import { createApp } from '../../worker/app'
import { decodeEntities, fetchPortal, ORIGIN } from './helpers'

/** Forgets the site-map files KV keeps, so the next crawl draws them from the upstream's lists. */
async function forgetSitemaps() {
  for (const { name } of (await env.PAYLOADS.list({ prefix: 'sitemap:' })).keys) await env.PAYLOADS.delete(name)
}

const app = createApp()

/** A crawl of `path` through the portal, with the calls it made upstream (the content version's aside). */
async function crawl(path: string) {
  const asked: string[] = []
  const gateway = {
    fetch: (input: RequestInfo, init?: RequestInit) => {
      const req = new Request(input, init)
      const { pathname } = new URL(req.url)
      if (pathname !== '/core/content/version') asked.push(pathname)
      return env.GATEWAY.fetch(req)
    },
  }
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(new URL(path, ORIGIN)), { ...env, GATEWAY: gateway } as unknown as Env, ctx)
  const body = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, body, asked }
}

type Url = { loc: string; lastmod: string | null }

function readUrls(xml: string): Url[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: decodeEntities(/<loc>([^<]*)<\/loc>/.exec(m[1]!)![1]!),
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(m[1]!)?.[1] ?? null,
  }))
}

async function sitemap(path = '/sitemap.xml') {
  const res = await fetchPortal(path)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
  return res.text()
}

describe('sitemap.xml', () => {
  it('lists every public page of every kind in three languages', async () => {
    const urls = readUrls(await sitemap())
    const locs = new Set(urls.map((u) => u.loc))
    const ids = async (sql: string) =>
      (await env.GATEWAY_DB.prepare(sql).all<{ v: string | number }>()).results.map((r) => String(r.v))
    const expected = [
      // Without `/service/category`, which redirects to the first category (listed below).
      ...listCrawlerEntries(),
      ...(await ids('SELECT id AS v FROM posts')).map((id) => ({ id: 'post' as const, params: { id } })),
      ...(await ids('SELECT id AS v FROM stories')).map((id) => ({ id: 'story' as const, params: { id } })),
      ...(await ids('SELECT id AS v FROM events')).map((id) => ({ id: 'event' as const, params: { id } })),
      ...(await ids('SELECT id AS v FROM galleries')).map((id) => ({ id: 'gallery' as const, params: { id } })),
      ...(await ids('SELECT id AS v FROM projects')).map((id) => ({ id: 'project' as const, params: { id } })),
      ...(await ids('SELECT id AS v FROM project_categories')).map((id) => ({
        id: 'project-category' as const,
        params: { id },
      })),
      ...(await ids('SELECT id AS v FROM service_categories WHERE parent_id IS NULL')).map((id) => ({
        id: 'service-category' as const,
        params: { category_id: id },
      })),
      ...(await ids('SELECT lot_number AS v FROM eauction_lots')).map((id) => ({
        id: 'e-auction-lot' as const,
        params: { id },
      })),
      ...['faq', 'investment-climate', 'tax-incentives', 'free-economic-zones'].map((slug) => ({
        id: 'page' as const,
        params: { slug },
      })),
    ]
    expect(expected.length).toBeGreaterThan(150)
    for (const entry of expected)
      for (const locale of LOCALES)
        expect(locs).toContain(ORIGIN + href(entry.id, { locale, params: entry.params } as never))
    // A service is listed at the address its page answers from: `/service/{id}` redirects to its first step.
    const services = await ids('SELECT id AS v FROM services')
    for (const id of services)
      for (const locale of LOCALES) {
        const path = href('service', { locale, params: { service_id: id } })
        const res = await fetchPortal(path)
        expect([200, 302]).toContain(res.status)
        if (res.status === 200) expect(locs).toContain(ORIGIN + path)
        else {
          expect(locs).toContain(ORIGIN + res.headers.get('location'))
          expect(locs).not.toContain(ORIGIN + path)
        }
      }
    expect(locs).not.toContain(ORIGIN + href('service-category-index', { locale: 'en' }))
    // Nothing twice: a content page another route shows (about, a reason, a guide page) is listed under that route only.
    expect(urls).toHaveLength((expected.length + services.length) * LOCALES.length)
    expect(locs.size).toBe(urls.length)
  })

  it('gives each page the upstream’s update time as lastmod, and none where the upstream has none', async () => {
    const urls = readUrls(await sitemap())
    const at = (path: string) => urls.find((u) => u.loc === ORIGIN + path)!
    const lot = await env.GATEWAY_DB.prepare('SELECT lot_number FROM eauction_lots LIMIT 1').first<string>('lot_number')
    const seededAt = await env.GATEWAY_DB.prepare('SELECT updated_at FROM posts WHERE id = 1').first<string>(
      'updated_at',
    )
    expect(at(href('post', { locale: 'uz', params: { id: '1' } })).lastmod).toBe(new Date(seededAt!).toISOString())
    for (const path of [
      href('project', { locale: 'ru', params: { id: '1' } }),
      href('e-auction-lot', { locale: 'en', params: { id: lot! } }),
      href('about', { locale: 'en' }),
      href('reason', { locale: 'en', params: { topic: 'economy' } }),
      href('page', { locale: 'en', params: { slug: 'faq' } }),
    ])
      expect(Date.parse(at(path).lastmod ?? ''), path).not.toBeNaN()
    const service = urls.find((u) =>
      u.loc.startsWith(`${ORIGIN}${href('service', { locale: 'en', params: { service_id: '1' } })}?`),
    )
    expect(Date.parse(service?.lastmod ?? '')).not.toBeNaN()
    // The home page and the lists are no upstream item: no lastmod rather than a made-up one.
    expect(at(href('home', { locale: 'en' })).lastmod).toBeNull()
    expect(at(href('event-list', { locale: 'en' })).lastmod).toBeNull()
  })

  it('keeps each file in KV at the content version: a second crawl asks the upstream nothing, nor does a part it lacks', async () => {
    await forgetSitemaps()
    const first = await crawl('/sitemap.xml')
    expect(first.status).toBe(200)
    expect(first.asked.length).toBeGreaterThan(10)
    const again = await crawl('/sitemap.xml')
    expect(again).toEqual({ status: 200, body: first.body, asked: [] })
    // One file, no index: it has no parts, and a part number is a 404 decided without the upstream.
    for (const part of ['/sitemap/1.xml', '/sitemap/2.xml', '/sitemap/9999.xml', '/sitemap/0.xml', '/sitemap/01.xml'])
      expect(await crawl(part), part).toEqual({ status: 404, body: expect.any(String), asked: [] })
    expect((await crawl('/sitemap/123456789.xml')).status).toBe(404)
  })

  it('pages through a list longer than the gateway’s largest page, and past 50,000 URLs becomes an index', async () => {
    const before = readUrls(await sitemap()).length
    // Enough news for more than 50,000 URLs in all: the gateway answers them 100 at a time.
    const extra = 16_700
    await env.GATEWAY_DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO posts (id, category, publish_date, title_en, updated_at)
       SELECT 100000 + i, 'news', '2020-01-01T00:00:00.000Z', 'Archive ' || i, '2020-01-02T00:00:00.000Z' FROM n`,
    )
      .bind(extra)
      .run()
    // Written here without a publish, so the content version stays: the files kept for it are forgotten instead.
    await forgetSitemaps()
    try {
      const index = await sitemap()
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      const parts = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)
      expect(parts).toEqual([`${ORIGIN}/sitemap/1.xml`, `${ORIGIN}/sitemap/2.xml`])
      const all: Url[] = []
      for (const part of parts) {
        const urls = readUrls(await sitemap(new URL(part).pathname))
        expect(urls.length).toBeLessThanOrEqual(50_000)
        all.push(...urls)
      }
      expect(all).toHaveLength(before + extra * LOCALES.length)
      expect(new Set(all.map((u) => u.loc)).size).toBe(all.length)
      expect(all.map((u) => u.loc)).toContain(ORIGIN + href('post', { locale: 'ru', params: { id: '116700' } }))
      expect((await fetchPortal('/sitemap/3.xml')).status).toBe(404)
    } finally {
      await env.GATEWAY_DB.prepare('DELETE FROM posts WHERE id > 100000').run()
      await forgetSitemaps()
    }
  }, 120_000)
})
