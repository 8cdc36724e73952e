/** Investor-guide payloads (docs/gateway-contract.md#guide): project categories, projects and the filter lookups. */
import * as v from 'valibot'
import { FileRefSchema, GatewayFileSchema, IdSchema, NumberLikeSchema } from './common'
import { PROJECT_STATUSES } from './statuses'

/** `GET service-sector`: `{ id, content }`, the name in `content`. */
export const SectorSchema = v.looseObject({
  id: IdSchema,
  content: v.string(),
  slug: v.nullish(v.string()),
  tagline: v.nullish(v.string()),
})
export type Sector = v.InferOutput<typeof SectorSchema>

/** `GET project-amount`: a budget band, `to` open when null. */
export const AmountSchema = v.looseObject({
  id: IdSchema,
  content: v.string(),
  from: v.nullish(v.number()),
  to: v.nullish(v.number()),
})
export type Amount = v.InferOutput<typeof AmountSchema>

/** `GET …/territorial-entity/districts`. */
export const DistrictSchema = v.looseObject({ id: IdSchema, name: v.string(), mhobt: v.nullish(v.string()) })
export type District = v.InferOutput<typeof DistrictSchema>

/** A service (or service category) a project category points to. */
const CategoryServiceSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  description: v.nullish(v.string()),
  icon: v.nullish(v.string()),
  link: v.nullish(v.string()),
  online: v.nullish(v.boolean()),
  is_external: v.nullish(v.boolean()),
})
export type CategoryService = v.InferOutput<typeof CategoryServiceSchema>

/** A project category as listed; its image is `upload` (the contract's fix). */
export const ProjectCategorySchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  order: v.nullish(v.number()),
  icon: v.nullish(v.string()),
  description: v.nullish(v.string()),
  upload: FileRefSchema,
})
export type ProjectCategory = v.InferOutput<typeof ProjectCategorySchema>

/** `GET project-category/{id}`: the category with the services that help with its projects. */
export const ProjectCategoryDetailSchema = v.looseObject({
  ...ProjectCategorySchema.entries,
  service_categories: v.nullish(v.array(CategoryServiceSchema)),
})
export type ProjectCategoryDetail = v.InferOutput<typeof ProjectCategoryDetailSchema>

/** A sector, region or category named inside a project: an object with a name, or the name itself. */
const NamedSchema = v.looseObject({
  id: v.nullish(IdSchema),
  content: v.nullish(v.string()),
  title: v.nullish(v.string()),
  region: v.nullish(v.string()),
  name: v.nullish(v.string()),
})
export type Named = v.InferOutput<typeof NamedSchema>
const NamedRefSchema = v.nullish(v.union([NamedSchema, v.string()]))

/** A project card: title, status badge (one of the contract's statuses), budget, sector and region. */
export const ProjectSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  icon: v.nullish(v.string()),
  budget: v.nullish(NumberLikeSchema),
  sector: NamedRefSchema,
  region: NamedRefSchema,
  category: v.nullish(v.union([v.looseObject({ id: IdSchema, title: v.nullish(v.string()) }), v.number()])),
  upload: FileRefSchema,
  /** **New:** where the project is, when it says (the detail always carried it; lists and downloads now do too). */
  latitude: v.nullish(NumberLikeSchema),
  longitude: v.nullish(NumberLikeSchema),
  updated_at: v.nullish(v.string()),
})
export type Project = v.InferOutput<typeof ProjectSchema>

/** **New:** `GET project-place`: a project a map marks, with its place. */
export const ProjectPlaceSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  category: v.nullish(v.looseObject({ id: IdSchema, title: v.nullish(v.string()) })),
})
export type ProjectPlace = v.InferOutput<typeof ProjectPlaceSchema>

const figure = v.nullish(NumberLikeSchema)

/** A file per language, as the personal projects carry their presentations. */
const LocaleFilesSchema = v.looseObject({ en: FileRefSchema, ru: FileRefSchema, uz: FileRefSchema })
export type LocaleFiles = v.InferOutput<typeof LocaleFilesSchema>

/** `GET project/{id}`: the card's fields plus the description, figures, location, presentation and contacts. */
export const ProjectDetailSchema = v.looseObject({
  ...ProjectSchema.entries,
  content: v.nullish(v.string()),
  /** One file (or its link), or one per language as in the personal projects; the page picks a link it can read. */
  presentation: v.nullish(v.union([v.string(), GatewayFileSchema, LocaleFilesSchema])),
  pp: figure,
  irr: figure,
  npv: figure,
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
})
export type ProjectDetail = v.InferOutput<typeof ProjectDetailSchema>
