/**
 * The page pipeline on the edge (docs/architecture.md#request): the shared resolution (match → query rules → guards),
 * then the edge's own steps: the reset-link check, route rules and the data plan.
 */
import type { Context } from 'hono'
import { keysOfRoute } from '../../shared/plans'
import { notFound, type PageError, pageError } from '../../shared/routing/errors'
import { href } from '../../shared/routing/match'
import { resolveRoute } from '../../shared/routing/resolve'
import type { PayloadEntry, RouteState, SessionState } from '../../shared/state/state'
import { holdWrites, loadEntries, loadEntry } from '../payloads/payloads'
import { readSession } from '../session/session'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'
import { runRouteRule } from './route-rules'

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
export async function resolvePage(
  c: Context<AppEnv>,
  pathname: string,
  search: URLSearchParams,
): Promise<ResolvedPage> {
  const sessionResult = await readSession(c)
  if (!sessionResult.ok) return { kind: 'redirect', location: href('home', { locale: c.get('locale') }) }
  const { session, token } = sessionResult
  const { route, match, error } = resolveRoute({
    rest: c.get('rest'),
    path: pathname,
    search: searchOf(search),
    session,
  })
  c.set('routeId', match?.id ?? 'not-found')

  const fail = (failure: PageError) =>
    ({
      kind: 'page',
      status: failure.statusCode,
      route,
      session,
      error: failure,
      payloads: {},
      deferred: new Map(),
    }) as const
  if (error || route.id === null) return fail(error ?? notFound(pathname))

  if (route.id === 'reset-password' && !(await isResetLinkValid(c, route.query.uuid)))
    return fail(pageError(403, 'invalid_reset_link'))

  const location = await runRouteRule(c, route, session, token)
  if (location) return { kind: 'redirect', location }

  const plan = keysOfRoute(route)
  // Nothing this page loads is cached until its critical keys say it exists (docs/security.md#cache-keys).
  const held = holdWrites(c)
  const payloads = await loadEntries(c, plan.critical, token)
  for (const [key, entry] of Object.entries(payloads)) {
    if (entry.ok) continue
    // A fixed page's own text not published yet: the page draws its empty state (docs/product.md#empty-states).
    if (entry.status === 404 && (plan.optional as readonly string[]).includes(key)) continue
    held.drop()
    if (entry.status === 404) return fail(notFound(pathname))
    return fail({
      statusCode: entry.status >= 500 || entry.status === 0 ? 502 : entry.status,
      code: entry.code,
      fromGateway: true,
    })
  }
  held.commit()
  const deferred = new Map<string, Promise<PayloadEntry>>()
  for (const key of plan.deferred) deferred.set(key, loadEntry(c, key, token))
  return { kind: 'page', status: 200, route, session, error: null, payloads, deferred }
}

/** The query string as the route state keeps it: normalised, `?` only when there is a query. */
export function searchOf(search: URLSearchParams): string {
  return search.size ? `?${search.toString()}` : ''
}

/** The reset link is valid only when the gateway answers with truthy content (docs/product.md#validation). */
async function isResetLinkValid(c: Context<AppEnv>, uuid: string): Promise<boolean> {
  const answer = await gatewayFor(c, { token: null }).request<unknown>('POST', '/core/auth/check-reset-link', {
    query: { uuid },
  })
  return answer.ok && Boolean(answer.envelope.content)
}
