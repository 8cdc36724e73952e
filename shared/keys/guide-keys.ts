/** Gateway keys of the investor guide, used by its data plans and components (docs/architecture.md#rule-9). */

import type {
  Amount,
  Project,
  ProjectCategory,
  ProjectCategoryDetail,
  ProjectDetail,
  ProjectPlace,
} from '../../contract/gateway/guide'
import type { Country } from '../../contract/gateway/media'
import type { Page } from '../../contract/gateway/site'
import { PROJECT_STATUSES, type ProjectStatus } from '../../contract/gateway/statuses'
import { accountKeys } from './account-keys'
import { apiKey, type Key, seg } from './api-keys'

const PUBLIC = '/siw/public'

/** Projects per page in a category (two rows of three cards). */
export const PROJECT_PAGE_SIZE = 6
/** Categories per page of the category list. */
export const CATEGORY_PAGE_SIZE = 12
/** Open projects shown on the projects hub. */
const OPEN_PROJECTS_SIZE = 3
/** Projects per page of the all-projects list (four rows of three cards). */
export const ALL_PROJECTS_PAGE_SIZE = 12

/** The gateway page slugs of the guide's text pages. */
export const GUIDE_PAGES = Object.freeze({
  partnership: 'guide-partnership',
  privatization: 'guide-privatization',
  registerBusiness: 'guide-register-business',
  registerInvestor: 'guide-register-investor',
})

/** The project list filters a category page keeps in its URL query; anything malformed is dropped. */
export type ProjectFilters = Readonly<{
  sector_id?: string
  region_id?: string
  amount_id?: string
  status?: ProjectStatus
}>

export const FILTER_NAMES = ['sector_id', 'region_id', 'amount_id', 'status'] as const

const ID = /^\d{1,10}$/

/** Reads the filters from a URL query: ids must be digits and the status one of the three, else they are ignored. */
export function readProjectFilters(query: Readonly<{ [K in keyof ProjectFilters]?: string }>): ProjectFilters {
  const id = (value: string | undefined) => (value && ID.test(value) ? value : undefined)
  const status = (PROJECT_STATUSES as readonly string[]).includes(query.status ?? '')
    ? (query.status as ProjectStatus)
    : undefined
  return { sector_id: id(query.sector_id), region_id: id(query.region_id), amount_id: id(query.amount_id), status }
}

/** The all-projects page's filters: a category's, and the category itself (docs/product.md#all-projects). */
export type AllProjectsFilters = ProjectFilters & Readonly<{ category_id?: string }>

/** Reads the all-projects filters from a URL query; anything malformed is dropped, as `readProjectFilters` does. */
export function readAllProjectsFilters(
  query: Readonly<{ [K in keyof AllProjectsFilters]?: string }>,
): AllProjectsFilters {
  const category = query.category_id && ID.test(query.category_id) ? query.category_id : undefined
  return { category_id: category, ...readProjectFilters(query) }
}

export const guideKeys = Object.freeze({
  page: (slug: string) => `${PUBLIC}/page/${seg(slug)}` as Key<Page>,
  /** A sector's page (`sector-{slug}`): title, summary, content and figures. */
  sectorPage: (sector: string) => `${PUBLIC}/page/${seg(`sector-${sector}`)}` as Key<Page>,
  categories: (page = 0) => apiKey<ProjectCategory[]>(`${PUBLIC}/project-category`, { page, size: CATEGORY_PAGE_SIZE }),
  category: (id: string) => `${PUBLIC}/project-category/${seg(id)}` as Key<ProjectCategoryDetail>,
  projects: (categoryId: string, filters: ProjectFilters, page = 0) =>
    apiKey<Project[]>(`${PUBLIC}/project`, { category_id: categoryId, ...filters, page, size: PROJECT_PAGE_SIZE }),
  openProjects: () =>
    apiKey<Project[]>(`${PUBLIC}/project`, { status: 'open_for_investment', page: 0, size: OPEN_PROJECTS_SIZE }),
  project: (id: string) => `${PUBLIC}/project/${seg(id)}` as Key<ProjectDetail>,
  /** Every category in one list: the all-projects page filters by them. */
  allCategories: () => apiKey<ProjectCategory[]>(`${PUBLIC}/project-category`, { page: 0, size: 100 }),
  /** A page of every category's projects, filtered. */
  allProjects: (filters: AllProjectsFilters, page = 0) =>
    apiKey<Project[]>(`${PUBLIC}/project`, { ...filters, page, size: ALL_PROJECTS_PAGE_SIZE }),
  /** Every project with a place, filtered as the list is (at most 2000): the map's markers. */
  projectPlaces: (filters: AllProjectsFilters) => apiKey<ProjectPlace[]>(`${PUBLIC}/project-place`, { ...filters }),
  /** The project that changed last: when the projects' open data were last updated. */
  lastChangedProject: () => apiKey<Project[]>(`${PUBLIC}/project`, { sort: 'updated', page: 0, size: 1 }),
  /** The same keys as the profile's project form, so the lists are shared in caches. */
  sectors: accountKeys.sectors,
  regions: accountKeys.regions,
  amounts: () => `${PUBLIC}/project-amount` as Key<Amount[]>,
  /** Every country in one list (the same key as the event application form's). */
  countries: () => apiKey<Country[]>('/integration/public/territorial-entity/countries', { page: 0, size: 300 }),
})
