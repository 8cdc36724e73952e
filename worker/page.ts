/** The page pipeline (ARCHITECTURE.md "One request"): match → validate → session → guards → checks → loader. */
import type { Context } from 'hono'
import { checkGuards } from '../shared/guards'
import { notFound, pageError, type PageError } from '../shared/errors'
import { href, matchRoute, readSearch, validateQuery } from '../shared/match'
import type { RouteId } from '../shared/routes'
import type { PayloadEntry, RouteState, SessionState } from '../shared/state'
import { gatewayFor } from './gateway'
import { loadEntries, loadEntry } from './payloads'
import { DATA_PLANS } from '../shared/data-plans'
import { ROUTE_RULES } from './route-rules'
import { readSession } from './session'
import type { AppEnv } from './types'

export type ResolvedPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page'
      status: number
      route: RouteState
      session: SessionState
      error: PageError | null
      payloads: Record<string, PayloadEntry>
      deferred: Map<string, Promise<PayloadEntry>>
    }

/** Decides everything that sets the status before a byte is sent; deferred data keeps loading. */
export async function resolvePage(c: Context<AppEnv>, pathname: string, search: URLSearchParams): Promise<ResolvedPage> {
  const locale = c.get('locale')
  const rest = c.get('rest')
  const query = readSearch(search)
  const searchString = search.size ? `?${search.toString()}` : ''
  const match = matchRoute(rest)
  const route: RouteState = { id: (match?.route.id as RouteId | undefined) ?? null, params: match?.params ?? {}, query, path: pathname, search: searchString }

  c.set('routeId', route.id ?? 'not-found')
  const sessionResult = await readSession(c)
  if (!sessionResult.ok) return { kind: 'redirect', location: href('home', { locale }) }
  const session = sessionResult.session

  const fail = (error: PageError) =>
    ({ kind: 'page', status: error.statusCode, route, session, error, payloads: {}, deferred: new Map() }) as const

  if (!match) return fail(notFound(pathname))
  const def = match.route
  if (!validateQuery(def, query)) return fail(pageError(def.reject?.status ?? 404, def.reject?.code ?? 'page_not_found', { path: pathname }))

  const guard = checkGuards(def.meta, session)
  if (guard) return fail(guard)

  if (def.checkResetLink && !(await isResetLinkValid(c, query.uuid!))) return fail(pageError(403, 'invalid_reset_link'))

  const rule = ROUTE_RULES[def.id as RouteId]
  if (rule) {
    const location = await rule({ c, params: match.params, query, session, gateway: gatewayFor(c, { withToken: true }) })
    if (location) return { kind: 'redirect', location }
  }

  const plan = DATA_PLANS[def.id as RouteId]?.({ params: match.params, query }) ?? {}
  const payloads = await loadEntries(c, plan.critical ?? [])
  for (const entry of Object.values(payloads)) {
    if (entry.ok) continue
    if (entry.status === 404) return fail(notFound(pathname))
    return fail({ statusCode: entry.status >= 500 || entry.status === 0 ? 502 : entry.status, code: entry.code, fromGateway: true })
  }
  const deferred = new Map<string, Promise<PayloadEntry>>()
  for (const key of plan.deferred ?? []) deferred.set(key, loadEntry(c, key))
  return { kind: 'page', status: 200, route, session, error: null, payloads, deferred }
}

/** SPEC §5: the reset link is valid only when the gateway answers with truthy content. */
async function isResetLinkValid(c: Context<AppEnv>, uuid: string): Promise<boolean> {
  try {
    const envelope = await gatewayFor(c, { withToken: false }).request<unknown>('POST', '/core/auth/check-reset-link', { query: { uuid } })
    return Boolean(envelope.content)
  } catch {
    return false
  }
}
