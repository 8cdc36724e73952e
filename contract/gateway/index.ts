/**
 * The contract table: every gateway data key a page loads (the strings `shared/*-keys.ts` build) names the schema its
 * answer must match. An answer of the wrong shape is an upstream failure, never a page
 * (docs/gateway-contract.md#envelope).
 */
import type * as v from 'valibot'
import {
  AppealResponseSchema,
  AppealSchema,
  AppealTopicSchema,
  AppealTypeSchema,
  DataExportSchema,
  NotificationChoicesSchema,
  NotificationSchema,
  PersonalProjectSchema,
  PersonalServiceSchema,
  ProfileSchema,
  SessionSchema,
} from './account'
import { type Envelope, envelopeOf, issuePaths, listOf, RegionSchema } from './common'
import { EnquirySchema } from './enquiries'
import {
  AmountSchema,
  DistrictSchema,
  ProjectCategoryDetailSchema,
  ProjectCategorySchema,
  ProjectDetailSchema,
  ProjectPlaceSchema,
  ProjectSchema,
  SectorSchema,
} from './guide'
import {
  CountrySchema,
  EventSchema,
  GallerySchema,
  PostSchema,
  PostSummarySchema,
  StorySchema,
  StorySummarySchema,
} from './media'
import {
  AuctionLotDetailSchema,
  AuctionLotSchema,
  ServiceCategorySchema,
  ServiceProcessSchema,
  ServiceSchema,
  ServiceStepSchema,
  StepSummarySchema,
  UzexLotSchema,
} from './services'
import {
  LeaderSchema,
  PageSchema,
  ReviewSchema,
  SearchResultsSchema,
  SiteSettingsSchema,
  TerritorySchema,
} from './site'

const PUBLIC = '/siw/public'
const PLACES = '/integration/public/territorial-entity'
const INTEGRATION = '/integration/public/integration'

/**
 * Key path (the part before `?`) → the envelope schema of its answer. `{name}` stands for one path segment; a path
 * without one wins over a pattern (`/siw/appeal/response` is not appeal `response`). One row per call of the contract.
 */
