/**
 * The portal's feeds and open-data downloads in workerd over the seeded reference gateway (docs/product.md#feeds,
 * #open-data): each feed parsed as XML in each language, its ids, dates and links checked against the lists it follows;
 * the autodiscovery links of the pages it follows; a download of every project equal to the list, in each language and
 * with the page's filters; the region figures; the licence and the date of the last change.
 */
import { env } from 'cloudflare:workers'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../contract/locales'
import { dataHref, FEEDS, type FeedName, feedHref, OPEN_DATA_LICENCE } from '../../shared/routing/files'
import { href, matchRoute, splitLocale } from '../../shared/routing/match'
import { fileCacheKey } from '../../worker/payloads/document-cache'
import { fetchPortal, ORIGIN } from './helpers'

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })

/** A gateway list through the portal's proxy, every page of it, in a language. */
async function gatewayList(path: string, locale: Locale, query: Record<string, string> = {}): Promise<any[]> {
  const items: any[] = []
  for (let page = 0; ; page++) {
    const search = new URLSearchParams({ ...query, page: String(page), size: '100' })
    const res = await fetchPortal(`/gateway${path}?${search}`, { headers: { 'accept-language': locale } })
    const body = (await res.json()) as { content: any[]; pageable: { total: number } }
    items.push(...body.content)
    if (items.length >= body.pageable.total || body.content.length === 0) return items
  }
}

/** The first page of a list as a feed reads it. */
async function gatewayPage(path: string, locale: Locale, query: Record<string, string>): Promise<any[]> {
  const res = await fetchPortal(`/gateway${path}?${new URLSearchParams(query)}`, {
    headers: { 'accept-language': locale },
  })
  return ((await res.json()) as { content: any[] }).content
}

const FEED_SOURCES: Record<FeedName, { path: string; query: Record<string, string>; route: string; title: string }> = {
  news: { path: '/siw/public/post', query: { category: 'news', page: '0', size: '20' }, route: 'post', title: 'title' },
  events: { path: '/siw/public/event', query: { page: '0', size: '20' }, route: 'event', title: 'name' },
  projects: {
    path: '/siw/public/project',
    query: { sort: 'newest', page: '0', size: '20' },
    route: 'project',
    title: 'title',
  },
}

async function readFeed(locale: Locale, feed: FeedName) {
  const res = await fetchPortal(feedHref(locale, feed))
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
  const xml = await res.text()
  const parsed = parser.parse(xml)
  const entries = parsed.feed.entry === undefined ? [] : [parsed.feed.entry].flat()
  return { res, xml, feed: parsed.feed, entries }
}

describe('Atom feeds', () => {
  for (const locale of LOCALES)
    it(`writes the news, events and new projects feeds in ${locale} with the lists' ids, dates and links`, async () => {
      for (const name of FEEDS) {
        const source = FEED_SOURCES[name]
        const items = await gatewayPage(source.path, locale, source.query)
        const { feed, entries } = await readFeed(locale, name)
        expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
        expect(feed.id).toBe(ORIGIN + feedHref(locale, name))
        expect([feed.link].flat().find((l: any) => l['@rel'] === 'self')['@href']).toBe(feed.id)
        expect(entries.length).toBe(items.length)
        expect(entries.length).toBeGreaterThan(0)
        entries.forEach((entry: any, i: number) => {
          const item = items[i]
          const link = [entry.link].flat()[0]['@href'] as string
          // An entry's id is its page's address, which never changes, and the page is the item's in this language.
          expect(entry.id).toBe(link)
          const { locale: linked, rest } = splitLocale(new URL(link).pathname)
          expect(linked).toBe(locale)
          expect(matchRoute(rest)).toMatchObject({ id: source.route, params: { id: String(item.id) } })
          expect(String(entry.title['#text'] ?? entry.title)).toBe(item[source.title])
          const updated = item.updated_at ?? item.publish_date ?? item.date_from
          expect(new Date(entry.updated).getTime()).toBe(new Date(updated).getTime())
        })
        const newest = Math.max(...entries.map((e: any) => Date.parse(e.updated)))
        expect(Date.parse(feed.updated)).toBe(newest)
      }
    })

  it('is kept in KV under the content version, and answered from there', async () => {
    const name = `feed:${ORIGIN}:ru:events`
    await readFeed('ru', 'events')
    const version = ((await (await env.GATEWAY.fetch('http://gateway.internal/core/content/version')).json()) as any)
      .content.version as number
    const key = fileCacheKey(name, version)
    const kept = await env.PAYLOADS.get<{ body: string; builtAt: number }>(key, 'json')
    expect(kept?.body).toContain('<feed')
    // What KV holds under this version is what readers get.
    const marked = kept!.body.replace('</feed>', '<!-- kept --></feed>')
    await env.PAYLOADS.put(key, JSON.stringify({ body: marked, builtAt: Date.now() }))
    const again = await readFeed('ru', 'events')
    expect(again.res.headers.get('x-payload-cache')).toBe('hit')
    expect(again.xml).toContain('<!-- kept -->')
    await env.PAYLOADS.delete(key)
  })

  it('is named in the head of the pages it follows, and nowhere else', async () => {
    const alternates = async (url: string) => {
      const html = await (await fetchPortal(url)).text()
      return [
        ...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"\/>/g),
      ].map((m) => m[2])
    }
    expect(await alternates(href('media', { locale: 'uz', params: { id: 'news' } }))).toEqual([
      ORIGIN + feedHref('uz', 'news'),
    ])
    expect(await alternates(href('event-list', { locale: 'ru' }))).toEqual([ORIGIN + feedHref('ru', 'events')])
    expect(await alternates(href('all-projects', { locale: 'en' }))).toEqual([ORIGIN + feedHref('en', 'projects')])
    expect(await alternates(href('home', { locale: 'en' }))).toEqual(FEEDS.map((f) => ORIGIN + feedHref('en', f)))
    expect(await alternates(href('about', { locale: 'en' }))).toEqual([])
  })

  it('answers a feed it does not have with the 404 page', async () => {
    const res = await fetchPortal('/en/feed/blog.xml')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  })
})

