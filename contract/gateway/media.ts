/**
 * Media payloads (docs/gateway-contract.md#content): posts, galleries, stories, events, and the countries of the event
 * form.
 */
import * as v from 'valibot'
import { FileRefSchema, GatewayFileSchema, IdSchema, LinkedFileSchema } from './common'

/**
 * A post in a list: the card's id, title, date, category and photo. No body: the edge drops it from lists
 * (`worker/payloads/list-shapes.ts`), so a list page cannot read one.
 */
export const PostSummarySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  publish_date: v.string(),
  category: v.string(),
  description: v.nullish(v.string()),
  photo: FileRefSchema,
  files: v.nullish(v.array(LinkedFileSchema)),
  author: v.nullish(v.looseObject({ firstName: v.nullish(v.string()), lastName: v.nullish(v.string()) })),
  /** When it last changed (docs/gateway-contract.md#content): a feed's `updated`, a site map's `lastmod`. */
  updated_at: v.nullish(v.string()),
})
export type PostSummary = v.InferOutput<typeof PostSummarySchema>

/** `GET post/{id}`: the article itself, so its HTML body is required. */
export const PostSchema = v.looseObject({ ...PostSummarySchema.entries, content: v.string() })
export type Post = v.InferOutput<typeof PostSchema>

/** A gallery image: a linked file with an optional caption. */
const GalleryImageSchema = v.looseObject({
  ...LinkedFileSchema.entries,
  caption: v.nullish(v.string()),
  title: v.nullish(v.string()),
})
export type GalleryImage = v.InferOutput<typeof GalleryImageSchema>

export const GallerySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  publish_date: v.string(),
  content: v.nullish(v.string()),
  files: v.nullish(v.array(GalleryImageSchema)),
})
export type Gallery = v.InferOutput<typeof GallerySchema>

/** A story in a list: the card's id, title, date, summary and photo; no body, as for posts. */
export const StorySummarySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  publish_date: v.string(),
  summary: v.nullish(v.string()),
  photo: FileRefSchema,
})
export type StorySummary = v.InferOutput<typeof StorySummarySchema>

/** `GET story/{id}`: the story's HTML body is required. */
export const StorySchema = v.looseObject({ ...StorySummarySchema.entries, content: v.string() })
export type Story = v.InferOutput<typeof StorySchema>

/** An event: `date_from` decides upcoming or past; the agenda is a `File` or, in older answers, a bare link. */
export const EventSchema = v.looseObject({
  id: IdSchema,
  name: v.string(),
  date_from: v.string(),
  date_to: v.nullish(v.string()),
  time: v.nullish(v.string()),
  location: v.nullish(v.string()),
  description: v.nullish(v.string()),
  photo: FileRefSchema,
  agenda: v.nullish(v.union([GatewayFileSchema, v.string()])),
  updated_at: v.nullish(v.string()),
})
export type Event = v.InferOutput<typeof EventSchema>

/**
 * `POST /siw/public/event-application`: the application, the capability its documents are uploaded with, and its
 * reference (`EV-2026-000045`) the success screen shows (an upstream may give none).
 */
const EventApplicationCreatedSchema = v.looseObject({
  id: IdSchema,
  upload_token: v.string(),
  reference: v.nullish(v.string()),
})
export type EventApplicationCreated = v.InferOutput<typeof EventApplicationCreatedSchema>

/** `GET …/territorial-entity/countries` (docs/gateway-contract.md#guide). */
export const CountrySchema = v.looseObject({ id: IdSchema, country: v.string(), code: v.nullish(v.string()) })
export type Country = v.InferOutput<typeof CountrySchema>
