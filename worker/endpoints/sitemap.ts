/**
 * `GET /sitemap.xml` (sitemaps.org with `xhtml:link` alternates for the three languages, and `lastmod` from the
 * upstream's update times), a sitemap index over `GET /sitemap/{n}.xml` parts past 50,000 URLs, and `GET /robots.txt`
 * pointing to it. They need the request's origin for absolute URLs, so the worker answers them, not static files.
 * A site map costs a dozen upstream calls or more, so each file is kept in KV as pages' payloads are, keyed by the
 * upstream's content version (docs/security.md#cache-keys), and only the parts the site map has are answered.
 */
import type { Context } from 'hono'
import { LOCALES, type Locale } from '../../contract/locales'
import { PAYLOAD_CACHE_MS } from '../../shared/constants'
import type { GatewayClient } from '../../shared/gateway/gateway-client'
import { hrefTo, matchRoute, type RouteTarget } from '../../shared/routing/match'
import { REASONS, type RouteId, SECTOR_SLUG } from '../../shared/routing/routes'
import { listCrawlerEntries, listPrivateRoutes } from '../../shared/routing/sitemap-routes'
import { BUILD_ID } from '../env'
import { firstStepOf } from '../page/service-rules'
import { contentVersion } from '../payloads/content-version'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'

/**
 * One page of the site map: its route (with the query of its canonical address, where the page keeps its state
 * there), and when the upstream says it last changed.
 */
export type SitemapItem = RouteTarget & { query?: Readonly<Record<string, string>>; lastmod?: string }

const PUBLIC = '/siw/public'
/** The gateway's largest list page (docs/gateway-contract.md#lists). */
const LIST_SIZE = 100
/** A site map file holds at most 50,000 URLs (sitemaps.org); each item is one URL per language. */
const URLS_PER_FILE = 50_000
const ITEMS_PER_FILE = Math.floor(URLS_PER_FILE / LOCALES.length)
const POST_CATEGORIES = ['news', 'publication', 'pr_material', 'blog'] as const

type Item = { id?: unknown; lot_number?: unknown; slug?: unknown; updated_at?: unknown }

/**
 * A paged upstream list and the page each of its items is: `target` names the route and params, or null for an item
 * that is no page (a malformed id).
 */
type Source = Readonly<{
  path: string
  query?: Record<string, string>
  target: (item: Item) => RouteTarget | null
}>

const ID = /^\d{1,12}$/
const byId =
  (id: RouteId, param = 'id', field: keyof Item = 'id') =>
  (item: Item): RouteTarget | null =>
    ID.test(String(item[field])) ? { id, params: { [param]: String(item[field]) } } : null

/**
 * The content pages a fixed route shows (its data plan reads `page/{slug}`): their update time is that route's
 * `lastmod`, and they are not listed again under the catch-all route.
 */
function pageBackedTarget(slug: string): RouteTarget | null {
  if (slug.startsWith('reason-') && (REASONS as readonly string[]).includes(slug.slice(7)))
    return { id: 'reason', params: { topic: slug.slice(7) } }
  const match = matchRoute(`/${slug.replace(/^guide-/, 'guide/')}`)
  return match && match.id !== 'page' ? { id: match.id, params: {} } : null
}

/**
 * A content page's own address: a sector's page (`sector-{slug}`, the sectors are the upstream's), or the catch-all
 * route's when no other route shows it.
 */
function pageTarget(item: Item): RouteTarget | null {
  const slug = String(item.slug ?? '')
  if (slug.startsWith('sector-') && SECTOR_SLUG.test(slug.slice(7)))
    return { id: 'sector', params: { sector: slug.slice(7) } }
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || pageBackedTarget(slug)) return null
  const match = matchRoute(`/${slug}`)
  return match?.id === 'page' ? { id: 'page', params: { slug } } : null
}

/** Every upstream list whose items are pages, in the order the site map lists them. */
const SOURCES: readonly Source[] = [
  ...POST_CATEGORIES.map((category) => ({ path: `${PUBLIC}/post`, query: { category }, target: byId('post') })),
  { path: `${PUBLIC}/story`, target: byId('story') },
  { path: `${PUBLIC}/event`, target: byId('event') },
  { path: `${PUBLIC}/gallery`, target: byId('gallery') },
  { path: `${PUBLIC}/project-category`, target: byId('project-category') },
  { path: `${PUBLIC}/project`, target: byId('project') },
  { path: `${PUBLIC}/service/category`, target: byId('service-category', 'category_id') },
  { path: `${PUBLIC}/service`, target: byId('service', 'service_id') },
  { path: '/integration/public/integration/eauksion/lot', target: byId('e-auction-lot', 'id', 'lot_number') },
  { path: `${PUBLIC}/page`, target: pageTarget },
]

/** An upstream update time as a W3C datetime, or nothing when the upstream gave none (or nonsense). */
function lastmodOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

type ListPage = { items: Item[]; total: number | null }

