/**
 * The page actions by route id, found by the same convention as pages (docs/architecture.md#adding-a-page): the module
 * `worker/actions/{route-id}.ts` exports `action` for that route. A route without one answers 405 to POST.
 */
import { isRouteId, type RouteId } from '../../shared/routing/routes'
import type { Action } from '../actions/lib/types'

type ActionModule = { action: Action<RouteId> }

const modules = import.meta.glob<ActionModule>('../actions/*.ts', { eager: true })

/** The action of each route that has one; a module whose name is not a route id is a mistake the build refuses. */
export const ACTIONS: { readonly [Id in RouteId]?: Action<Id> } = Object.fromEntries(
  Object.entries(modules).map(([path, mod]) => {
    const id = path.slice('../actions/'.length, -'.ts'.length)
    if (!isRouteId(id)) throw new Error(`worker/actions/${id}.ts names no route`)
    return [id, mod.action]
  }),
)
