/**
 * Site payloads (docs/gateway-contract.md#content): content pages, leadership, reviews, territories, search and the
 * agency's contacts.
 */
import * as v from 'valibot'
import { FileRefSchema, IdSchema, NumberLikeSchema, RegionSchema } from './common'

/** A key figure of a sector page, already in the page's language. */
const FigureSchema = v.looseObject({
  label: v.string(),
  value: v.union([v.number(), v.string()]),
  unit: v.nullish(v.string()),
  year: v.nullish(v.union([v.number(), v.string()])),
})
export type Figure = v.InferOutput<typeof FigureSchema>

/**
 * `GET page/{slug}`: the title and HTML body are what every content page renders; sector pages may add a summary and
 * figures, and the line their card shows (`tagline`).
 */
export const PageSchema = v.looseObject({
  slug: v.nullish(v.string()),
  title: v.string(),
  content: v.string(),
  updated_at: v.nullish(v.string()),
  summary: v.nullish(v.string()),
  figures: v.nullish(v.array(FigureSchema)),
  tagline: v.nullish(v.string()),
})
export type Page = v.InferOutput<typeof PageSchema>

/** A leader's card: the name is built from `name` and `surname`; the contacts are optional. */
export const LeaderSchema = v.looseObject({
  id: IdSchema,
  name: v.string(),
  surname: v.string(),
  position: v.string(),
  bio: v.nullish(v.string()),
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
  working_days: v.nullish(v.string()),
  photo: FileRefSchema,
})
export type Leader = v.InferOutput<typeof LeaderSchema>

/** A quote on the home page; `author` is "Name, Position, Company". */
export const ReviewSchema = v.looseObject({
  id: v.nullish(IdSchema),
  comment: v.string(),
  author: v.string(),
  photo: FileRefSchema,
})
export type Review = v.InferOutput<typeof ReviewSchema>

const figure = v.nullish(NumberLikeSchema)

/** A region on the home page's map: its region (the map is keyed by `region.code`) and its figures. */
export const TerritorySchema = v.looseObject({
  id: IdSchema,
  region: RegionSchema,
  area: figure,
  population: figure,
  tourists: figure,
  investment_projects: figure,
  fdi_credits: figure,
  foreign_trade: figure,
  presentation: v.nullish(v.string()),
  /** **New:** when the region's figures last changed. */
  updated_at: v.nullish(v.string()),
})
export type Territory = v.InferOutput<typeof TerritorySchema>

/** One search hit; `path` or `id` says where it leads. */
const SearchHitSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  description: v.nullish(v.string()),
  path: v.nullish(v.string()),
})
export type SearchHit = v.InferOutput<typeof SearchHitSchema>

const hits = v.nullish(v.array(SearchHitSchema))
const count = v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0)))

/**
 * `GET search`: hits grouped by kind; a kind without hits may be missing, but a list is no grouping (every kind is
 * optional). `counts`: each kind's matches over every page (an upstream may leave it out).
 */
export const SearchResultsSchema = v.pipe(
  v.unknown(),
  v.check((results) => !Array.isArray(results)),
  v.looseObject({
    events: hits,
    gallery: hits,
    pages: hits,
    posts: hits,
    stories: hits,
    projects: hits,
    services: hits,
    sectors: hits,
    lots: hits,
    counts: v.nullish(
      v.looseObject({
        events: count,
        gallery: count,
        pages: count,
        posts: count,
        stories: count,
        projects: count,
        services: count,
        sectors: count,
        lots: count,
      }),
    ),
  }),
)
export type SearchResults = v.InferOutput<typeof SearchResultsSchema>

/** A link the portal puts in an `href`: an https URL, nothing a browser would run. */
const HttpsUrlSchema = v.pipe(v.string(), v.url(), v.startsWith('https://'))

/** A sector as the site's lists name it: its page is `/guide/explore/{slug}`. */
const SectorLinkSchema = v.looseObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/)),
  name: v.string(),
  tagline: v.nullish(v.string()),
})
/**
 * **New:** `GET site-settings`, what every page with a footer shows beside its own content
 * (docs/gateway-contract.md#site-settings): the agency's contacts and opening hours (each null when not set, and the
 * page leaves it out), the home page's key figures, the investor guide's links to content pages, and the sectors (each
 * list empty when there is none, or from an upstream that does not give it).
 */
export const SiteSettingsSchema = v.looseObject({
  phone: v.nullish(v.pipe(v.string(), v.regex(/^\+?[\d\s()-]{7,24}$/))),
  email: v.nullish(v.pipe(v.string(), v.email())),
  address: v.nullish(v.string()),
  hours: v.nullish(v.string()),
  map_url: v.nullish(HttpsUrlSchema),
  socials: v.nullish(v.array(v.looseObject({ network: v.string(), url: HttpsUrlSchema }))),
  figures: v.nullish(
    v.array(
      v.looseObject({
        value: v.number(),
        unit: v.nullish(v.string()),
        label: v.string(),
        source: v.nullish(v.string()),
      }),
    ),
  ),
  guide_links: v.nullish(
    v.array(v.looseObject({ slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)), label: v.string() })),
  ),
  sectors: v.nullish(v.array(SectorLinkSchema)),
})
export type SiteSettings = v.InferOutput<typeof SiteSettingsSchema>

/**
 * `POST /siw/public/contact-us`: the request's id and its reference (`CR-2026-000123`), which the success screen shows
 * (an upstream may give none).
 */
const ContactSentSchema = v.looseObject({ id: v.number(), reference: v.nullish(v.string()) })
export type ContactSent = v.InferOutput<typeof ContactSentSchema>