export const CONTRACTS: ReadonlyArray<readonly [path: string, schema: v.GenericSchema]> = [
  // docs/gateway-contract.md#content
  [`${PUBLIC}/post`, listOf(PostSummarySchema)],
  [`${PUBLIC}/post/{id}`, envelopeOf(PostSchema)],
  [`${PUBLIC}/gallery`, listOf(GallerySchema)],
  [`${PUBLIC}/gallery/{id}`, envelopeOf(GallerySchema)],
  [`${PUBLIC}/event`, listOf(EventSchema)],
  [`${PUBLIC}/event/{id}`, envelopeOf(EventSchema)],
  [`${PUBLIC}/story`, listOf(StorySummarySchema)],
  [`${PUBLIC}/story/{id}`, envelopeOf(StorySchema)],
  [`${PUBLIC}/leadership`, listOf(LeaderSchema)],
  [`${PUBLIC}/review`, listOf(ReviewSchema)],
  [`${PUBLIC}/territory`, listOf(TerritorySchema)],
  [`${PUBLIC}/page/{slug}`, envelopeOf(PageSchema)],
  [`${PUBLIC}/search`, envelopeOf(SearchResultsSchema)],
  [`${PUBLIC}/site-settings`, envelopeOf(SiteSettingsSchema)],
  // docs/gateway-contract.md#guide
  [`${PUBLIC}/project-category`, listOf(ProjectCategorySchema)],
  [`${PUBLIC}/project-category/{id}`, envelopeOf(ProjectCategoryDetailSchema)],
  [`${PUBLIC}/project`, listOf(ProjectSchema)],
  [`${PUBLIC}/project/{id}`, envelopeOf(ProjectDetailSchema)],
  [`${PUBLIC}/project-place`, listOf(ProjectPlaceSchema)],
  [`${PUBLIC}/service-sector`, listOf(SectorSchema)],
  [`${PUBLIC}/project-amount`, listOf(AmountSchema)],
  [`${PLACES}/regions`, listOf(RegionSchema)],
  [`${PLACES}/districts`, listOf(DistrictSchema)],
  [`${PLACES}/countries`, listOf(CountrySchema)],
  // docs/gateway-contract.md#services
  [`${PUBLIC}/service/category`, listOf(ServiceCategorySchema)],
  [`${PUBLIC}/service`, listOf(ServiceSchema)],
  [`${PUBLIC}/service/{id}`, envelopeOf(ServiceSchema)],
  [`${PUBLIC}/service-process`, listOf(ServiceProcessSchema)],
  [`${PUBLIC}/service/step`, listOf(StepSummarySchema)],
  [`${PUBLIC}/service/step/{id}`, envelopeOf(ServiceStepSchema)],
  // docs/gateway-contract.md#integrations
  [`${INTEGRATION}/eauksion/lot`, listOf(AuctionLotSchema)],
  [`${INTEGRATION}/iskm/lot/{lot_number}`, envelopeOf(AuctionLotDetailSchema)],
  [`${INTEGRATION}/uzex-lots`, listOf(UzexLotSchema)],
  [`${INTEGRATION}/uzex-lots/{id}`, envelopeOf(UzexLotSchema)],
  // docs/gateway-contract.md#profile, #notification-choices, #notifications, #appeals, #personal
  ['/core/profile', envelopeOf(ProfileSchema)],
  // docs/gateway-contract.md#account
  ['/core/account/sessions', listOf(SessionSchema)],
  ['/core/account/export', envelopeOf(DataExportSchema)],
  ['/core/profile/notifications', envelopeOf(NotificationChoicesSchema)],
  ['/siw/notification', listOf(NotificationSchema)],
  ['/siw/appeal', listOf(AppealSchema)],
  ['/siw/appeal/{id}', envelopeOf(AppealSchema)],
  ['/siw/appeal/response', listOf(AppealResponseSchema)],
  [`${PUBLIC}/appeal-topic`, listOf(AppealTopicSchema)],
  [`${PUBLIC}/appeal-type`, listOf(AppealTypeSchema)],
  ['/siw/personal/project', listOf(PersonalProjectSchema)],
  ['/siw/personal/project/{id}', envelopeOf(PersonalProjectSchema)],
  ['/siw/personal/service', listOf(PersonalServiceSchema)],
  // docs/gateway-contract.md#enquiries
  ['/siw/enquiry/mine', listOf(EnquirySchema)],
  ['/siw/enquiry/link/{token}', envelopeOf(EnquirySchema)],
]

/** The table compiled once: literal paths in a map, patterns as anchored expressions of one segment per `{name}`. */
const LITERAL = new Map<string, v.GenericSchema>()
const PATTERNS: Array<readonly [RegExp, v.GenericSchema]> = []
for (const [path, schema] of CONTRACTS) {
  if (!path.includes('{')) LITERAL.set(path, schema)
  else PATTERNS.push([new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`), schema])
}

/** The envelope schema for a gateway data key (path and query, as `apiKey` builds it), or null when it has none. */
export function contractFor(key: string): v.GenericSchema | null {
  const path = key.split('?', 1)[0]!
  return LITERAL.get(path) ?? PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? null
}

/** What `validatePayload` says: the envelope as given, or where it breaks the contract (paths, never values). */
export type ContractResult = Readonly<{ ok: true; envelope: Envelope } | { ok: false; issues: readonly string[] }>

/** At most this many paths are reported: a list of a thousand wrong items needs no thousand lines. */
const MAX_ISSUES = 20

/**
 * Checks an `ok` envelope against its key's schema. A key without a schema fails: an unchecked answer is not rendered.
 */
export function validatePayload(key: string, envelope: unknown): ContractResult {
  const schema = contractFor(key)
  if (!schema) return { ok: false, issues: ['(no contract for this key)'] }
  const issues = issuePaths(schema, envelope)
  return issues.length
    ? { ok: false, issues: issues.slice(0, MAX_ISSUES) }
    : { ok: true, envelope: envelope as Envelope }
}
