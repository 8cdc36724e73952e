/** The public routes a site map lists, read from the route table: the page `/sitemap` and `/sitemap.xml` share it. */
import type { RouteTarget } from './match'
import { ROUTE_BY_ID, ROUTES, type RouteDef, type RouteId } from './routes'

export type SitemapEntry = RouteTarget

export const SITEMAP_SECTIONS = ['general', 'about', 'media', 'reasons', 'guide', 'services'] as const
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number]

const SECTION_BY_SEGMENT: Readonly<Record<string, SitemapSection>> = {
  about: 'about', contacts: 'about', 'contact-us': 'about',
  media: 'media', post: 'media', story: 'media', event: 'media', gallery: 'media',
  reason: 'reasons', guide: 'guide', service: 'services',
}

const hasRequiredParam = (pattern: string) => pattern.split('/').some((s) => s.startsWith(':') && !s.endsWith('?'))
const isProtected = (route: RouteDef) => route.meta.protected === true

/** Every route not marked `sitemap: false`, in table order; a parametrised route gives one entry per listed value. */
export function listSitemapEntries(): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const route of ROUTES) {
    const { id } = route
    const { sitemap }: RouteDef = route
    if (sitemap === false) continue
    if (sitemap) {
      for (const params of sitemap) entries.push({ id, params })
    } else if (!hasRequiredParam(route.pattern)) entries.push({ id, params: {} })
  }
  return entries
}

/** The site map's group for a route, from its first path segment. */
export function sitemapSectionOf(id: RouteId): SitemapSection {
  const first = ROUTE_BY_ID[id].pattern.split('/')[1] ?? ''
  return SECTION_BY_SEGMENT[first] ?? 'general'
}

/** Routes that are no page for crawlers: the profile area, sign-in flows and blank screens without params. */
export function listPrivateRoutes(): RouteId[] {
  return ROUTES.filter((r) => (isProtected(r) || r.layout === 'blank' || r.pattern.startsWith('/auth/')) && !hasRequiredParam(r.pattern)).map((r) => r.id)
}
