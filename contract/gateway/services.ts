/**
 * Service payloads (docs/gateway-contract.md#services): categories, services, processes and steps; and the lot lists
 * and details of docs/gateway-contract.md#integrations.
 */
import * as v from 'valibot'
import { FileRefSchema, IdSchema, NumberLikeSchema } from './common'

/** A parent or category given as a bare id or as an object with one (the contract leaves the shape open). */
const ParentRefSchema = v.nullish(v.union([IdSchema, v.looseObject({ id: v.nullish(IdSchema) })]))
export type ParentRef = v.InferOutput<typeof ParentRefSchema>

/** `GET service/category`: top-level categories and, with `parent_id`, their sections. */
export const ServiceCategorySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  description: v.nullish(v.string()),
  icon: v.nullish(v.string()),
  order: v.nullish(v.number()),
  parent: ParentRefSchema,
  parent_id: ParentRefSchema,
})
export type ServiceCategory = v.InferOutput<typeof ServiceCategorySchema>

/** `GET service` and `GET service/{id}`: a service card, its apply link when `online`. */
export const ServiceSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  description: v.nullish(v.string()),
  link: v.nullish(v.string()),
  upload: FileRefSchema,
  online: v.nullish(v.boolean()),
  info: v.nullish(v.string()),
  is_external: v.nullish(v.boolean()),
  category: ParentRefSchema,
  category_id: ParentRefSchema,
})
export type Service = v.InferOutput<typeof ServiceSchema>

/** `GET service-process`: the stages of a service. */
export const ServiceProcessSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  order: v.nullish(v.number()),
  icon: v.nullish(v.string()),
  description: v.nullish(v.string()),
})
export type ServiceProcess = v.InferOutput<typeof ServiceProcessSchema>

/** `GET service/step`: a stage's steps, linked by id and labelled by title. */
export const StepSummarySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  order: v.nullish(v.number()),
  upload: FileRefSchema,
})
export type StepSummary = v.InferOutput<typeof StepSummarySchema>

/** A document of a step's checklist or question; `type` is shown in capitals. */
const StepDocumentSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  type: v.nullish(v.string()),
  upload: FileRefSchema,
})
export type StepDocument = v.InferOutput<typeof StepDocumentSchema>

const documents = v.nullish(v.array(StepDocumentSchema))

/** `GET service/step/{id}`: the step's text, its document groups (the contract's fix: `groups`) and questions. */
export const ServiceStepSchema = v.looseObject({
  ...StepSummarySchema.entries,
  content: v.nullish(v.string()),
  groups: v.nullish(
    v.array(v.looseObject({ id: IdSchema, title: v.string(), icon: v.nullish(v.string()), documents })),
  ),
  accordions: v.nullish(
    v.array(v.looseObject({ id: IdSchema, title: v.string(), content: v.nullish(v.string()), documents })),
  ),
})
export type ServiceStep = v.InferOutput<typeof ServiceStepSchema>

/** A lot's region: its name, or an object with one. */
const LotRegionSchema = v.nullish(v.union([v.string(), v.looseObject({ region: v.nullish(v.string()) })]))

/** `GET eauksion/lot`: a lot card; the start price and the lot number are what it is about. */
export const AuctionLotSchema = v.looseObject({
  order_id: v.nullish(IdSchema),
  lot_number: IdSchema,
  property_name: v.string(),
  property_group: v.nullish(v.string()),
  property_category: v.nullish(v.string()),
  region: LotRegionSchema,
  area: v.nullish(NumberLikeSchema),
  address: v.nullish(v.string()),
  image_link: v.nullish(v.string()),
  external_link: v.nullish(v.string()),
  start_price: v.number(),
  zakalad_percent: v.nullish(v.number()),
  zakalad_amount: v.nullish(v.number()),
  auction_start_time: v.nullish(v.string()),
  order_end_time: v.nullish(v.string()),
  is_tern_payment: v.nullish(v.boolean()),
  term_month: v.nullish(v.number()),
})
export type AuctionLot = v.InferOutput<typeof AuctionLotSchema>

/** `GET iskm/lot/{lot_number}`: one lot with its images, price, deposit, dates and the seller's contacts. */
export const AuctionLotDetailSchema = v.looseObject({
  lot: IdSchema,
  property: v.string(),
  main_image: v.nullish(v.string()),
  images: v.nullish(v.array(v.looseObject({ image: v.nullish(v.string()) }))),
  price: v.number(),
  zaklad_summa: v.nullish(v.number()),
  zaklad_percent: v.nullish(v.number()),
  auction_date: v.nullish(v.string()),
  auction_time: v.nullish(v.string()),
  order_end_time: v.nullish(v.string()),
  over_time: v.nullish(v.union([v.boolean(), v.string()])),
  lot_status: v.nullish(v.string()),
  view_count: v.nullish(v.number()),
  address: v.nullish(v.string()),
  lat: v.nullish(NumberLikeSchema),
  lng: v.nullish(NumberLikeSchema),
  customer_name: v.nullish(v.string()),
  customer_phone: v.nullish(v.string()),
  customer_email: v.nullish(v.string()),
  external_link: v.nullish(v.string()),
  area: v.nullish(NumberLikeSchema),
  region: LotRegionSchema,
  property_group: v.nullish(v.string()),
  property_category: v.nullish(v.string()),
})
export type AuctionLotDetail = v.InferOutput<typeof AuctionLotDetailSchema>

/** A row of a UzEx lot's products table: the total is `price_unit × number`. */
const UzexProductSchema = v.looseObject({
  order: v.number(),
  name: v.string(),
  number: v.number(),
  price_unit: v.number(),
  info: v.nullish(v.string()),
})

/** `GET uzex-lots` and `GET uzex-lots/{id}`: the start cost is shown in `currency_name`. */
export const UzexLotSchema = v.looseObject({
  lot_id: IdSchema,
  lot_number: IdSchema,
  proposal_name: v.string(),
  customer: v.nullish(v.string()),
  customer_region: v.nullish(v.string()),
  start_cost: v.number(),
  currency_name: v.string(),
  start_date: v.nullish(v.string()),
  end_date: v.nullish(v.string()),
  trade_type: v.nullish(v.string()),
  products: v.nullish(v.array(UzexProductSchema)),
})
export type UzexLot = v.InferOutput<typeof UzexLotSchema>