/** What one drawing of the site map read: `failed` once any upstream list did not answer. */
type Reading = { gateway: GatewayClient; failed: boolean }

/** One page of a list; a failing list counts as empty (the site map leaves it out rather than failing whole). */
async function readPage(reading: Reading, source: Source, page: number): Promise<ListPage> {
  const answer = await reading.gateway.request<Item[]>('GET', source.path, {
    query: { ...source.query, page, size: LIST_SIZE },
  })
  if (!answer.ok) {
    reading.failed = true
    return { items: [], total: 0 }
  }
  const { content, pageable } = answer.envelope
  const items = Array.isArray(content) ? content.filter((i) => i && typeof i === 'object') : []
  // A list without `pageable` answered everything at once.
  const total = pageable ? Number(pageable.total) : null
  return { items, total: total !== null && Number.isFinite(total) ? total : null }
}

/** A source's first page and how many items it has in all (what its first page says). */
type Counted = { source: Source; first: ListPage; count: number }

async function countSources(reading: Reading): Promise<Counted[]> {
  return Promise.all(
    SOURCES.map(async (source) => {
      const first = await readPage(reading, source, 0)
      return { source, first, count: first.total ?? first.items.length }
    }),
  )
}

/** The items of a source from its `from`-th to before its `to`-th, reading only the pages that hold them. */
async function readRange(reading: Reading, counted: Counted, from: number, to: number): Promise<Item[]> {
  const { source, first } = counted
  if (first.total === null) return first.items.slice(from, to)
  const pages: Promise<Item[]>[] = []
  for (let page = Math.floor(from / LIST_SIZE); page * LIST_SIZE < to; page++)
    pages.push(page === 0 ? Promise.resolve(first.items) : readPage(reading, source, page).then((p) => p.items))
  const items = (await Promise.all(pages)).flat()
  const start = Math.floor(from / LIST_SIZE) * LIST_SIZE
  return items.slice(from - start, to - start)
}

/**
 * The site map's items from the `from`-th to before the `to`-th: the route table's fixed pages first, then each list's
 * pages in order. Fixed pages that show a content page take its update time. `complete`: every list answered.
 */
async function listItems(
  c: Context<AppEnv>,
  from: number,
  to: number,
): Promise<{ items: SitemapItem[]; total: number; complete: boolean }> {
  c.set('locale', c.get('config').defaultLocale)
  const reading: Reading = { gateway: gatewayFor(c, { token: null }), failed: false }
  const counted = await countSources(reading)
  const fixed: SitemapItem[] = listCrawlerEntries()
  const total = fixed.length + counted.reduce((sum, s) => sum + s.count, 0)
  const items: SitemapItem[] = []
  let offset = fixed.length
  const ranges = counted.map((s) => {
    const start = offset
    offset += s.count
    return { s, from: Math.max(from, start) - start, to: Math.min(to, offset) - start }
  })
  const pages = counted.find((s) => s.source.path === `${PUBLIC}/page`)
  // Update times of the content pages the fixed routes show: the page list is short, one or two requests.
  const pageTimes = new Map<string, string | undefined>()
  if (pages && from < fixed.length)
    for (const page of await readRange(reading, pages, 0, pages.count)) {
      const target = pageBackedTarget(String(page.slug ?? ''))
      if (target) pageTimes.set(hrefTo(target, { locale: 'en' }), lastmodOf(page.updated_at))
    }
  for (const entry of fixed.slice(from, to))
    items.push({ ...entry, lastmod: pageTimes.get(hrefTo(entry, { locale: 'en' })) })
  const lists = await Promise.all(
    ranges.map(({ s, from: a, to: b }) => (a < b ? readRange(reading, s, a, b) : Promise.resolve([]))),
  )
  const listed: Promise<SitemapItem>[] = []
  lists.forEach((list, i) => {
    for (const item of list) {
      const target = ranges[i]!.s.source.target(item)
      if (target) listed.push(canonical(c, { ...target, lastmod: lastmodOf(item.updated_at) }))
    }
  })
  items.push(...(await Promise.all(listed)))
  return { items, total, complete: !reading.failed }
}

/**
 * A service page's canonical address names its process and step (`/service/{id}` redirects there, through the same
 * payloads the page reads); every other item is its own.
 */
async function canonical(c: Context<AppEnv>, item: SitemapItem): Promise<SitemapItem> {
  if (item.id !== 'service') return item
  const selection = await firstStepOf(c, String(item.params?.service_id))
  return selection ? { ...item, query: selection } : item
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!)

