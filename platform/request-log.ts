/**
 * One structured JSON line per request for operators (docs/operations.md#logs): request id, method, path, status and
 * time, plus what the worker adds. Only the path is logged, never the query, a header or a body: reset tokens, SSO
 * codes, e-mail addresses, search words and cookies travel there.
 */

import type { Context, Env, MiddlewareHandler } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'

/** Paths longer than this are cut, so one request cannot flood the log. */
const MAX_PATH = 256

type LogRequestsOptions<E extends Env> = Readonly<{
  /** The worker's own fields of the line (a route id, a cache outcome, an operator), read once the answer is ready. */
  fields?: (c: Context<E>) => Record<string, unknown>
  /**
   * Write the line in the request's `waitUntil`, after the response has left, rather than before it: for a worker whose
   * every millisecond of a reply counts (the portal's pages, docs/operations.md#logs).
   */
  afterResponse?: boolean
}>

/** Logs each request once the response has left; needs `requestId()` before it. */
export function logRequests<E extends Env = Env>(options: LogRequestsOptions<E> = {}): MiddlewareHandler<E> {
  return async function logRequestsMiddleware(c, next) {
    const started = Date.now()
    await next()
    const status = c.res.status
    const line = {
      level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId: requestIdOf(c),
      method: c.req.method,
      path: new URL(c.req.url).pathname.slice(0, MAX_PATH),
      status,
      ...options.fields?.(c),
      ms: Date.now() - started,
    }
    const write = () => console.log(JSON.stringify(line))
    // Without an execution context (a test calling the app bare) it is written at once.
    const ctx = options.afterResponse ? executionContextOf(c) : undefined
    if (ctx) ctx.waitUntil(new Promise<void>((resolve) => setTimeout(resolve, 0)).then(write))
    else write()
  }
}

function executionContextOf(c: Context): { waitUntil(promise: Promise<unknown>): void } | undefined {
  try {
    return c.executionCtx
  } catch {
    return undefined
  }
}

/** The id `requestId()` gave the request (each worker installs it first). */
function requestIdOf(c: Context): string {
  return (c as unknown as Context<{ Variables: RequestIdVariables }>).get('requestId')
}
