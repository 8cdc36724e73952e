/**
 * What a crawler and a link preview receive (docs/product.md#sharing), from the portal in workerd over the seeded
 * gateway, in each language: Open Graph and Twitter tags, JSON-LD whose required properties are checked here at run
 * time (schema-dts types check nothing once built), and the generated 1200×630 card behind `og:image`.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../contract/locales'
import { mediaKeys } from '../../shared/keys/media-keys'
import { href } from '../../shared/routing/match'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { decodeEntities, fetchPortal, GOOGLEBOT, getPage, ORIGIN, putPayload, readScripts } from './helpers'

type Json = Record<string, any>

/** The `<meta>` tags of a document's head, by `property` or `name`, each with every content given. */
function metaOf(html: string): Map<string, string[]> {
  const head = html.slice(0, html.indexOf('</head>'))
  const out = new Map<string, string[]>()
  for (const m of head.matchAll(/<meta\s([^>]*)\/?>/g)) {
    const attrs = Object.fromEntries(
      [...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, decodeEntities(a[2]!)]),
    )
    const key = attrs.property ?? attrs.name
    if (key && attrs.content !== undefined) out.set(key, [...(out.get(key) ?? []), attrs.content])
  }
  return out
}

/** The JSON-LD blocks of a document's head, parsed. */
function structuredOf(html: string): Json[] {
  const head = html.slice(0, html.indexOf('</head>'))
  return readScripts(head)
    .filter((s) => s.attrs.type === 'application/ld+json')
    .map((s) => JSON.parse(s.body))
}

const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)
const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))
const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0

/** Google's required properties of each type the portal writes, checked on the parsed data. */
const REQUIRED: Readonly<Record<string, (data: Json) => void>> = {
  Organization: (d) => {
    expect(filled(d.name)).toBe(true)
    expect(isUrl(d.url)).toBe(true)
    expect(isUrl(d.logo)).toBe(true)
  },
  WebSite: (d) => {
    expect(filled(d.name)).toBe(true)
    expect(isUrl(d.url)).toBe(true)
    expect(d.potentialAction['@type']).toBe('SearchAction')
    expect(d.potentialAction.target.urlTemplate).toContain('{search_term_string}')
    expect(isUrl(d.potentialAction.target.urlTemplate.replace('{search_term_string}', 'x'))).toBe(true)
    expect(d.potentialAction['query-input']).toBe('required name=search_term_string')
  },
  NewsArticle: (d) => {
    expect(filled(d.headline)).toBe(true)
    expect(d.headline.length).toBeLessThanOrEqual(110)
    expect(d.image.length).toBeGreaterThan(0)
    expect(d.image.every(isUrl)).toBe(true)
    expect(isDate(d.datePublished)).toBe(true)
    expect(isDate(d.dateModified)).toBe(true)
    expect(filled(d.author.name)).toBe(true)
    expect(filled(d.publisher.name)).toBe(true)
  },
  Event: (d) => {
    expect(filled(d.name)).toBe(true)
    expect(isDate(d.startDate)).toBe(true)
    expect(d.location['@type']).toBe('Place')
    expect(filled(d.location.address)).toBe(true)
    expect(d.image.every(isUrl)).toBe(true)
  },
  BreadcrumbList: (d) => {
    const items = d.itemListElement as Json[]
    expect(items.length).toBeGreaterThan(1)
    items.forEach((item, i) => {
      expect(item['@type']).toBe('ListItem')
      expect(item.position).toBe(i + 1)
      expect(filled(item.name)).toBe(true)
      expect(isUrl(item.item)).toBe(true)
    })
  },
}

/** The types of a page's JSON-LD, each checked for its required properties. */
function checkedTypes(html: string): string[] {
  return structuredOf(html).map((data) => {
    expect(data['@context']).toBe('https://schema.org')
    const check = REQUIRED[data['@type']]
    expect(check, `a check for ${data['@type']}`).toBeDefined()
    check!(data)
    return data['@type'] as string
  })
}

