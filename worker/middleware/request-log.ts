/**
 * One structured JSON line per request for operators (docs/operations.md#logs): request id, method, route id,
 * status, cache outcome, upstream time and total time. Only the path is logged, never the query, a header or a
 * body: reset tokens, SSO codes, e-mail addresses and cookies travel there.
 */
import type { MiddlewareHandler } from 'hono'
import { summariseOutcomes } from '../payloads'
import type { AppEnv } from '../types'

type RequestLogLine = Readonly<{
  level: 'info' | 'warn' | 'error'
  msg: 'request'
  requestId: string
  method: string
  path: string
  route: string | null
  status: number
  cache: string
  upstreamMs: number
  ms: number
}>

/** Paths longer than this are cut, so one request cannot flood the log. */
const MAX_PATH = 256

export function logRequests(): MiddlewareHandler<AppEnv> {
  return async function logRequestsMiddleware(c, next) {
    const started = Date.now()
    await next()
    const status = c.res.status
    const line: RequestLogLine = {
      level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId: c.get('requestId'),
      method: c.req.method,
      path: new URL(c.req.url).pathname.slice(0, MAX_PATH),
      route: c.get('routeId') ?? null,
      status,
      cache: summariseOutcomes(c.get('cacheOutcomes')),
      upstreamMs: c.get('timings').reduce((sum, [name, ms]) => (name === 'upstream' ? sum + ms : sum), 0),
      ms: Date.now() - started,
    }
    const write = () => console.log(JSON.stringify(line))
    // Written once the response has left (docs/operations.md#logs): the line costs the runtime a write the reply need
    // not wait for. Without an execution context (a unit test calling the app bare) it is written at once.
    let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined
    try {
      ctx = c.executionCtx
    } catch {
      ctx = undefined
    }
    if (ctx) ctx.waitUntil(new Promise<void>((resolve) => setTimeout(resolve, 0)).then(write))
    else write()
  }
}
