/** One matcher and one `href()` for the route table, used by the worker, the client and the tests. */
import { isLocale, type Locale } from '../../contract/locales'
import {
  type FieldRule,
  type HrefParams,
  ID_RULE,
  type Params,
  type ParamsOf,
  type QueryOf,
  ROUTE_BY_ID,
  ROUTES,
  type RouteDef,
  type RouteId,
  type RouteOf,
  type Search,
  type Shape,
  type ValueRule,
} from './routes'

type Segment = { kind: 'static'; value: string } | { kind: 'param' | 'optional' | 'splat'; name: string }

function compile(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((s): Segment => {
      if (!s.startsWith(':')) return { kind: 'static', value: s }
      if (s.endsWith('?')) return { kind: 'optional', name: s.slice(1, -1) }
      if (s.endsWith('+')) return { kind: 'splat', name: s.slice(1, -1) }
      return { kind: 'param', name: s.slice(1) }
    })
}

const COMPILED = ROUTES.map((route) => {
  const segments = compile(route.pattern)
  return { route, segments, catchAll: segments.some((s) => s.kind === 'splat') }
})
const SEGMENTS_BY_ID = new Map<string, Segment[]>(COMPILED.map(({ route, segments }) => [route.id, segments]))

function matchSegments(segments: Segment[], parts: string[]): Params | null {
  const params: Params = {}
  let i = 0
  for (const seg of segments) {
    const part = parts[i]
    if (seg.kind === 'splat') {
      if (i >= parts.length) return null
      params[seg.name] = parts.slice(i).join('/')
      return params
    }
    if (part === undefined) {
      if (seg.kind === 'optional') continue
      return null
    }
    if (seg.kind === 'static') {
      if (seg.value !== part) return null
    } else params[seg.name] = part
    i++
  }
  return i === parts.length ? params : null
}

export type LocatedPath = { locale: Locale | null; rest: string }

/** Splits `/ru/post/1` into the locale prefix (if any) and the path below it (`/post/1`). */
export function splitLocale(pathname: string): LocatedPath {
  const m = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)
  if (m && isLocale(m[1])) return { locale: m[1], rest: pathname.slice(3) || '/' }
  return { locale: null, rest: pathname }
}

const isList = (rule: FieldRule): rule is readonly string[] => Array.isArray(rule)

/**
 * `values` read through `shape`: each value it names must match its rule (or be missing where the rule is optional);
 * `{ number }` values come out as numbers. Keys the shape does not name are left out. Null when a rule fails.
 */
function parseShape(
  shape: Shape,
  values: Readonly<Record<string, string | undefined>>,
): Record<string, string | number> | null {
  const out: Record<string, string | number> = {}
  for (const key of Object.keys(shape)) {
    const field = shape[key]!
    const optional = !(field instanceof RegExp) && !isList(field) && 'optional' in field
    const rule: ValueRule = optional ? field.optional : field
    const value = values[key]
    if (value === undefined) {
      if (optional) continue
      return null
    }
    if (rule instanceof RegExp) {
      if (!rule.test(value)) return null
      out[key] = value
    } else if (isList(rule)) {
      if (!rule.includes(value)) return null
      out[key] = value
    } else {
      if (!rule.number.test(value)) return null
      out[key] = Number(value)
    }
  }
  return out
}

/** A matched route: its id, its table entry and its typed params; a union discriminated by `id`. */
export type RouteMatch<Id extends RouteId = RouteId> = {
  [K in Id]: Readonly<{ id: K; route: RouteOf<K>; params: ParamsOf<K> }>
}[Id]

/**
 * Finds the route for a path below the locale prefix. A route whose params fail their rules does not match, so
 * `/guide/explore/energy` is the sector page while `/guide/explore/7` is an explore item; but a path that a typed
 * route's pattern took and refused never falls through to the content catch-all: `/post/abc` is a 404 at once
 * (docs/product.md#validation), not a content page the upstream is asked for.
 */
export function matchRoute(rest: string): RouteMatch | null {
  let parts: string[]
  try {
    parts = rest
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p))
  } catch {
    return null
  }
  // An encoded `/` or `\` is no separator: `/profile%2Fcompany` must not reach the catch-all as `profile/company`.
  if (parts.some((p) => p.includes('/') || p.includes('\\'))) return null
  let refused = false
  for (const { route, segments, catchAll } of COMPILED) {
    const raw = matchSegments(segments, parts)
    if (!raw) continue
    if (refused && catchAll) return null
    const params = 'params' in route ? parseShape(route.params, raw) : raw
    if (!params) {
      refused = true
      continue
    }
    // Params are strings: the table's path rules are patterns and picklists, which `ParamsOf` reads the same way.
    return { id: route.id, route, params: { ...raw, ...params } } as RouteMatch
  }
  return null
}

/** A route's query read through its rules, typed; null when a value breaks them (the route's rejection answers). */
export function parseQuery<Id extends RouteId>(id: Id, search: Search): QueryOf<Id> | null {
  const shape = ROUTE_BY_ID[id].query
  // `parseShape` keeps exactly the keys `QueryOf` names, with the types it gives them.
  return (shape ? parseShape(shape, search) : {}) as QueryOf<Id> | null
}

