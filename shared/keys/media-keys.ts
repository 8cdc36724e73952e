/** Gateway keys of the media pages (news, galleries, stories, events): one helper for the route table and the pages. */

import type { Country, Event, Gallery, Post, PostSummary, Story, StorySummary } from '../../contract/gateway/media'
import type { MediaType } from '../routing/routes'
import { apiKey, type Key, seg } from './api-keys'

const PUBLIC = '/siw/public'

/** The post categories of `GET /siw/public/post` (the media types other than `gallery`). */
const POST_CATEGORIES = ['news', 'publication', 'pr_material', 'blog'] as const
export type PostCategory = (typeof POST_CATEGORIES)[number]

/** Cards per page of a media list: two rows of three on wide screens. */
export const MEDIA_PAGE_SIZE = 6
/** Events come in one larger page so upcoming and past ones can be told apart on it. */
export const EVENT_PAGE_SIZE = 24
/** Related posts asked for: one more than shown, as the post itself may be among them. */
export const RELATED_SIZE = 4

export function isPostCategory(value: unknown): value is PostCategory {
  return typeof value === 'string' && (POST_CATEGORIES as readonly string[]).includes(value)
}

/** A media list's key: galleries for `gallery`, else the posts of the category. */
type MediaListKey = {
  (type: 'gallery', page?: number): Key<Gallery[]>
  (type: PostCategory, page?: number): Key<PostSummary[]>
  (type: MediaType, page?: number): Key<Gallery[]> | Key<PostSummary[]>
}

/**
 * The keys; list keys put `category` first, then `page` (0-based) and `size`, as the home page's news key does (one
 * cache entry).
 */
export const mediaKeys = Object.freeze({
  /** A media list: posts of a category, or galleries for `gallery`. */
  list: ((type: MediaType, page = 0) =>
    type === 'gallery'
      ? apiKey(`${PUBLIC}/gallery`, { page, size: MEDIA_PAGE_SIZE })
      : apiKey(`${PUBLIC}/post`, { category: type, page, size: MEDIA_PAGE_SIZE })) as MediaListKey,
  post: (id: string) => apiKey<Post>(`${PUBLIC}/post/${seg(id)}`),
  /** The latest posts of a category, for "related" on a post page. */
  related: (category: PostCategory) =>
    apiKey<PostSummary[]>(`${PUBLIC}/post`, { category, page: 0, size: RELATED_SIZE }),
  gallery: (id: string) => apiKey<Gallery>(`${PUBLIC}/gallery/${seg(id)}`),
  stories: (page = 0) => apiKey<StorySummary[]>(`${PUBLIC}/story`, { page, size: MEDIA_PAGE_SIZE }),
  story: (id: string) => apiKey<Story>(`${PUBLIC}/story/${seg(id)}`),
  events: (page = 0) => apiKey<Event[]>(`${PUBLIC}/event`, { page, size: EVENT_PAGE_SIZE }),
  event: (id: string) => apiKey<Event>(`${PUBLIC}/event/${seg(id)}`),
  /** Countries for the event application form (docs/gateway-contract.md#forms). */
  countries: () => apiKey<Country[]>('/integration/public/territorial-entity/countries', { page: 0, size: 300 }),
})
