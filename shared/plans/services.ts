/** Data plans of the services area: the service categories and a service's guide (the trading lists: `trading.ts`). */

import { definePlan } from '../keys/api-keys'
import { serviceGuideKeys, serviceKeys } from '../keys/service-keys'

export const serviceCategoryIndexPlan = definePlan('service-category-index', () => ({
  keys: { categories: serviceKeys.categories() },
}))
export const serviceCategoryPlan = definePlan('service-category', ({ params }) => ({
  keys: {
    categories: serviceKeys.categories(),
    children: serviceKeys.children(params.category_id),
    services: serviceKeys.services(params.category_id),
  },
}))
export const servicePlan = definePlan('service', ({ params, query }) => ({
  keys: { service: serviceKeys.service(params.service_id), ...serviceGuideKeys(params.service_id, query) },
}))