/** Whether `values` pass `shape`: each value it names matches its rule, or is missing where the rule is optional. */
export function satisfies(shape: Shape, values: Readonly<Record<string, string | undefined>>): boolean {
  return parseShape(shape, values) !== null
}

/** Whether the query passes the route's rules (docs/product.md#validation). */
export function validateQuery(route: RouteDef, query: Search): boolean {
  return !route.query || satisfies(route.query, query)
}

/** Reads a URLSearchParams into a plain record (first value wins), ignoring keys that could pollute prototypes. */
export function readSearch(search: URLSearchParams): Search {
  const out: Search = Object.create(null)
  for (const [k, value] of search)
    if (!(k in out) && k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = value
  return out
}

export type HrefQuery = Readonly<Record<string, string | number | undefined>>

/** `href()`'s options: `params` required when the route's pattern has a required name (per route of a union of ids). */
export type HrefOptions<Id extends RouteId> = Id extends RouteId
  ? // biome-ignore lint/complexity/noBannedTypes: `{} extends P` asks whether every param of P is optional.
    { locale: Locale; query?: HrefQuery } & ({} extends HrefParams<Id>
      ? { params?: HrefParams<Id> }
      : { params: HrefParams<Id> })
  : never

/**
 * The only way to build a portal URL: fills the pattern, encodes params, throws on a missing required param or a dot
 * segment.
 */
export function href<Id extends RouteId>(id: Id, opts: HrefOptions<Id>): string {
  return fill(id, opts.locale, opts.params, opts.query)
}

/**
 * A route and the params to fill in, chosen at run time (a match, a pagination's list, the site map's entries): the
 * types cannot tell which params the route needs, so a missing one throws, as in `href()`.
 */
export type RouteTarget = Readonly<{ id: RouteId; params?: Readonly<Params> }>

/** `href()` for a target chosen at run time, e.g. a matched path shown again in another language. */
export function hrefTo(target: RouteTarget, opts: { locale: Locale; query?: HrefQuery }): string {
  return fill(target.id, opts.locale, target.params, opts.query)
}

function fill(id: string, locale: Locale, params: Readonly<Params> | undefined, query: HrefQuery | undefined): string {
  const segments = SEGMENTS_BY_ID.get(id)
  if (!segments) throw new Error(`Unknown route: ${id}`)
  const parts: string[] = []
  for (const seg of segments) {
    if (seg.kind === 'static') parts.push(seg.value)
    else {
      const value = params?.[seg.name]
      if (value === undefined || value === '') {
        if (seg.kind === 'optional') continue
        throw new Error(`href(${id}): missing param "${seg.name}"`)
      }
      const values = seg.kind === 'splat' ? value.split('/') : [value]
      // `.` and `..` stay dot segments however they are encoded, so the URL parser would drop or climb them.
      if (values.some((part) => part === '.' || part === '..'))
        throw new Error(`href(${id}): param "${seg.name}" is a dot segment`)
      parts.push(values.map(encodeURIComponent).join('/'))
    }
  }
  const path = `/${locale}${parts.length ? `/${parts.join('/')}` : ''}`
  if (!query) return path
  const search = new URLSearchParams()
  for (const [k, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.append(k, String(value))
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}

/** The same page in another language: swaps the locale prefix, keeps path and query. */
export function switchLocalePath(pathname: string, search: string, locale: Locale): string {
  const { rest } = splitLocale(pathname)
  return `/${locale}${rest === '/' ? '' : rest}${search}`
}

/** Whether a param or query rule is the id rule, with or without `optional`. */
const isIdRule = (field: FieldRule): boolean =>
  field === ID_RULE || (!isList(field) && 'optional' in field && field.optional === ID_RULE)

/** An id as its one address writes it: digits without leading zeros. */
const canonicalId = (value: string) => value.replace(/^0+(?=\d)/, '')

/**
 * The address of the same page with every id written canonically (`/en/post/01?x=1` → `/en/post/1?x=1`, and a service's
 * `process` and `step`), or null when the address already is canonical or names no page. The upstream reads `01` as
 * `1`, so without one address per record every zero-padded spelling would be a new cache entry, document in memory and
 * share card (docs/security.md#cache-keys).
 */
export function canonicalIdAddress(pathname: string, search: string): string | null {
  const { locale, rest } = splitLocale(pathname)
  const match = locale ? matchRoute(rest) : null
  if (!locale || !match) return null
  const route: RouteDef = match.route
  const params: Params = { ...match.params }
  let changed = false
  for (const [name, field] of Object.entries(route.params ?? {})) {
    const value = params[name]
    if (value === undefined || !isIdRule(field) || canonicalId(value) === value) continue
    params[name] = canonicalId(value)
    changed = true
  }
  const query = new URLSearchParams(search)
  for (const [name, field] of Object.entries(route.query ?? {})) {
    const value = query.get(name)
    if (value === null || !isIdRule(field) || canonicalId(value) === value) continue
    query.set(name, canonicalId(value))
    changed = true
  }
  if (!changed) return null
  const qs = query.toString()
  return hrefTo({ id: match.id, params }, { locale }) + (qs ? `?${qs}` : '')
}
