/**
 * The envelope of the operators' API (docs/gateway-contract.md#envelope, the same as the public API's) and what a
 * refusal's `content` may add. Objects are loose: the upstream may add fields, and what the console does not read
 * passes through untouched.
 */
import * as v from 'valibot'
import { LOCALES } from '../locales'

/** docs/gateway-contract.md#operator: lists take `page` (0-based) and answer where the reader is. */
const PageableSchema = v.looseObject({
  total: v.number(),
  current: v.number(),
  prev: v.nullable(v.number()),
  next: v.nullable(v.number()),
})
export type Pageable = v.InferOutput<typeof PageableSchema>

/** Every answer: `content` is checked by each call's own schema once the code says it is no failure. */
export const EnvelopeSchema = v.looseObject({
  result: v.looseObject({ code: v.string(), description: v.nullish(v.string()) }),
  content: v.unknown(),
  pageable: v.nullish(PageableSchema),
  /** The fields a validation failure names, as dot paths (`socials.0.url`). */
  errors: v.nullish(v.array(v.string())),
})

/** Records of one sort that point at an item a removal was refused for, and how many (`appeals`, 3). */
const UsedBySchema = v.looseObject({ what: v.string(), count: v.number() })
export type UsedBy = v.InferOutput<typeof UsedBySchema>

/**
 * A refusal's `content`, where it says more than its code (docs/gateway-contract.md#operator-content): a content save's
 * code per column (`errors`), the languages a publish misses (`missing`), what points at an item a removal was refused
 * for (`used_by`, docs/gateway-contract.md#operator-bin). Null for most refusals.
 */
export const RefusalSchema = v.nullable(
  v.looseObject({
    errors: v.optional(v.record(v.string(), v.string())),
    missing: v.optional(v.array(v.picklist(LOCALES))),
    used_by: v.optional(v.array(UsedBySchema)),
  }),
)

/** An object with one `T` per language (`{ uz, ru, en }`). */
export function perLocale<const T extends v.GenericSchema>(value: T) {
  return v.looseObject(Object.fromEntries(LOCALES.map((l) => [l, value])) as { [L in (typeof LOCALES)[number]]: T })
}

/** How many records are in each of `keys` (an appeal's statuses, a queue's states): every key is there. */
export function countsOf<const K extends string>(keys: readonly K[]) {
  return v.looseObject(Object.fromEntries(keys.map((k) => [k, v.number()])) as { [P in K]: v.NumberSchema<undefined> })
}
