/**
 * Gateway keys of the site pages (home, about, search, sitemap, policies, reasons, content pages) and of the site's
 * contacts: one source for the data plans and the pages.
 */
import { apiKey, seg } from './api-keys'

const PUBLIC = '/siw/public'

/** Posts in the home page's media block. */
const HOME_POSTS = 6
/** Results per kind on one search page. */
const SEARCH_PAGE_SIZE = 10
/** Items per content list in the site map. */
const SITEMAP_LIST_SIZE = 12
/** Regions in the territory figures (12 regions, Karakalpakstan and Tashkent city). */
const REGION_COUNT = 14

export const siteKeys = Object.freeze({
  /** The newest posts of every category. */
  latestPosts: () => apiKey(`${PUBLIC}/post`, { page: 0, size: HOME_POSTS }),
  territories: () => apiKey(`${PUBLIC}/territory`, { size: REGION_COUNT }),
  reviews: () => apiKey(`${PUBLIC}/review`),
  leadership: () => apiKey(`${PUBLIC}/leadership`),
  page: (slug: string) => `${PUBLIC}/page/${seg(slug)}`,
  /** A reasons-to-invest topic is the content page `reason-{topic}`. */
  reason: (topic: string) => `${PUBLIC}/page/reason-${seg(topic)}`,
  search: (keyword: string, page = 0) => apiKey(`${PUBLIC}/search`, { keyword, page, size: SEARCH_PAGE_SIZE }),
  stories: () => apiKey(`${PUBLIC}/story`, { page: 0, size: SITEMAP_LIST_SIZE }),
  events: () => apiKey(`${PUBLIC}/event`, { page: 0, size: SITEMAP_LIST_SIZE }),
  galleries: () => apiKey(`${PUBLIC}/gallery`, { page: 0, size: SITEMAP_LIST_SIZE }),
  /** The agency's contacts (footer, contact page): every page of a layout with a footer loads it, deferred. */
  settings: () => `${PUBLIC}/site-settings`,
})

/** The search keyword as the gateway gets it: trimmed, inner spaces collapsed, at most 100 characters. */
export function normaliseKeyword(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 100)
}
