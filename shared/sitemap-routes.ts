/** The public routes a site map lists, read from the route table: the page `/sitemap` and `/sitemap.xml` share it. */
import { ROUTES, type Params, type RouteDef, type RouteId } from './routes'

export type SitemapEntry = Readonly<{ id: RouteId; params: Params }>

export const SITEMAP_SECTIONS = ['general', 'about', 'media', 'reasons', 'guide', 'services'] as const
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number]

const SECTION_BY_SEGMENT: Readonly<Record<string, SitemapSection>> = {
  about: 'about', contacts: 'about', 'contact-us': 'about',
  media: 'media', post: 'media', story: 'media', event: 'media', gallery: 'media',
  reason: 'reasons', guide: 'guide', service: 'services',
}

const hasRequiredParam = (pattern: string) => pattern.split('/').some((s) => s.startsWith(':') && !s.endsWith('?'))

/** Every route not marked `sitemap: false`, in table order; a parametrised route gives one entry per listed value. */
export function listSitemapEntries(): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const route of ROUTES as readonly RouteDef[]) {
    const id = route.id as RouteId
    if (route.sitemap === false) continue
    if (route.sitemap) {
      for (const params of route.sitemap) entries.push({ id, params })
    } else if (!hasRequiredParam(route.pattern)) entries.push({ id, params: {} })
  }
  return entries
}

/** The site map's group for a route, from its first path segment. */
export function sitemapSectionOf(id: RouteId): SitemapSection {
  const first = (ROUTES as readonly RouteDef[]).find((r) => r.id === id)?.pattern.split('/')[1] ?? ''
  return SECTION_BY_SEGMENT[first] ?? 'general'
}

/** Routes that are no page for crawlers: the profile area, sign-in flows and blank screens without params. */
export function listPrivateRoutes(): RouteId[] {
  return (ROUTES as readonly RouteDef[])
    .filter((r) => (r.meta.protected || r.layout === 'blank' || r.pattern.startsWith('/auth/')) && !hasRequiredParam(r.pattern))
    .map((r) => r.id as RouteId)
}
