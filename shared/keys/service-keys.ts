/**
 * Gateway keys of the services area, used by the data plans and the route rules (docs/architecture.md#rule-9). The
 * trading lists' keys (e-auction, UzEx) are in `trading-keys.ts`.
 */

import type {
  ParentRef,
  Service,
  ServiceCategory,
  ServiceProcess,
  ServiceStep,
  StepSummary,
} from '../../contract/gateway/services'
import { apiKey, type Key, seg } from './api-keys'

const PUBLIC = '/siw/public'
/** Categories are few; one page holds them all. */
const CATEGORY_SIZE = 100

export const serviceKeys = Object.freeze({
  /** Every category (top level and children); the side navigation and the redirect read it. */
  categories: () => apiKey<ServiceCategory[]>(`${PUBLIC}/service/category`, { page: 0, size: CATEGORY_SIZE }),
  children: (parentId: string | number) =>
    apiKey<ServiceCategory[]>(`${PUBLIC}/service/category`, { parent_id: parentId, page: 0, size: CATEGORY_SIZE }),
  services: (categoryId: string | number) =>
    apiKey<Service[]>(`${PUBLIC}/service`, { category_id: categoryId, page: 0, size: CATEGORY_SIZE }),
  service: (id: string | number) => `${PUBLIC}/service/${seg(id)}` as Key<Service>,
  processes: (serviceId: string | number) =>
    apiKey<ServiceProcess[]>(`${PUBLIC}/service-process`, { service_id: serviceId }),
  steps: (processId: string | number) => apiKey<StepSummary[]>(`${PUBLIC}/service/step`, { process_id: processId }),
  step: (id: string | number) => `${PUBLIC}/service/step/${seg(id)}` as Key<ServiceStep>,
})

/** The service guide's keys for a selected stage and step (none selected: the stages only). */
export type ServiceGuideKeys = Readonly<{
  processes: Key<ServiceProcess[]>
  steps: Key<StepSummary[]> | undefined
  step: Key<ServiceStep> | undefined
}>

/** What the service guide reads for a selected stage and step: the route's data plan builds it, the page reads it. */
export function serviceGuideKeys(serviceId: string, selection: { process?: string; step?: string }): ServiceGuideKeys {
  return {
    processes: serviceKeys.processes(serviceId),
    steps: selection.process ? serviceKeys.steps(selection.process) : undefined,
    step: selection.step ? serviceKeys.step(selection.step) : undefined,
  }
}

/** The anchor of a section (child category) on its parent category's page. */
export function sectionAnchor(categoryId: number | string): string {
  return `category-${categoryId}`
}

/**
 * The parent's id as a string, or null for a top-level category; the parent is a bare id, an object with one, or
 * nothing (docs/gateway-contract.md leaves the shape open).
 */
export function parentIdOf(parent: ParentRef): string | null {
  if (parent === null || parent === undefined || parent === '') return null
  if (typeof parent === 'object') return parent.id === null || parent.id === undefined ? null : String(parent.id)
  return String(parent)
}

/** Items sorted by `order` (missing last), then by id, without touching the input. */
export function byOrder<T extends { id: number | string; order?: number | null }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || Number(a.id) - Number(b.id),
  )
}
