/**
 * `GET /sitemap.xml` (sitemaps.org with `xhtml:link` alternates for the three languages) and `GET /robots.txt`
 * pointing to it. Both need the request's origin for absolute URLs, so the worker answers them, not static files.
 */
import type { Context } from 'hono'
import { LOCALES, type Locale } from '../shared/constants'
import type { Event, Gallery, PostSummary, StorySummary } from '../shared/contract/media'
import { hrefTo, type RouteTarget } from '../shared/match'
import type { RouteId } from '../shared/routes'
import { listPrivateRoutes, listSitemapEntries } from '../shared/sitemap-routes'
import { gatewayFor } from './gateway'
import type { AppEnv } from './types'

const PUBLIC = '/siw/public'
/** The gateway's largest page: the newest items of each content list are listed. */
const CONTENT_LIMIT = 100
const POST_CATEGORIES = ['news', 'publication', 'pr_material', 'blog'] as const

/** An item of the content lists the site map reads. */
type Item = PostSummary | StorySummary | Event | Gallery

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!)

/** Content detail pages (posts, stories, events, galleries) the gateway lists now; a failing list is left out. */
async function listContentEntries(c: Context<AppEnv>): Promise<RouteTarget[]> {
  c.set('locale', c.get('config').defaultLocale)
  const gateway = gatewayFor(c, { token: null })
  const lists: [RouteId, string, Record<string, string | number>][] = [
    ...POST_CATEGORIES.map((category): [RouteId, string, Record<string, string | number>] => [
      'post',
      `${PUBLIC}/post`,
      { category },
    ]),
    ['story', `${PUBLIC}/story`, {}],
    ['event', `${PUBLIC}/event`, {}],
    ['gallery', `${PUBLIC}/gallery`, {}],
  ]
  const results = await Promise.allSettled(
    lists.map(([, path, query]) =>
      gateway.request<Item[]>('GET', path, { query: { ...query, page: 0, size: CONTENT_LIMIT } }),
    ),
  )
  const entries: RouteTarget[] = []
  results.forEach((result, i) => {
    if (result.status !== 'fulfilled' || !Array.isArray(result.value.content)) return
    for (const item of result.value.content) {
      if (item && /^\d{1,12}$/.test(String(item.id)))
        entries.push({ id: lists[i]![0], params: { id: String(item.id) } })
    }
  })
  return entries
}

/** One `<url>` per route and language, each naming all three languages and x-default as alternates. */
export function renderSitemap(origin: string, entries: readonly RouteTarget[], defaultLocale: Locale): string {
  const urls: string[] = []
  for (const entry of entries) {
    const alternates = LOCALES.map((locale) => [locale, origin + hrefTo(entry, { locale })] as const)
    // x-default is the path without a language prefix, which negotiates the language (as the page's own hreflang links
    // say).
    const prefixed = hrefTo(entry, { locale: defaultLocale })
    const xDefault = origin + (prefixed.slice(1 + defaultLocale.length) || '/')
    const links = [
      ...alternates.map(
        ([locale, url]) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(url)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(xDefault)}"/>`,
    ].join('\n')
    for (const [, url] of alternates) urls.push(`  <url>\n    <loc>${escapeXml(url)}</loc>\n${links}\n  </url>`)
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export async function serveSitemap(c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin
  const entries = [...listSitemapEntries(), ...(await listContentEntries(c))]
  c.header('content-type', 'application/xml; charset=utf-8')
  c.header('cache-control', 'public, max-age=3600')
  return c.body(renderSitemap(origin, entries, c.get('config').defaultLocale))
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
