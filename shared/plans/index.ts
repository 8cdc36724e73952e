/**
 * Every route's data plan in one table, for the edge (and the tests that sweep every route). Pages import only their
 * area's module (`site.ts`, `media.ts`, `services.ts`, `guide.ts`, `account.ts`), so this table stays out of the
 * browser's bundles (docs/decisions/0005-data-plans.md).
 */

import type { DataPlan, PlanRoute } from '../keys/api-keys'
import { siteKeys } from '../keys/site-keys'
import { ROUTE_BY_ID, type RouteId } from '../routing/routes'
import type { PageRoute } from '../state/state'
import {
  accountPlan,
  appealsPlan,
  myProjectsPlan,
  myServicesPlan,
  notificationChoicesPlan,
  projectFormPlan,
} from './account'
import { enquiryPlan, myEnquiriesPlan, projectInterestPlan } from './enquiries'
import {
  allProjectsMapPlan,
  allProjectsPlan,
  exploreItemPlan,
  guidePartnershipPlan,
  guidePrivatizationPlan,
  guideProjectPlan,
  guideRegisterBusinessPlan,
  guideRegisterInvestorPlan,
  projectCategoryListPlan,
  projectCategoryPlan,
  projectPlan,
  sectorPlan,
} from './guide'
import {
  eventListPlan,
  eventPlan,
  eventRegisterPlan,
  galleryPlan,
  mediaPlan,
  postPlan,
  storyListPlan,
  storyPlan,
} from './media'
import { openDataPlan } from './open-data'
import { type PlannedKeys, splitKeys } from './plan'
import { serviceCategoryIndexPlan, serviceCategoryPlan, servicePlan } from './services'
import {
  aboutPlan,
  contactsPlan,
  contentPagePlan,
  cookiePolicyPlan,
  homePlan,
  privacyPolicyPlan,
  reasonPlan,
  searchPlan,
  sitemapPlan,
} from './site'
import { eAuctionLotPlan, eAuctionPlan, uzExPlan } from './trading'

export type { PlannedKeys } from './plan'

/** The data plan of each route that reads gateway data; a route without one renders from its route alone. */
export type DataPlans = { readonly [Id in RouteId]?: DataPlan<Id> }

export const DATA_PLANS: DataPlans = {
  home: homePlan,
  about: aboutPlan,
  search: searchPlan,
  sitemap: sitemapPlan,
  contacts: contactsPlan,
  'cookie-policy': cookiePolicyPlan,
  'privacy-policy': privacyPolicyPlan,
  'open-data': openDataPlan,
  'all-projects': allProjectsPlan,
  'all-projects-map': allProjectsMapPlan,
  post: postPlan,
  media: mediaPlan,
  'story-list': storyListPlan,
  story: storyPlan,
  'event-list': eventListPlan,
  'event-register': eventRegisterPlan,
  event: eventPlan,
  gallery: galleryPlan,
  reason: reasonPlan,
  'uz-ex': uzExPlan,
  'service-category-index': serviceCategoryIndexPlan,
  'service-category': serviceCategoryPlan,
  'e-auction': eAuctionPlan,
  'e-auction-lot': eAuctionLotPlan,
  service: servicePlan,
  'guide-partnership': guidePartnershipPlan,
  'guide-privatization': guidePrivatizationPlan,
  'guide-register-business': guideRegisterBusinessPlan,
  'guide-register-investor': guideRegisterInvestorPlan,
  'guide-project': guideProjectPlan,
  'project-category-list': projectCategoryListPlan,
  'project-category': projectCategoryPlan,
  project: projectPlan,
  'project-interest': projectInterestPlan,
  sector: sectorPlan,
  'explore-item': exploreItemPlan,
  'profile-my-services': myServicesPlan,
  'profile-appeals': appealsPlan,
  'profile-my-projects': myProjectsPlan,
  'profile-notifications': notificationChoicesPlan,
  'profile-account': accountPlan,
  'profile-project-form': projectFormPlan,
  'profile-enquiries': myEnquiriesPlan,
  enquiry: enquiryPlan,
  page: contentPagePlan,
}

/**
 * The gateway keys a route's page needs: critical (awaited before the first byte) and deferred; none without a plan.
 * A page in a layout with a footer also reads the site's contacts, deferred: they never decide a page's status, and an
 * upstream without them leaves them out (docs/gateway-contract.md#site-settings).
 */
function plannedKeys<Id extends RouteId>(id: Id, route: PlanRoute<Id>): PlannedKeys {
  const plan: DataPlan<Id> | undefined = DATA_PLANS[id]
  const keys = plan ? splitKeys(plan.build(route)) : { critical: [], deferred: [], optional: [] }
  if (ROUTE_BY_ID[id].layout === 'blank') return keys
  return { ...keys, deferred: [...keys.deferred, siteKeys.settings()] }
}

/** `plannedKeys` of a resolved page route. */
export function keysOfRoute<Id extends RouteId>(route: PageRoute<Id>): PlannedKeys {
  return plannedKeys<Id>(route.id, route)
}

/** A resolved page route's plan keys by name (`post`, `page`, …): the edge reads the page's main item from them. */
export function planKeysOf<Id extends RouteId>(route: PageRoute<Id>): Readonly<Record<string, string | undefined>> {
  const plan: DataPlan<Id> | undefined = DATA_PLANS[route.id]
  return plan ? plan.build(route).keys : {}
}
