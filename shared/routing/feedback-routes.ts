/**
 * The pages that ask "Was this page useful?" (docs/product.md#page-feedback), in a leaf of their own: the app shell reads
 * it on every page, so it imports nothing the first view would not carry anyway.
 */
import type { RouteId } from './routes'

/** The content pages that ask whether they were useful: reading pages, not forms, accounts or lists of links. */
const FEEDBACK_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'about',
  'contacts',
  'cookie-policy',
  'privacy-policy',
  'accessibility',
  'open-data',
  'page',
  'reason',
  'post',
  'story',
  'event',
  'media',
  'event-list',
  'story-list',
  'guide-project',
  'guide-partnership',
  'guide-privatization',
  'project-category-list',
  'project-category',
  'all-projects',
  'project',
  'explore',
  'explore-item',
  'sector',
  'service-category',
  'service',
])

/** Whether a route's page asks "Was this page useful?". */
export const asksFeedback = (id: RouteId): boolean => FEEDBACK_ROUTES.has(id)