async function crawl(path: string) {
  const page = await getPage(path, { 'user-agent': GOOGLEBOT })
  expect(page.status, path).toBe(200)
  return page
}

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(res: Response): Promise<{ width: number; height: number }> {
  const bytes = new Uint8Array(await res.arrayBuffer())
  expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
  const view = new DataView(bytes.buffer)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

const OG_LOCALE: Record<Locale, string> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_GB' }
const firstEvent = () => env.GATEWAY_DB.prepare('SELECT id FROM events ORDER BY id LIMIT 1').first<number>('id')

describe.each(LOCALES)('what a crawler receives in %s', (locale) => {
  const pages = async () => ({
    home: { path: href('home', { locale }), types: ['Organization', 'WebSite'] },
    post: { path: href('post', { locale, params: { id: '1' } }), types: ['NewsArticle', 'BreadcrumbList'] },
    event: {
      path: href('event', { locale, params: { id: String(await firstEvent()) } }),
      types: ['Event', 'BreadcrumbList'],
    },
    project: { path: href('project', { locale, params: { id: '1' } }), types: ['BreadcrumbList'] },
  })

  it('gets og:url, og:locale with both alternates, a 1200×630 og:image and a large Twitter card on each page', async () => {
    for (const [name, { path }] of Object.entries(await pages())) {
      const meta = metaOf((await crawl(path)).html)
      expect(meta.get('og:url'), name).toEqual([ORIGIN + path])
      expect(meta.get('og:locale'), name).toEqual([OG_LOCALE[locale]])
      expect(meta.get('og:locale:alternate')?.sort(), name).toEqual(
        LOCALES.filter((l) => l !== locale)
          .map((l) => OG_LOCALE[l])
          .sort(),
      )
      expect(meta.get('og:title')?.length, name).toBe(1)
      expect(meta.get('og:type')?.length, name).toBe(1)
      expect(meta.get('twitter:card'), name).toEqual(['summary_large_image'])
      const [image] = meta.get('og:image') ?? []
      expect(image, name).toMatch(new RegExp(`^${ORIGIN}/_app/card/${locale}[^?]*\\.png\\?v=[0-9a-z]+$`))
      expect(meta.get('og:image:width')).toEqual(['1200'])
      expect(meta.get('og:image:height')).toEqual(['630'])
      const card = await fetchPortal(image!)
      expect(card.status, image).toBe(200)
      expect(card.headers.get('content-type')).toBe('image/png')
      expect(card.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await pngSize(card)).toEqual({ width: 1200, height: 630 })
    }
  }, 60_000)

  it('gets JSON-LD with the required properties: Organization and WebSite, NewsArticle, Event, BreadcrumbList', async () => {
    for (const [name, { path, types }] of Object.entries(await pages())) {
      const { html } = await crawl(path)
      expect(checkedTypes(html).sort(), name).toEqual([...types].sort())
    }
  })
})

describe('share details', () => {
  it('gives the agency’s contacts from the site settings in the home page’s Organization, in each language', async () => {
    for (const locale of LOCALES) {
      const settings = (await (
        await fetchPortal('/gateway/siw/public/site-settings', { headers: { 'accept-language': locale } })
      ).json()) as Json
      const { email, phone, address, socials } = settings.content
      expect([email, phone, address].every(filled)).toBe(true)
      const organization = structuredOf((await crawl(href('home', { locale }))).html).find(
        (d) => d['@type'] === 'Organization',
      )!
      expect(organization).toMatchObject({ email, telephone: phone, address })
      expect(organization.sameAs).toEqual((socials as Json[]).map((s) => s.url))
    }
  })

  it('names the post in its card, in the page’s language: each language has its own card', async () => {
    const images = await Promise.all(
      LOCALES.map(
        async (locale) =>
          metaOf((await crawl(href('post', { locale, params: { id: '1' } }))).html).get('og:image')![0]!,
      ),
    )
    expect(new Set(images).size).toBe(3)
    const { html } = await crawl(href('post', { locale: 'ru', params: { id: '1' } }))
    const title = await env.GATEWAY_DB.prepare('SELECT title_ru FROM posts WHERE id = 1').first<string>('title_ru')
    expect(metaOf(html).get('og:image:alt')).toEqual([title])
    const headline = structuredOf(html).find((d) => d['@type'] === 'NewsArticle')!.headline as string
    expect(title!.startsWith(headline.replace(/…$/, ''))).toBe(true)
  })

  it('uses an item’s own raster picture when it has one, the generated card otherwise', async () => {
    const locale = 'en'
    const key = mediaKeys.post('1')
    const post = (await (
      await fetchPortal(`/gateway/siw/public/post/1`, { headers: { 'accept-language': locale } })
    ).json()) as Json
    const photo = {
      ...post.content.photo,
      content_type: 'image/jpeg',
      download_link: '/gateway/document/public/file/photo-1.jpg',
    }
    await putPayload(locale, key, { ...post.content, photo }, 0)
    try {
      const meta = metaOf((await crawl(href('post', { locale, params: { id: '1' } }))).html)
      expect(meta.get('og:image')).toEqual([`${ORIGIN}/gateway/document/public/file/photo-1.jpg`])
      expect(meta.get('og:image:width')).toBeUndefined()
    } finally {
      await env.PAYLOADS.delete(payloadCacheKey(locale, key))
    }
  })

  it('escapes JSON-LD like the state: a title cannot close its script', async () => {
    const locale = 'en'
    const key = mediaKeys.post('2')
    const post = (await (
      await fetchPortal(`/gateway/siw/public/post/2`, { headers: { 'accept-language': locale } })
    ).json()) as Json
    const title = 'Breaking </script><script>alert(1)</script> & \u2028 news'
    await putPayload(locale, key, { ...post.content, title }, 0)
    try {
      const { html } = await crawl(href('post', { locale, params: { id: '2' } }))
      const script = readScripts(html).find(
        (s) => s.attrs.type === 'application/ld+json' && s.body.includes('NewsArticle'),
      )!
      expect(script.body).not.toMatch(/[<>&\u2028]/)
      expect(JSON.parse(script.body).headline).toBe(title)
      expect(script.attrs.nonce).toBeUndefined()
    } finally {
      await env.PAYLOADS.delete(payloadCacheKey(locale, key))
    }
  })

  it('draws cards only for public pages, at their current version', async () => {
    const path = href('post', { locale: 'en', params: { id: '1' } })
    const image = metaOf((await crawl(path)).html).get('og:image')![0]!
    const stale = await fetchPortal(image.replace(/v=[0-9a-z]+$/, 'v=old'))
    expect(stale.status).toBe(301)
    expect(stale.headers.get('location')).toBe(image)
    expect(
      (await fetchPortal(`/_app/card${href('post', { locale: 'en', params: { id: '999999' } })}.png`)).status,
    ).toBe(404)
    expect((await fetchPortal(`/_app/card${href('profile', { locale: 'en' })}.png`)).status).toBe(404)
    expect((await fetchPortal('/_app/card/xx/post/1.png')).status).toBe(404)
    const robots = await (await fetchPortal('/robots.txt')).text()
    expect(robots.indexOf('Allow: /_app/card/')).toBeLessThan(robots.indexOf('Disallow: /_app/'))
  })

  it('gives private pages no share tags', async () => {
    const { html } = await getPage(href('sign-in', { locale: 'en', query: { role: 'investor' } }), {
      'user-agent': GOOGLEBOT,
    })
    expect(metaOf(html).get('og:image')).toBeUndefined()
    expect(structuredOf(html)).toEqual([])
  })
})
