/**
 * Route rules of the services area: `/service/category` goes to the first category, and a service page always carries
 * its selected process and step in the URL (`?process=&step=`), so the steps render on the edge, without JavaScript,
 * and the address can be shared. The lookups go through the payload cache under the same keys the pages read.
 */
import type { Context } from 'hono'
import type { Key } from '../../shared/keys/api-keys'
import { byOrder, parentIdOf, sectionAnchor, serviceKeys } from '../../shared/keys/service-keys'
import { href } from '../../shared/routing/match'
import { loadEntry } from '../payloads/payloads'
import type { AppEnv } from '../types'
import type { RouteRule } from './route-rule'

/** A list the page reads, as its key names it (checked against the contract when it was fetched). */
async function loadList<T>({ c }: { c: Context<AppEnv> }, key: Key<T[]>): Promise<T[]> {
  const entry = await loadEntry(c, key)
  return entry.ok && Array.isArray(entry.envelope.content) ? (entry.envelope.content as T[]) : []
}

/**
 * `/service/category` → the first top-level category by `order` (302); the page renders the list when there is none.
 */
export const serviceCategoryIndexRule: RouteRule<'service-category-index'> = async (input) => {
  const categories = await loadList(input, serviceKeys.categories())
  const first = byOrder(categories.filter((c) => parentIdOf(c.parent ?? c.parent_id) === null))[0]
  if (!first) return null
  return href('service-category', { locale: input.c.get('locale'), params: { category_id: String(first.id) } })
}

/**
 * The process and step a service page shows when its URL names none (or names an unknown process): the chosen (or
 * first) process by `order`, and its first step; null when the service has no process or its process no step.
 */
export async function firstStepOf(
  c: Context<AppEnv>,
  serviceId: string,
  chosen?: string,
): Promise<{ process: string; step: string } | null> {
  const processes = byOrder(await loadList({ c }, serviceKeys.processes(serviceId)))
  const process = processes.find((p) => String(p.id) === chosen) ?? processes[0]
  if (!process) return null
  const step = byOrder(await loadList({ c }, serviceKeys.steps(process.id)))[0]
  return step ? { process: String(process.id), step: String(step.id) } : null
}

/**
 * `/service/{id}` without a complete selection → the same page with the chosen (or first) process and its first step.
 * A complete selection renders as asked: an unknown process or step shows the page's empty state, not a loop.
 */
export const serviceStepRule: RouteRule<'service'> = async (input) => {
  const { params, query } = input
  if (query.process && query.step) return null
  const selection = await firstStepOf(input.c, params.service_id, query.process)
  if (!selection) return null
  return href('service', { locale: input.c.get('locale'), params: { service_id: params.service_id }, query: selection })
}

/**
 * `/service/category/{id}` of a section (a child category): the reference gateway lists services of a category with
 * its sections', so a section lives on its parent's page; old and shared links land on that section (302).
 */
export const serviceCategoryRule: RouteRule<'service-category'> = async (input) => {
  const id = input.params.category_id
  const top = await loadList(input, serviceKeys.categories())
  if (!top.length || top.some((c) => String(c.id) === id)) return null
  const lists = await Promise.all(
    top.map(async (parent) => ({
      parent,
      children: await loadList(input, serviceKeys.children(parent.id)),
    })),
  )
  const hit = lists.find(({ children }) => children.some((c) => String(c.id) === id))
  if (!hit) return null
  return `${href('service-category', { locale: input.c.get('locale'), params: { category_id: String(hit.parent.id) } })}#${sectionAnchor(id)}`
}
