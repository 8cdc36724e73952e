/** Data plans of the site pages: home, about, search, the site map, policies, reasons and content pages. */

import { definePlan } from '../keys/api-keys'
import { normaliseKeyword, siteKeys } from '../keys/site-keys'
import type { QueryOf } from '../routing/routes'

/**
 * A region, metric or the regions' table in the home page's query is a map link followed without JavaScript: the map
 * then comes in the first byte.
 */
export const isMapLink = (query: QueryOf<'home'>): boolean => Boolean(query.region || query.metric || query.table)

export const homePlan = definePlan('home', ({ query }) => ({
  keys: { latestPosts: siteKeys.latestPosts(), territories: siteKeys.territories(), reviews: siteKeys.reviews() },
  deferred: isMapLink(query) ? ['latestPosts', 'reviews'] : ['latestPosts', 'territories', 'reviews'],
}))

// The site's own text pages (about, contacts, policies, the reasons) are the agency's to publish: until then (a fresh
// deployment) each draws its empty state instead of a 404. The catch-all `page` route stays a 404 for a made-up slug.
export const aboutPlan = definePlan('about', () => ({
  keys: { page: siteKeys.page('about'), leadership: siteKeys.leadership() },
  deferred: ['leadership'],
  optional: ['page'],
}))

// Critical: results are in the first byte, so the GET form works without JavaScript (streamed sections need it).
export const searchPlan = definePlan('search', ({ query }) => {
  const keyword = normaliseKeyword(query.keyword)
  return { keys: { results: keyword ? siteKeys.search(keyword, query.page) : undefined } }
})

export const sitemapPlan = definePlan('sitemap', () => ({
  keys: { stories: siteKeys.stories(), events: siteKeys.events(), galleries: siteKeys.galleries() },
  deferred: ['stories', 'events', 'galleries'],
}))

export const contactsPlan = definePlan('contacts', () => ({
  keys: { page: siteKeys.page('contacts') },
  optional: ['page'],
}))
export const cookiePolicyPlan = definePlan('cookie-policy', () => ({
  keys: { page: siteKeys.page('cookie-policy') },
  optional: ['page'],
}))
export const privacyPolicyPlan = definePlan('privacy-policy', () => ({
  keys: { page: siteKeys.page('privacy-policy') },
  optional: ['page'],
}))
export const reasonPlan = definePlan('reason', ({ params }) => ({
  keys: { page: siteKeys.reason(params.topic) },
  optional: ['page'],
}))
export const contentPagePlan = definePlan('page', ({ params }) => ({ keys: { page: siteKeys.page(params.slug) } }))
