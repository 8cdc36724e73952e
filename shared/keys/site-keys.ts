/**
 * Gateway keys of the site pages (home, about, search, sitemap, policies, reasons, content pages) and of the site's
 * contacts: one source for the data plans and the pages.
 */

import type { Event, Gallery, PostSummary, StorySummary } from '../../contract/gateway/media'
import type { Leader, Page, Review, SearchResults, SiteSettings, Territory } from '../../contract/gateway/site'
import { apiKey, type Key, seg } from './api-keys'

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
  latestPosts: () => apiKey<PostSummary[]>(`${PUBLIC}/post`, { page: 0, size: HOME_POSTS }),
  territories: () => apiKey<Territory[]>(`${PUBLIC}/territory`, { size: REGION_COUNT }),
  reviews: () => apiKey<Review[]>(`${PUBLIC}/review`),
  leadership: () => apiKey<Leader[]>(`${PUBLIC}/leadership`),
  page: (slug: string) => `${PUBLIC}/page/${seg(slug)}` as Key<Page>,
  /** A reasons-to-invest topic is the content page `reason-{topic}`. */
  reason: (topic: string) => `${PUBLIC}/page/reason-${seg(topic)}` as Key<Page>,
  search: (keyword: string, page = 0) =>
    apiKey<SearchResults>(`${PUBLIC}/search`, { keyword, page, size: SEARCH_PAGE_SIZE }),
  stories: () => apiKey<StorySummary[]>(`${PUBLIC}/story`, { page: 0, size: SITEMAP_LIST_SIZE }),
  events: () => apiKey<Event[]>(`${PUBLIC}/event`, { page: 0, size: SITEMAP_LIST_SIZE }),
  galleries: () => apiKey<Gallery[]>(`${PUBLIC}/gallery`, { page: 0, size: SITEMAP_LIST_SIZE }),
  /** The agency's contacts (footer, contact page): every page of a layout with a footer loads it, deferred. */
  settings: () => `${PUBLIC}/site-settings` as Key<SiteSettings>,
})

/** The search keyword as the gateway gets it: trimmed, inner spaces collapsed, at most 100 characters. */
export function normaliseKeyword(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 100)
}
