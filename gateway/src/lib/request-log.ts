/**
 * One structured JSON line per request for operators (docs/operations.md#logs): request id, method, the matched
 * route pattern and the path, status and time. Never the query or a body: reset tokens, OneID codes and e-mail
 * addresses travel there.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'

const MAX_PATH = 256

export function logRequests(): MiddlewareHandler<AppEnv> {
  return async function logRequestsMiddleware(c, next) {
    const started = Date.now()
    await next()
    const status = c.res.status
    console.log(
      JSON.stringify({
        level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
        msg: 'request',
        requestId: c.get('requestId'),
        method: c.req.method,
        route: c.req.routePath,
        path: c.req.path.slice(0, MAX_PATH),
        status,
        ms: Date.now() - started,
      }),
    )
  }
}
