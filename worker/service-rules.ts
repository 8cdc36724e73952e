/**
 * Route rules of the services area: `/service/category` goes to the first category, and a service page always carries
 * its selected process and step in the URL (`?process=&step=`), so the steps render on the edge, without JavaScript,
 * and the address can be shared. The lookups go through the payload cache under the same keys the pages read.
 */
import type { Context } from 'hono'
import { href } from '../shared/match'
import { byOrder, type ParentRef, parentIdOf, sectionAnchor, serviceKeys } from '../shared/service-keys'
import { loadEntry } from './payloads'
import type { RouteRule } from './route-rules'
import type { AppEnv } from './types'

type Ordered = { id: number | string; order?: number | null }
type CategoryRef = Ordered & { parent?: ParentRef; parent_id?: ParentRef }

async function loadList<T>({ c }: { c: Context<AppEnv> }, key: string): Promise<T[]> {
  const entry = await loadEntry(c, key)
  return entry.ok && Array.isArray(entry.envelope.content) ? (entry.envelope.content as T[]) : []
}

/**
 * `/service/category` → the first top-level category by `order` (302); the page renders the list when there is none.
 */
export const serviceCategoryIndexRule: RouteRule<'service-category-index'> = async (input) => {
  const categories = await loadList<CategoryRef>(input, serviceKeys.categories())
  const first = byOrder(categories.filter((c) => parentIdOf(c.parent ?? c.parent_id) === null))[0]
  if (!first) return null
  return href('service-category', { locale: input.c.get('locale'), params: { category_id: String(first.id) } })
}

/**
 * `/service/{id}` without a complete selection → the same page with the chosen (or first) process and its first step.
 * A complete selection renders as asked: an unknown process or step shows the page's empty state, not a loop.
 */
export const serviceStepRule: RouteRule<'service'> = async (input) => {
  const { params, query } = input
  if (query.process && query.step) return null
  const serviceId = params.service_id
  const processes = byOrder(await loadList<Ordered>(input, serviceKeys.processes(serviceId)))
  const process = processes.find((p) => String(p.id) === query.process) ?? processes[0]
  if (!process) return null
  const steps = byOrder(await loadList<Ordered>(input, serviceKeys.steps(process.id)))
  const step = steps[0]
  if (!step) return null
  const locale = input.c.get('locale')
  return href('service', {
    locale,
    params: { service_id: serviceId },
    query: { process: String(process.id), step: String(step.id) },
  })
}

/**
 * `/service/category/{id}` of a section (a child category): the reference gateway lists services of a category with
 * its sections', so a section lives on its parent's page; old and shared links land on that section (302).
 */
export const serviceCategoryRule: RouteRule<'service-category'> = async (input) => {
  const id = input.params.category_id
  const top = await loadList<CategoryRef>(input, serviceKeys.categories())
  if (!top.length || top.some((c) => String(c.id) === id)) return null
  const lists = await Promise.all(
    top.map(async (parent) => ({
      parent,
      children: await loadList<CategoryRef>(input, serviceKeys.children(parent.id)),
    })),
  )
  const hit = lists.find(({ children }) => children.some((c) => String(c.id) === id))
  if (!hit) return null
  return `${href('service-category', { locale: input.c.get('locale'), params: { category_id: String(hit.parent.id) } })}#${sectionAnchor(id)}`
}
