/**
 * "Was this page useful?" (docs/product.md#page-feedback): what the control sends and how the edge reads it. Plain
 * checks rather than a schema: the control is on every content page, and its code must stay small.
 */
import { splitLocale } from '../routing/match'
import type { RouteId } from '../routing/routes'
import { safeReturnPath } from '../routing/safe-path'

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

/** A comment is at most this long (the gateway's limit). */
export const FEEDBACK_COMMENT_MAX = 1000

export type PageFeedback = Readonly<{ page: string; path: string; useful: boolean; comment: string }>

/**
 * The answer in a posted form, or null when it is not one: `page` is the page's own address (a same-origin path under
 * a language prefix, no query), `useful` is `yes` or `no`, `comment` optional. `path` is the page below its language.
 */
export function readPageFeedback(fields: Readonly<Record<string, string | undefined>>): PageFeedback | null {
  const page = safeReturnPath(fields.page)
  if (!page || page.includes('?') || page.includes('#')) return null
  const { locale, rest } = splitLocale(page)
  if (!locale) return null
  if (fields.useful !== 'yes' && fields.useful !== 'no') return null
  const comment = (fields.comment ?? '').trim()
  if (comment.length > FEEDBACK_COMMENT_MAX) return null
  return { page, path: rest, useful: fields.useful === 'yes', comment }
}
