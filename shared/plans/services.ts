/** Data plans of the services area: UzEx and e-auction lots, the service categories and a service's guide. */
import { serviceGuideKeys, serviceKeys } from '../service-keys'
import { definePlan } from '../api-keys'

export const uzExPlan = definePlan('uz-ex', ({ query }) => ({ keys: { lots: serviceKeys.uzexLots(query.page) } }))
export const serviceCategoryIndexPlan = definePlan('service-category-index', () => ({ keys: { categories: serviceKeys.categories() } }))
export const serviceCategoryPlan = definePlan('service-category', ({ params }) => ({
  keys: {
    categories: serviceKeys.categories(),
    children: serviceKeys.children(params.category_id),
    services: serviceKeys.services(params.category_id),
  },
}))
export const eAuctionPlan = definePlan('e-auction', ({ query }) => ({ keys: { lots: serviceKeys.auctionLots(query.page) } }))
export const eAuctionLotPlan = definePlan('e-auction-lot', ({ params }) => ({ keys: { lot: serviceKeys.auctionLot(params.id) } }))
export const servicePlan = definePlan('service', ({ params, query }) => ({
  keys: { service: serviceKeys.service(params.service_id), ...serviceGuideKeys(params.service_id, query) },
}))
