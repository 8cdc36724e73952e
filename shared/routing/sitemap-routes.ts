/** The public routes a site map lists, read from the route table: the page `/sitemap` and `/sitemap.xml` share it. */
import type { RouteTarget } from './match'
import { MEDIA_TYPES, type Params, REASONS, ROUTE_BY_ID, ROUTES, type RouteDef, type RouteId } from './routes'

export type SitemapEntry = RouteTarget

export const SITEMAP_SECTIONS = ['general', 'about', 'media', 'reasons', 'guide', 'services'] as const
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number]

const SECTION_BY_SEGMENT: Readonly<Record<string, SitemapSection>> = {
  about: 'about',
  contacts: 'about',
  'contact-us': 'about',
  media: 'media',
  post: 'media',
  story: 'media',
  event: 'media',
  gallery: 'media',
  reason: 'reasons',
  guide: 'guide',
  service: 'services',
}

const hasRequiredParam = (pattern: string) => pattern.split('/').some((s) => s.startsWith(':') && !s.endsWith('?'))
const isProtected = (route: RouteDef) => route.meta.protected === true

/**
 * What a site map lists of a route, where the route table alone does not say: `false` leaves it out (a page for one
 * visitor, a step of a flow, a page whose ids the table does not know), a list names its params. The edge's concern
 * only, so it stays out of the route table the browser carries.
 */
const SITEMAP: Readonly<Partial<Record<RouteId, false | readonly Params[]>>> = {
  sso: false,
  'success-registration': false,
  unsubscribe: false,
  'page-feedback': false,
  post: false,
  media: MEDIA_TYPES.map((id) => ({ id })),
  story: false,
  'event-register': false,
  event: false,
  gallery: false,
  'one-id': false,
  'sign-in': false,
  'forgot-password': false,
  'reset-password': false,
  reason: REASONS.map((topic) => ({ topic })),
  'service-category': false,
  'e-auction-lot': false,
  service: false,
  'project-category': false,
  project: false,
  'project-interest': false,
  // A view of all projects, which the site map lists.
  'all-projects-map': false,
  // The sectors are the upstream's: the site map lists them from its pages, the site map page from the settings.
  sector: false,
  'explore-item': false,
  profile: false,
  'profile-company': false,
  'profile-password': false,
  'profile-notifications': false,
  'profile-account': false,
  'confirm-email': false,
  'profile-my-services': false,
  'profile-appeals': false,
  'profile-my-projects': false,
  'profile-project-form': false,
  'profile-enquiries': false,
  enquiry: false,
  page: false,
}

/** Whether a site map lists `id` (a parametrised route: with the params it names). */
export function sitemapOf(id: RouteId): false | readonly Params[] | undefined {
  return SITEMAP[id]
}

/**
 * Every route the site map does not leave out, in table order; a parametrised route gives one entry per listed value.
 */
export function listSitemapEntries(): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const route of ROUTES) {
    const { id } = route
    const sitemap = SITEMAP[id]
    if (sitemap === false) continue
    if (sitemap) {
      for (const params of sitemap) entries.push({ id, params })
    } else if (!hasRequiredParam(route.pattern)) entries.push({ id, params: {} })
  }
  return entries
}

/**
 * Fixed routes whose address answers a redirect once there is content (`/service/category` → its first category):
 * the page `/sitemap` links them for readers, `/sitemap.xml` leaves them out for crawlers, as it names only addresses
 * that answer 200 (their targets are listed in their own right).
 */
const REDIRECTING: ReadonlySet<RouteId> = new Set(['service-category-index'])

/** The fixed entries of `/sitemap.xml`: `listSitemapEntries()` without the addresses that redirect. */
export function listCrawlerEntries(): SitemapEntry[] {
  return listSitemapEntries().filter((entry) => !REDIRECTING.has(entry.id))
}

/** The site map's group for a route, from its first path segment. */
export function sitemapSectionOf(id: RouteId): SitemapSection {
  const first = ROUTE_BY_ID[id].pattern.split('/')[1] ?? ''
  return SECTION_BY_SEGMENT[first] ?? 'general'
}

/** Routes that are no page for crawlers: the profile area, sign-in flows and blank screens without params. */
export function listPrivateRoutes(): RouteId[] {
  return ROUTES.filter(
    (r) => (isProtected(r) || r.layout === 'blank' || r.pattern.startsWith('/auth/')) && !hasRequiredParam(r.pattern),
  ).map((r) => r.id)
}
