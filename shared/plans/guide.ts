/** Data plans of the investor guide: its text pages, the registration forms, projects, categories and sectors. */

import { definePlan } from '../keys/api-keys'
import { GUIDE_PAGES, guideKeys, readAllProjectsFilters, readProjectFilters } from '../keys/guide-keys'

// The guide's text pages are the agency's to publish: until then (a fresh deployment) each draws its empty state, and
// the registration forms work without their text.
export const guidePartnershipPlan = definePlan('guide-partnership', () => ({
  keys: { page: guideKeys.page(GUIDE_PAGES.partnership) },
  optional: ['page'],
}))
export const guidePrivatizationPlan = definePlan('guide-privatization', () => ({
  keys: { page: guideKeys.page(GUIDE_PAGES.privatization) },
  optional: ['page'],
}))
export const guideRegisterBusinessPlan = definePlan('guide-register-business', () => ({
  keys: { page: guideKeys.page(GUIDE_PAGES.registerBusiness) },
  optional: ['page'],
}))
export const guideRegisterInvestorPlan = definePlan('guide-register-investor', () => ({
  keys: { page: guideKeys.page(GUIDE_PAGES.registerInvestor), countries: guideKeys.countries() },
  optional: ['page'],
}))
export const guideProjectPlan = definePlan('guide-project', () => ({
  keys: { categories: guideKeys.categories(), open: guideKeys.openProjects() },
}))
export const projectCategoryListPlan = definePlan('project-category-list', ({ query }) => ({
  keys: { categories: guideKeys.categories(query.page) },
}))
export const projectCategoryPlan = definePlan('project-category', ({ params, query }) => ({
  keys: {
    category: guideKeys.category(params.id),
    projects: guideKeys.projects(params.id, readProjectFilters(query), query.page),
    sectors: guideKeys.sectors(),
    regions: guideKeys.regions(),
    amounts: guideKeys.amounts(),
  },
}))
/** The same filters' projects on a map, every one with a place (docs/decisions/0058-project-map.md). */
export const allProjectsMapPlan = definePlan('all-projects-map', ({ query }) => ({
  keys: {
    categories: guideKeys.allCategories(),
    sectors: guideKeys.sectors(),
    regions: guideKeys.regions(),
    amounts: guideKeys.amounts(),
    places: guideKeys.projectPlaces(readAllProjectsFilters(query)),
  },
}))
export const projectPlan = definePlan('project', ({ params }) => ({ keys: { project: guideKeys.project(params.id) } }))
/** A sector is its content page: a slug the upstream has no page for is a 404 (docs/decisions/0019-route-checks.md). */
export const sectorPlan = definePlan('sector', ({ params }) => ({
  keys: { page: guideKeys.sectorPage(params.sector) },
}))
export const exploreItemPlan = definePlan('explore-item', ({ params }) => ({
  keys: { project: guideKeys.project(params.id) },
}))

/** Every project, a page at a time, with the categories and the other lookups as filters (docs/product.md#all-projects). */
export const allProjectsPlan = definePlan('all-projects', ({ query }) => ({
  keys: {
    categories: guideKeys.allCategories(),
    sectors: guideKeys.sectors(),
    regions: guideKeys.regions(),
    amounts: guideKeys.amounts(),
    projects: guideKeys.allProjects(readAllProjectsFilters(query), query.page),
  },
}))
