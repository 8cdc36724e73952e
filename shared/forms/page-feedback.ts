/**
 * "Was this page useful?" (docs/product.md#page-feedback): what the control sends and how the edge reads it. Plain
 * checks rather than a schema: the control is on every content page, and its code must stay small.
 */

import { FEEDBACK_COMMENT_MAX } from '../constants'
import { splitLocale } from '../routing/match'
import { safeReturnPath } from '../routing/safe-path'

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
