/**
 * Building blocks of the contract schemas: ids, files, regions and the envelope (docs/gateway-contract.md#envelope).
 * Objects are loose: an upstream may add fields, and what a page does not read passes through untouched.
 */
import * as v from 'valibot'

/** An item's id: a number, or a non-empty string (lot numbers, page slugs in search hits). */
export const IdSchema = v.union([v.number(), v.pipe(v.string(), v.nonEmpty())])
export type Id = v.InferOutput<typeof IdSchema>

/** A figure the pages coerce with `Number()` (areas, coordinates, metrics), so a numeric string does too. */
export const NumberLikeSchema = v.union([v.number(), v.string()])

/** A `File` (docs/gateway-contract.md#file-object); every field may be missing, the pages check the links. */
export const GatewayFileSchema = v.looseObject({
  id: v.nullish(v.union([v.number(), v.string()])),
  size: v.nullish(NumberLikeSchema),
  file_name: v.nullish(v.string()),
  original_name: v.nullish(v.string()),
  file_extension: v.nullish(v.string()),
  content_type: v.nullish(v.string()),
  download_link: v.nullish(v.string()),
  thumbnail_link: v.nullish(v.string()),
})
export type GatewayFile = v.InferOutput<typeof GatewayFileSchema>

/** A file listed for download or shown in a gallery: the link is what the page renders, so it must be there. */
export const LinkedFileSchema = v.looseObject({ ...GatewayFileSchema.entries, download_link: v.string() })
export type LinkedFile = v.InferOutput<typeof LinkedFileSchema>

/** A `File`, or a bare link (generated art, older answers): the pages accept both. */
export const FileRefSchema = v.nullish(v.union([GatewayFileSchema, v.string()]))
export type FileRef = v.InferOutput<typeof FileRefSchema>

/**
 * `{ id, region, code }` (docs/gateway-contract.md#guide): territories, projects, appeals, profiles and the regions
 * list.
 */
export const RegionSchema = v.looseObject({ id: IdSchema, region: v.string(), code: v.union([v.string(), v.number()]) })
export type Region = v.InferOutput<typeof RegionSchema>

/** The answer to a call that creates something (an appeal, a personal project): its id. */
const CreatedSchema = v.looseObject({ id: IdSchema })
export type Created = v.InferOutput<typeof CreatedSchema>

/** `{ en, ru, uz }`, written by the personal-project form (docs/gateway-contract.md#personal-projects). */
export const LocaleTextSchema = v.looseObject({
  en: v.nullish(v.string()),
  ru: v.nullish(v.string()),
  uz: v.nullish(v.string()),
})
export type LocaleText = v.InferOutput<typeof LocaleTextSchema>

/** docs/gateway-contract.md#lists: `total` drives the pagination; `prev` and `next` are page numbers or null. */
const PageableSchema = v.looseObject({
  total: v.number(),
  current: v.nullish(v.number()),
  prev: v.nullish(v.number()),
  next: v.nullish(v.number()),
})
export type Pageable = v.InferOutput<typeof PageableSchema>

/** The answer around `content` (docs/gateway-contract.md#envelope). */
export function envelopeOf<const T extends v.GenericSchema>(content: T) {
  return v.looseObject({
    result: v.looseObject({ code: v.string(), description: v.nullish(v.string()) }),
    content,
    pageable: v.nullish(PageableSchema),
    errors: v.nullish(v.array(v.string())),
  })
}

/** An answer whose `content` is a `T` (docs/gateway-contract.md#envelope). */
export type Envelope<T = unknown> = v.InferOutput<ReturnType<typeof envelopeOf<v.GenericSchema<unknown, T>>>>

/** A list answer: `content` is an array of `item`, `pageable` as on every list. */
export function listOf<const T extends v.GenericSchema>(item: T) {
  return envelopeOf(v.array(item))
}

/** Where a value breaks a schema, as dot paths (`content.0.title`), never the values; `[]` when it matches. */
export function issuePaths(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value)
  return result.success ? [] : [...new Set(result.issues.map((issue) => v.getDotPath(issue) ?? '(root)'))]
}
