/**
 * Readers' answers to "Was this page useful?" (docs/gateway-contract.md#page-feedback), as the content area lists them:
 * the page, the language, yes or no and the comment; nothing about who answered.
 */
import * as v from 'valibot'
import { FEEDBACK_ANSWERS } from './values'

const FeedbackItemSchema = v.looseObject({
  id: v.number(),
  /** The page's path below the language prefix (`/post/12`). */
  path: v.string(),
  lang: v.string(),
  useful: v.boolean(),
  comment: v.string(),
  created_at: v.string(),
})

/** A page's answers in all: the pages with the most "no" first. */
const FeedbackPageSchema = v.looseObject({ path: v.string(), yes: v.number(), no: v.number() })

/** `GET /core/operator/feedback?answer=&path=`: a page of answers (newest first), the pages' tallies and the totals. */
export const FeedbackListSchema = v.looseObject({
  filter: v.looseObject({ answer: v.picklist(FEEDBACK_ANSWERS), path: v.string() }),
  items: v.array(FeedbackItemSchema),
  pages: v.array(FeedbackPageSchema),
  counts: v.looseObject({ yes: v.number(), no: v.number() }),
})
export type FeedbackList = v.InferOutput<typeof FeedbackListSchema>
