/**
 * Turning an address into a page (docs/product.md#navigation, steps 1, 2 and 4): match → query rules → guards. The
 * edge, its form actions and the browser's router all call this one function; the edge then adds the reset-link
 * check, its route rules and the data plan (docs/architecture.md#request).
 */

import type { NoRoute, PageRoute, RouteState } from '../state/state'
import { notFound, type PageError, pageError } from './errors'
import { checkGuards, type SessionView } from './guards'
import { matchRoute, parseQuery, type RouteMatch, readSearch } from './match'
import type { RouteDef, RouteId } from './routes'

export type RouteInput = Readonly<{
  /** The path below the locale prefix, e.g. `/post/1`. */
  rest: string
  /** The whole path as requested, e.g. `/en/post/1`. */
  path: string
  /** The query string, `?a=1` or empty, as the route state keeps it. */
  search: string
  session: SessionView
}>

export type Resolution = Readonly<{
  /** The page's typed route, or no route (with `error` saying why). */
  route: RouteState
  /** What the path matched, even when its query was refused: the request log and the headers name it. */
  match: RouteMatch | null
  error: PageError | null
}>

/** The error a route answers when its query breaks its rules (404 unless the route says otherwise). */
function rejectionOf(route: RouteDef, path: string): PageError {
  return pageError(route.reject?.status ?? 404, route.reject?.code ?? 'page_not_found', { path })
}

/** Resolves an address for a session: the route state every side renders from, and the page error if any. */
export function resolveRoute({ rest, path, search, session }: RouteInput): Resolution {
  const none: NoRoute = { id: null, params: {}, query: {}, path, search }
  const match = matchRoute(rest)
  if (!match) return { route: none, match: null, error: notFound(path) }
  const route = pageRouteOf(match, readSearch(new URLSearchParams(search)), path, search)
  if (!route) return { route: none, match, error: rejectionOf(match.route, path) }
  return { route, match, error: checkGuards(match.route.meta, session) }
}

/** The typed page route of a match whose query passes its rules, else null. */
function pageRouteOf<M extends RouteMatch>(
  match: M,
  search: Readonly<Record<string, string | undefined>>,
  path: string,
  searchString: string,
): PageRoute | null {
  const query = parseQuery(match.id, search)
  if (!query) return null
  // `match` and `query` belong to the same route id; TypeScript cannot follow that correlation through the union.
  return { id: match.id, params: match.params, query, path, search: searchString } as PageRoute
}

/** The route on screen as `id`'s page route, with that route's typed params and query; null when another is shown. */
export function routeOf<Id extends RouteId>(route: RouteState, id: Id): PageRoute<Id> | null {
  // The union's members are keyed by id: the member whose id is `id` is `PageRoute<Id>`.
  return route.id === id ? (route as PageRoute<Id>) : null
}
