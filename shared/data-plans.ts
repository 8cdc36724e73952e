/**
 * Data plans by route (ARCHITECTURE.md step 3): the gateway keys each page needs. `critical` keys are awaited before the
 * first byte and decide the status; `deferred` ones stream in. Only the edge imports this module, so the key helpers
 * stay out of the browser's entry bundle; pages build the same keys with the same helpers.
 */
import { accountKeys, serviceTypeOf } from './account-keys'
import { GUIDE_PAGES, guideKeys, readPage, readProjectFilters } from './guide-keys'
import { mediaKeys } from './media-keys'
import type { DataPlan, Params, RouteId, Search } from './routes'
import { serviceGuideKeys, serviceKeys } from './service-keys'
import { normaliseKeyword, siteKeys } from './site-keys'

export type DataPlanFn = (args: { params: Params; query: Search }) => DataPlan

export const DATA_PLANS: Readonly<Partial<Record<RouteId, DataPlanFn>>> = {
  // A region or metric in the query is a map link followed without JavaScript: the map then comes in the first byte.
  'home': ({ query }) => (query.region || query.metric
    ? { critical: [siteKeys.territories()], deferred: [siteKeys.latestPosts(), siteKeys.reviews()] }
    : { deferred: [siteKeys.latestPosts(), siteKeys.territories(), siteKeys.reviews()] }),
  'about': () => ({ critical: [siteKeys.page('about')], deferred: [siteKeys.leadership()] }),
  // Critical: results are in the first byte, so the GET form works without JavaScript (streamed sections need it).
  'search': ({ query }) => (normaliseKeyword(query.keyword) ? { critical: [siteKeys.search(normaliseKeyword(query.keyword), query.page)] } : {}),
  'sitemap': () => ({ deferred: [siteKeys.stories(), siteKeys.events(), siteKeys.galleries()] }),
  'contacts': () => ({ critical: [siteKeys.page('contacts')] }),
  'cookie-policy': () => ({ critical: [siteKeys.page('cookie-policy')] }),
  'privacy-policy': () => ({ critical: [siteKeys.page('privacy-policy')] }),
  'post': ({ params }) => ({ critical: [mediaKeys.post(params.id!)] }),
  // Lists are critical: a deferred section stays a skeleton without JavaScript.
  'media': ({ params, query }) => ({ critical: [mediaKeys.list(params.id!, query.page)] }),
  'story-list': ({ query }) => ({ critical: [mediaKeys.stories(query.page)] }),
  'story': ({ params }) => ({ critical: [mediaKeys.story(params.id!)] }),
  'event-list': ({ query }) => ({ critical: [mediaKeys.events(query.page)] }),
  // The form works without JavaScript, so the countries it offers are critical too.
  'event-register': ({ query }) => ({ critical: [mediaKeys.event(query.event_id!), mediaKeys.countries()] }),
  'event': ({ params }) => ({ critical: [mediaKeys.event(params.id!)] }),
  'gallery': ({ params }) => ({ critical: [mediaKeys.gallery(params.id!)] }),
  'reason': ({ params }) => ({ critical: [siteKeys.reason(params.topic!)] }),
  'uz-ex': ({ query }) => ({ critical: [serviceKeys.uzexLots(query.page)] }),
  'service-category-index': () => ({ critical: [serviceKeys.categories()] }),
  'service-category': ({ params }) => ({ critical: [serviceKeys.categories(), serviceKeys.children(params.category_id!), serviceKeys.services(params.category_id!)] }),
  'e-auction': ({ query }) => ({ critical: [serviceKeys.auctionLots(query.page)] }),
  'e-auction-lot': ({ params }) => ({ critical: [serviceKeys.auctionLot(params.id!)] }),
  'service': ({ params, query }) => ({ critical: [serviceKeys.service(params.service_id!), ...serviceGuideKeys(params.service_id!, query)] }),
  'guide-partnership': () => ({ critical: [guideKeys.page(GUIDE_PAGES.partnership)] }),
  'guide-privatization': () => ({ critical: [guideKeys.page(GUIDE_PAGES.privatization)] }),
  'guide-register-business': () => ({ critical: [guideKeys.page(GUIDE_PAGES.registerBusiness)] }),
  'guide-register-investor': () => ({ critical: [guideKeys.page(GUIDE_PAGES.registerInvestor), guideKeys.countries()] }),
  'guide-project': () => ({ critical: [guideKeys.categories(0), guideKeys.openProjects()] }),
  'project-category-list': ({ query }) => ({ critical: [guideKeys.categories(readPage(query))] }),
  'project-category': ({ params, query }) => ({
    critical: [
      guideKeys.category(params.id!),
      guideKeys.projects(params.id!, readProjectFilters(query), readPage(query)),
      guideKeys.sectors(),
      guideKeys.regions(),
      guideKeys.amounts(),
    ],
  }),
  'project': ({ params }) => ({ critical: [guideKeys.project(params.id!)] }),
  'sector': ({ params }) => ({ critical: [guideKeys.sectorPage(params.sector!)] }),
  'explore-item': ({ params }) => ({ critical: [guideKeys.project(params.id!)] }),
  'profile-my-services': ({ query }) => ({ critical: [accountKeys.services(serviceTypeOf(query.type)), accountKeys.regions()] }),
  'profile-appeals': ({ params, query }) => params.id
    ? { critical: [accountKeys.appeal(params.id), accountKeys.appealResponses(params.id)] }
    : { critical: [accountKeys.appeals(query.page), ...(query.new === '1' ? [accountKeys.appealTopics(), accountKeys.regions()] : [])] },
  'profile-my-projects': ({ query }) => ({ critical: [accountKeys.projects(query.page)] }),
  'profile-project-form': ({ params }) => ({
    critical: [...(params.id ? [accountKeys.project(params.id)] : []), accountKeys.projectCategories(), accountKeys.sectors(), accountKeys.regions()],
  }),
  'page': ({ params }) => ({ critical: [siteKeys.page(params.slug!)] }),
}