/** A CSV file as rows of fields (RFC 4180, every field quoted as the portal writes it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  for (const line of text.split('\r\n').filter(Boolean)) {
    const fields = [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"'))
    rows.push(fields)
  }
  return rows
}

describe('open-data downloads', () => {
  for (const locale of LOCALES)
    it(`downloads every project in ${locale} as the list has them, in JSON and CSV`, async () => {
      const list = await gatewayList('/siw/public/project', locale)
      const res = await fetchPortal(dataHref(locale, 'projects', 'json'))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="projects-${locale}.json"`)
      expect(res.headers.get('link')).toContain(`<${OPEN_DATA_LICENCE.url}>; rel="license"`)
      const json = (await res.json()) as any
      expect(json.licence).toEqual(OPEN_DATA_LICENCE)
      expect(json.language).toBe(locale)
      expect(json.count).toBe(list.length)
      expect(json.items.map((p: any) => [p.id, p.title, p.status])).toEqual(list.map((p) => [p.id, p.title, p.status]))
      expect(json.items[0]).toMatchObject({
        latitude: list[0].latitude,
        longitude: list[0].longitude,
        url: ORIGIN + href('project', { locale, params: { id: String(list[0].id) } }),
      })
      const newest = Math.max(...list.map((p) => Date.parse(p.updated_at)))
      expect(Date.parse(json.updated_at)).toBe(newest)

      const csv = await fetchPortal(dataHref(locale, 'projects', 'csv'))
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      const [header, ...rows] = parseCsv(await csv.text())
      expect(header).toEqual(Object.keys(json.items[0]))
      expect(rows.map((r) => [Number(r[0]), r[1]])).toEqual(list.map((p) => [p.id, p.title]))
    })

  it("downloads the page's filtered projects, as the filtered list has them", async () => {
    const query = { category_id: '2', status: 'open_for_investment' }
    const list = await gatewayList('/siw/public/project', 'en', query)
    expect(list.length).toBeGreaterThan(0)
    const json = (await (await fetchPortal(dataHref('en', 'projects', 'json', query))).json()) as any
    expect(json.filters).toEqual(query)
    expect(json.items.map((p: any) => p.id)).toEqual(list.map((p) => p.id))
  })

  it('downloads the region figures with the date they last changed', async () => {
    const regions = await gatewayList('/siw/public/territory', 'ru')
    const json = (await (await fetchPortal(dataHref('ru', 'regions', 'json'))).json()) as any
    expect(json.items).toHaveLength(14)
    expect(json.items.map((r: any) => [r.region_code, r.region, r.population])).toEqual(
      regions.map((r) => [String(r.region.code), r.region.region, r.population]),
    )
    expect(json.updated_at).toBe(new Date(Math.max(...regions.map((r) => Date.parse(r.updated_at)))).toISOString())
    const [header, ...rows] = parseCsv(await (await fetchPortal(dataHref('uz', 'regions', 'csv'))).text())
    expect(header).toContain('population')
    expect(rows).toHaveLength(14)
  })

  it('answers a dataset or format it does not have with the 404 page', async () => {
    for (const path of ['/en/open-data/people.csv', '/en/open-data/projects.xlsx'])
      expect((await fetchPortal(path)).status).toBe(404)
  })
})
