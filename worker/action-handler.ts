/** POST to a page: same-origin check, body limit, validation and guards as for GET, then the route's action. */
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { checkGuards } from '../shared/guards'
import { matchRoute, readSearch, validateQuery } from '../shared/match'
import type { RouteId } from '../shared/routes'
import type { ActionResponse, FormState } from '../shared/state'
import { ACTIONS } from './actions/index'
import type { ActionResult } from './actions/types'
import { gatewayFor } from './gateway'
import { resolvePage } from './page'
import { renderPage } from './render'
import { resolveSession } from './session'
import type { AppEnv } from './types'

const MB = 1024 * 1024

/** A form post must come from our own pages: the browser's Origin (or Sec-Fetch-Site) says so. */
function isSameOriginPost(c: Context): boolean {
  const origin = c.req.header('origin')
  if (origin) return origin === new URL(c.req.url).origin
  return c.req.header('sec-fetch-site') === 'same-origin'
}

function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json')
}

export async function handleAction(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url)
  const match = matchRoute(c.get('rest'))
  const action = match ? ACTIONS[match.route.id as RouteId] : undefined
  if (!match || !action) return c.json({ result: { code: 'method_not_allowed', description: 'method_not_allowed' }, content: null }, 405)
  if (!isSameOriginPost(c)) return c.json({ result: { code: 'csrf_forbidden', description: 'csrf_forbidden' }, content: null }, 403)
  const query = readSearch(url.searchParams)
  const session = await resolveSession(c)
  if (!session.ok || !validateQuery(match.route, query) || checkGuards(match.route.meta, session.session)) {
    // The page itself answers with the right status and screen.
    return c.redirect(url.pathname + url.search, 303)
  }

  let result: ActionResult | undefined
  const limited = bodyLimit({
    maxSize: action.maxBytes ?? MB,
    onError: (ctx) => ctx.json({ result: { code: 'payload_too_large', description: 'payload_too_large' }, content: null }, 413),
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
    result = await action.run({ c, params: match.params, query, fields, files, gateway: gatewayFor(c, { withToken: true }) })
  })
  if (!result) return limitedResponse ?? c.json({ result: { code: 'bad_request', description: 'bad_request' }, content: null }, 400)

  if ('redirect' in result) {
    if (wantsJson(c)) return c.json({ redirect: result.redirect, notice: result.notice } satisfies ActionResponse)
    return c.redirect(result.notice ? withNotice(result.redirect, result.notice) : result.redirect, 303)
  }
  const status = result.status ?? 422
  if (wantsJson(c)) return c.json({ form: result.form } satisfies ActionResponse, status)
  return renderWithForm(c, result.form, status)
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
