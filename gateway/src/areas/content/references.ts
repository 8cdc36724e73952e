/** Ids of content records the core forms refer to (sectors, project categories, events), from the bundled seed. */

import eventsSeed from '../../../seed/events.json'
import categoriesSeed from '../../../seed/project-categories.json'
import sectorsSeed from '../../../seed/sectors.json'

const sectorIds = new Set((sectorsSeed as { id: number }[]).map((s) => s.id))
const categoryIds = new Set((categoriesSeed as { id: number }[]).map((c) => c.id))
const eventIds = new Set((eventsSeed as { id: number }[]).map((e) => e.id))

/** True for a seeded investment sector id. */
export function isSectorId(id: number): boolean {
  return sectorIds.has(id)
}

/** True for a seeded project category id. */
export function isProjectCategoryId(id: number): boolean {
  return categoryIds.has(id)
}

/** True for a seeded event id. */
export function isEventId(id: number): boolean {
  return eventIds.has(id)
}
