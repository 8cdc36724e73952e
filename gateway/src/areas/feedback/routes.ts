/**
 * "Was this page useful?" (docs/gateway-contract.md#page-feedback): readers' answers, stored without anything about who
 * gave them, and the content area's list of them.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { FEEDBACK_ANSWERS } from '../../../../contract/operators/values'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { isOverLimit, readClientIp } from '../../lib/rate-limit'
import { BoolSchema, optionalText, parseInput, readJson, readQuery } from '../../lib/validate'
import { insertFeedback, listFeedback, tallyFeedback } from './queries'

/**
 * Answers per client address: a reader may answer on every page they read in an hour's visit, a script may not fill
 * the list. The address only counts hits in the rate-limit table, which forgets it with the window.
 */
const FEEDBACK_IP_LIMIT = { max: 10, windowMs: 60 * 60_000 }

/** A portal path below the language prefix: lower-case segments, no query (`/post/12`, `/guide/project/all`). */
const PathSchema = v.pipe(v.string(), v.trim(), v.maxLength(200), v.regex(/^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/))

const FeedbackSchema = v.object({
  path: PathSchema,
  useful: BoolSchema,
  comment: optionalText(1000),
})

/**
 * What looks like a way to reach a person (an e-mail address, a phone number) is taken out of a comment before it is
 * stored: the form asks for none, and the list is read by editors who need none (docs/security.md#page-feedback).
 */
function redactContacts(comment: string): string {
  return (
    comment
      .replace(/[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]+/g, '[…]')
      // Seven digits or more, not glued to a word (a reference such as `f9551276` is not a phone number).
      .replace(/(?<![\p{L}\p{N}])\+?\d(?:[\s().-]*\d){6,}(?![\p{L}\p{N}])/gu, '[…]')
  )
}

/** The public call, mounted at `/siw/public`. */
export const feedbackRoutes = new Hono<AppEnv>()

feedbackRoutes.post('/page-feedback', async (c) => {
  const i = parseInput(FeedbackSchema, await readJson(c))
  const limit = { key: `feedback:${readClientIp(c)}`, ...FEEDBACK_IP_LIMIT }
  if (await isOverLimit(c.env.DB, limit, Date.now())) throw new GatewayError(429, 'too_many_attempts')
  const id = await insertFeedback(c.env.DB, {
    path: i.path,
    lang: readLang(c.req.header('Accept-Language')),
    useful: i.useful,
    comment: redactContacts(i.comment),
    createdAt: new Date().toISOString(),
  })
  return ok(c, { id })
})

const FeedbackQuerySchema = v.object({
  answer: v.optional(v.picklist(FEEDBACK_ANSWERS), 'all'),
  path: v.optional(v.union([v.literal(''), PathSchema]), ''),
})

/** The pages the list's tally names. */
const TALLIED_PAGES = 20

/** The operators' list, mounted at `/core/operator/feedback` (area `content`). */
export const operatorFeedbackRoutes = new Hono<AppEnv>()

operatorFeedbackRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const filter = parseInput(FeedbackQuerySchema, query)
  const paging = readPaging(query, 50, 50)
  const [{ rows, total }, { pages, counts }] = await Promise.all([
    listFeedback(c.env.DB, filter, paging),
    tallyFeedback(c.env.DB, TALLIED_PAGES),
  ])
  const items = rows.map((r) => ({ ...r, useful: r.useful === 1 }))
  return ok(c, { filter, items, pages, counts }, pageable(paging, total))
})
