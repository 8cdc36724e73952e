/** One matcher and one `href()` for the route table, used by the worker, the client and the tests. */
import { LOCALES, isLocale, type Locale } from './constants'
import { ROUTES, type Params, type RouteDef, type RouteId, type Search, type Shape } from './routes'

type Segment = { kind: 'static'; value: string } | { kind: 'param' | 'optional' | 'splat'; name: string }

function compile(pattern: string): Segment[] {
  return pattern.split('/').filter(Boolean).map((s): Segment => {
    if (!s.startsWith(':')) return { kind: 'static', value: s }
    if (s.endsWith('?')) return { kind: 'optional', name: s.slice(1, -1) }
    if (s.endsWith('+')) return { kind: 'splat', name: s.slice(1, -1) }
    return { kind: 'param', name: s.slice(1) }
  })
}

const COMPILED = ROUTES.map((route) => {
  const segments = compile(route.pattern)
  return { route: route as RouteDef, segments, catchAll: segments.some((s) => s.kind === 'splat') }
})
const SEGMENTS_BY_ID = new Map(COMPILED.map(({ route, segments }) => [route.id, segments]))

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

export type RouteMatch = { route: RouteDef; params: Params }

/**
 * Finds the route for a path below the locale prefix. A route whose params fail their schema does not match, so
 * `/guide/explore/energy` is the sector page while `/guide/explore/7` is an explore item; but a path that a typed
 * route's pattern took and refused never falls through to the content catch-all: `/post/abc` is a 404 at once
 * (docs/product.md#validation), not a content page the upstream is asked for.
 */
export function matchRoute(rest: string): RouteMatch | null {
  let parts: string[]
  try {
    parts = rest.split('/').filter(Boolean).map((p) => decodeURIComponent(p))
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
    if (route.params && !satisfies(route.params, raw)) {
      refused = true
      continue
    }
    return { route, params: raw }
  }
  return null
}

/** Validates the query against the route's schema; a failure answers the route's rejection (SPEC §5). */
export function validateQuery(route: RouteDef, query: Search): boolean {
  return !route.query || satisfies(route.query, query)
}

/** Whether `values` pass `shape`: each value it names matches its rule, or is missing where the rule is optional. */
export function satisfies(shape: Shape, values: Readonly<Record<string, string | undefined>>): boolean {
  for (const key of Object.keys(shape)) {
    const rule = shape[key]!
    const value = values[key]
    const required = rule instanceof RegExp || Array.isArray(rule) ? rule : null
    const check = required ?? (rule as { optional: RegExp | readonly string[] }).optional
    if (value === undefined) {
      if (required) return false
      continue
    }
    if (check instanceof RegExp ? !check.test(value) : !check.includes(value)) return false
  }
  return true
}

/** Reads a URLSearchParams into a plain record (first value wins), ignoring keys that could pollute prototypes. */
export function readSearch(search: URLSearchParams): Search {
  const out: Search = Object.create(null)
  for (const [k, value] of search) if (!(k in out) && k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = value
  return out
}

/** The only way to build a portal URL: fills the pattern, encodes params, throws on a missing required param or a dot segment. */
export function href(id: RouteId, opts: { locale: Locale; params?: Params; query?: Record<string, string | number | undefined> }): string {
  const segments = SEGMENTS_BY_ID.get(id)
  if (!segments) throw new Error(`Unknown route: ${id}`)
  const parts: string[] = []
  for (const seg of segments) {
    if (seg.kind === 'static') parts.push(seg.value)
    else {
      const value = opts.params?.[seg.name]
      if (value === undefined || value === '') {
        if (seg.kind === 'optional') continue
        throw new Error(`href(${id}): missing param "${seg.name}"`)
      }
      const values = seg.kind === 'splat' ? value.split('/') : [value]
      // `.` and `..` stay dot segments however they are encoded, so the URL parser would drop or climb them.
      if (values.some((part) => part === '.' || part === '..')) throw new Error(`href(${id}): param "${seg.name}" is a dot segment`)
      parts.push(values.map(encodeURIComponent).join('/'))
    }
  }
  const path = `/${opts.locale}${parts.length ? '/' + parts.join('/') : ''}`
  if (!opts.query) return path
  const search = new URLSearchParams()
  for (const [k, value] of Object.entries(opts.query ?? {})) if (value !== undefined && value !== '') search.append(k, String(value))
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}

/** The same page in another language: swaps the locale prefix, keeps path and query. */
export function switchLocalePath(pathname: string, search: string, locale: Locale): string {
  const { rest } = splitLocale(pathname)
  return `/${locale}${rest === '/' ? '' : rest}${search}`
}

export { LOCALES }