/** One `<url>` per route and language, each naming all three languages and x-default as alternates. */
export function renderSitemap(origin: string, entries: readonly SitemapItem[], defaultLocale: Locale): string {
  const urls: string[] = []
  for (const entry of entries) {
    const alternates = LOCALES.map(
      (locale) => [locale, origin + hrefTo(entry, { locale, query: entry.query })] as const,
    )
    // x-default is the path without a language prefix, which negotiates the language (as the page's own hreflang links
    // say).
    const prefixed = hrefTo(entry, { locale: defaultLocale, query: entry.query })
    const xDefault = origin + (prefixed.slice(1 + defaultLocale.length) || '/')
    const links = [
      ...alternates.map(
        ([locale, url]) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(url)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(xDefault)}"/>`,
    ].join('\n')
    const lastmod = entry.lastmod ? `\n    <lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
    for (const [, url] of alternates)
      urls.push(`  <url>\n    <loc>${escapeXml(url)}</loc>${lastmod}\n${links}\n  </url>`)
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** A sitemap index naming `parts` site map files (sitemaps.org#index). */
function renderSitemapIndex(origin: string, parts: number): string {
  const files = Array.from(
    { length: parts },
    (_, i) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemap/${i + 1}.xml`)}</loc>\n  </sitemap>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files,
    '</sitemapindex>',
    '',
  ].join('\n')
}

function xml(c: Context<AppEnv>, body: string) {
  c.header('content-type', 'application/xml; charset=utf-8')
  c.header('cache-control', 'public, max-age=3600')
  return c.body(body)
}

/** A site map file as KV keeps it, with how many parts the site map has (0: it is one file, no index). */
type StoredSitemap = { body: string; parts: number }

/** The KV key of a file of the site map (0: `/sitemap.xml`, n: `/sitemap/{n}.xml`): build, content version, origin. */
function sitemapCacheKey(version: number | null, origin: string, file: number): string {
  return `sitemap:${BUILD_ID}:v${version ?? 0}:${origin}:${file}`
}

/**
 * A file of the site map from KV at the request's content version, else drawn by `draw` and kept for the payloads'
 * hour. A failed upstream list is drawn as empty (`readPage`), so it is not kept: the next crawl draws it again.
 */
async function cachedSitemap(
  c: Context<AppEnv>,
  file: number,
  draw: () => Promise<StoredSitemap & { complete: boolean }>,
): Promise<StoredSitemap> {
  const key = sitemapCacheKey(await contentVersion(c), new URL(c.req.url).origin, file)
  const kv = c.env.PAYLOADS
  const held = await kv.get<StoredSitemap>(key, 'json').catch(() => null)
  if (held) return held
  const { complete, ...drawn } = await draw()
  if (complete)
    c.executionCtx.waitUntil(
      kv.put(key, JSON.stringify(drawn), { expirationTtl: PAYLOAD_CACHE_MS / 1000 }).catch(() => undefined),
    )
  return drawn
}

/** `/sitemap.xml`: the whole site map, or past 50,000 URLs the index of its parts. */
function mainSitemap(c: Context<AppEnv>): Promise<StoredSitemap> {
  const origin = new URL(c.req.url).origin
  return cachedSitemap(c, 0, async () => {
    const { items, total, complete } = await listItems(c, 0, ITEMS_PER_FILE)
    if (total <= ITEMS_PER_FILE)
      return { body: renderSitemap(origin, items, c.get('config').defaultLocale), parts: 0, complete }
    const parts = Math.ceil(total / ITEMS_PER_FILE)
    return { body: renderSitemapIndex(origin, parts), parts, complete }
  })
}

export async function serveSitemap(c: Context<AppEnv>) {
  return xml(c, (await mainSitemap(c)).body)
}

/**
 * `/sitemap/{n}.xml`: the n-th 50,000 URLs (1-based) of a site map too large for one file. A part the site map does not
 * have is a 404 decided by the site map's own file (in KV after the first crawl), so made-up part numbers cost the
 * upstream nothing.
 */
export async function serveSitemapPart(c: Context<AppEnv>) {
  const n = /^([1-9]\d{0,3})\.xml$/.exec(c.req.param('file') ?? '')?.[1]
  if (!n) return c.notFound()
  const part = Number(n)
  const origin = new URL(c.req.url).origin
  const index = await mainSitemap(c)
  if (part > index.parts) return c.notFound()
  const from = (part - 1) * ITEMS_PER_FILE
  const file = await cachedSitemap(c, part, async () => {
    const { items, complete } = await listItems(c, from, from + ITEMS_PER_FILE)
    return { body: renderSitemap(origin, items, c.get('config').defaultLocale), parts: index.parts, complete }
  })
  return xml(c, file.body)
}

/**
 * Crawlers may read every public page; the gateway, app internals, sign-in flows and the profile area are not for them.
 */
export function serveRobots(c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin
  const paths = [...new Set(listPrivateRoutes().flatMap((id) => LOCALES.map((locale) => hrefTo({ id }, { locale }))))]
  // Rules match by prefix: `/en/profile` already covers `/en/profile/company`.
  const privatePaths = paths.filter((path) => !paths.some((other) => other !== path && path.startsWith(`${other}/`)))
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /gateway/',
    // Link previews read robots.txt too: the share cards must stay fetchable.
    'Allow: /_app/card/',
    'Disallow: /_app/',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ]
  c.header('content-type', 'text/plain; charset=utf-8')
  c.header('cache-control', 'public, max-age=3600')
  return c.text(lines.join('\n'))
}
