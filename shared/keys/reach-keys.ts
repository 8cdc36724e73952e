/**
 * Gateway keys of the portal's files that are not pages (docs/product.md#feeds, #open-data): the lists the Atom feeds
 * follow and the pages of the open-data downloads. The edge alone reads them.
 */
import type { Project } from '../../contract/gateway/guide'
import type { Event, PostSummary } from '../../contract/gateway/media'
import type { Territory } from '../../contract/gateway/site'
import { apiKey } from './api-keys'
import type { AllProjectsFilters } from './guide-keys'

const PUBLIC = '/siw/public'

/** Entries in a feed: a reader that polls daily misses nothing of a normal week. */
const FEED_SIZE = 20
/** The gateway's largest list page (docs/gateway-contract.md#lists): a download reads the list in pages of it. */
export const DOWNLOAD_PAGE_SIZE = 100

export const reachKeys = Object.freeze({
  newsFeed: () => apiKey<PostSummary[]>(`${PUBLIC}/post`, { category: 'news', page: 0, size: FEED_SIZE }),
  eventsFeed: () => apiKey<Event[]>(`${PUBLIC}/event`, { page: 0, size: FEED_SIZE }),
  projectsFeed: () => apiKey<Project[]>(`${PUBLIC}/project`, { sort: 'newest', page: 0, size: FEED_SIZE }),
  /** One page of every project the filters match, as the download reads them. */
  projectsDownload: (filters: AllProjectsFilters, page: number) =>
    apiKey<Project[]>(`${PUBLIC}/project`, { ...filters, page, size: DOWNLOAD_PAGE_SIZE }),
  /** The region figures: all of them on one page. */
  regionsDownload: (page: number) => apiKey<Territory[]>(`${PUBLIC}/territory`, { page, size: DOWNLOAD_PAGE_SIZE }),
})
