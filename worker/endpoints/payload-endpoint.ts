/**
 * `/{locale}/{path}/_payload.json` (docs/architecture.md#navigation): the same resolution as the page, answered as
 * JSON for client navigation, with every deferred key awaited.
 */
import type { Context } from 'hono'
import { pagePathOfPayload } from '../../shared/routing/payload-path'
import type { PagePayload } from '../../shared/state/state'
import { resolvePage } from '../page/page'
import type { AppEnv } from '../types'

export async function servePayload(c: Context<AppEnv>, pagePath: string): Promise<Response> {
  c.set('rest', pagePathOfPayload(c.get('rest')) ?? '/')
  const resolved = await resolvePage(c, pagePath, new URL(c.req.url).searchParams)
  c.header('cache-control', 'no-store')
  if (resolved.kind === 'redirect')
    return c.json({ redirect: resolved.location, route: null, error: null, payloads: {} })
  const deferred = Object.fromEntries(
    await Promise.all([...resolved.deferred].map(async ([k, p]) => [k, await p] as const)),
  )
  const body: PagePayload = {
    route: resolved.route,
    error: resolved.error,
    payloads: { ...resolved.payloads, ...deferred },
  }
  return c.json(body, resolved.status as 200)
}
