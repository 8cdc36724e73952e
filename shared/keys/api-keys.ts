/**
 * Gateway GET URLs used as data keys: the same string is the SWR key, the payload key and the fetch path. A route's
 * data plan names the keys its page reads (docs/architecture.md#request, step 3).
 */
import type { ParamsOf, QueryOf, RouteId } from '../routing/routes'

export type Query = Record<string, string | number | boolean | null | undefined>

declare const payload: unique symbol

/**
 * A data key that carries the type of its answer's `content`, as `shared/contract/` names it: `usePayload(key)` reads
 * a `T` and nothing else compiles (docs/decisions/0002-payload-keys.md). Only the type is branded: at run time a key is
 * the plain string. `apiKey` makes them, for the key builders of `shared/*-keys.ts`; a bare string is no key.
 */
export type Key<T> = string & { readonly [payload]: T }

/**
 * Builds `/path?k=v` with keys in the given order, skipping empty values, so equal inputs give equal keys. `T` is the
 * contract's type of the answer's `content` when the path is a data key.
 */
export function apiKey<T>(path: string, query: Query = {}): Key<T> {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') search.append(k, String(v))
  const qs = search.toString()
  return (qs ? `${path}?${qs}` : path) as Key<T>
}

/** Encodes one path segment of a gateway URL; ids from the address bar never add segments. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value))
}

/**
 * The bearer rule (docs/product.md#bearer): a URL containing "public" never carries the user's token, so its answer
 * never depends on who asks and may be cached.
 */
export function isPublicUrl(url: string): boolean {
  return url.includes('public')
}

/**
 * Named gateway keys, each typed by its answer; a key left undefined is not needed for this address (e.g. a list
 * without its detail).
 */
export type PlanKeys = Readonly<Record<string, Key<unknown> | undefined>>

/** What a plan reads of its route. */
export type PlanRoute<Id extends RouteId> = Readonly<{ params: ParamsOf<Id>; query: QueryOf<Id> }>

/**
 * The keys for one address, which of them stream in after the first byte (every other key is critical), and which
 * critical keys may be missing (`optional`: a 404 leaves the page standing, drawing its empty state). Only a fixed page
 * whose text the agency may not have published yet (a fresh deployment) has one, never an address a visitor makes up.
 */
export type PlanResult<K extends PlanKeys> = Readonly<{
  keys: K
  deferred?: readonly (keyof K & string)[]
  optional?: readonly (keyof K & string)[]
}>

/**
 * A route's data plan: the gateway keys its page reads, by name, built from its typed route. The edge loads them
 * (critical ones before the first byte, deferred ones streamed); the page reads the same names through
 * `useRouteData(plan)`, so each key is written once (docs/architecture.md#rule-9).
 */
export type DataPlan<Id extends RouteId, K extends PlanKeys = PlanKeys> = Readonly<{
  id: Id
  build: (route: PlanRoute<Id>) => PlanResult<K>
}>

/**
 * A route's data plan (kept in `shared/plans/{area}.ts`, one module per area, so a page loads only its area's plans).
 */
export function definePlan<Id extends RouteId, const K extends PlanKeys>(
  id: Id,
  build: (route: PlanRoute<Id>) => PlanResult<K>,
): DataPlan<Id, K> {
  return { id, build }
}
