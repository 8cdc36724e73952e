/**
 * POST to a page (docs/product.md#how-forms-submit): the same resolution as a page view (query rules and guards), a
 * body limit, then the route's action.
 */
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { JSON_BODY_LIMIT } from '../../shared/gateway/gateway-paths'
import { resolveRoute } from '../../shared/routing/resolve'
import type { RouteId } from '../../shared/routing/routes'
import type { ActionResponse, FormState, PageRoute } from '../../shared/state/state'
import type { Action, ActionResult } from '../actions/lib/types'
import { errorEnvelope } from '../http/envelope'
import { renderPage } from '../render/render'
import { readSession } from '../session/session'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'
import { ACTIONS } from './action-registry'
import { resolvePage, searchOf } from './page'

function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json')
}

export async function handleAction(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url)
  const session = await readSession(c)
  const { route, match, error } = resolveRoute({
    rest: c.get('rest'),
    path: url.pathname,
    search: searchOf(url.searchParams),
    session: session.ok ? session.session : { hasToken: false, profile: null },
  })
  if (!match || !ACTIONS[match.id]) return errorEnvelope(c, 405, 'method_not_allowed')
  c.set('routeId', match.id)
  // The page itself answers with the right status and screen.
  if (!session.ok || error || route.id === null) return c.redirect(url.pathname + url.search, 303)

  let result: ActionResult | undefined
  const action = actionOf(route)
  const limited = bodyLimit({
    maxSize: action?.maxBytes ?? JSON_BODY_LIMIT,
    onError: (ctx) => errorEnvelope(ctx, 413, 'payload_too_large'),
  })
  const limitedResponse = await limited(c, async () => {
    const body = await c.req.parseBody({ all: false })
    const fields: Record<string, string> = {}
    const files: Record<string, File> = {}
    for (const [k, v] of Object.entries(body)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue
      if (typeof v === 'string') fields[k] = v
      else if (v instanceof File && v.size > 0) files[k] = v
    }
    result = await runAction(c, route, session.token, { fields, files })
  })
  if (!result) return limitedResponse ?? errorEnvelope(c, 400, 'bad_request')

  if ('redirect' in result) {
    if (wantsJson(c)) return c.json({ redirect: result.redirect, notice: result.notice } satisfies ActionResponse)
    return c.redirect(result.notice ? withNotice(result.redirect, result.notice) : result.redirect, 303)
  }
  const status = result.status ?? 422
  if (wantsJson(c)) return c.json({ form: result.form } satisfies ActionResponse, status)
  return renderWithForm(c, result.form, status)
}

function actionOf<Id extends RouteId>(route: PageRoute<Id>): Action<Id> | undefined {
  return ACTIONS[route.id]
}

async function runAction<Id extends RouteId>(
  c: Context<AppEnv>,
  route: PageRoute<Id>,
  token: string | null,
  body: { fields: Record<string, string>; files: Record<string, File> },
): Promise<ActionResult | undefined> {
  const action = actionOf(route)
  // Every action's calls carry the visitor's address: the gateway's per-client limits depend on it.
  return action?.run({
    c,
    params: route.params,
    query: route.query,
    ...body,
    gateway: gatewayFor(c, { token, forClient: true }),
  })
}

/** A no-JS success notice travels in the redirect's query and is shown once as a toast. */
function withNotice(location: string, notice: string): string {
  const target = new URL(location, 'http://x')
  target.searchParams.set('notice', notice)
  return target.pathname + target.search
}

async function renderWithForm(c: Context<AppEnv>, form: FormState, status: number) {
  const url = new URL(c.req.url)
  const resolved = await resolvePage(c, url.pathname, url.searchParams)
  if (resolved.kind === 'redirect') return c.redirect(resolved.location, 303)
  return renderPage(c, { ...resolved, status: resolved.error ? resolved.status : status, form })
}
