/**
 * The one `onError` of every worker (docs/architecture.md#rule-7): an expected failure the worker recognises becomes
 * its answer; anything else is logged as one JSON line with the request id and answered without a stack.
 */

import type { Context, Env, ErrorHandler } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'

type HandleErrorsOptions<E extends Env> = Readonly<{
  /** The answer to a failure the worker expects (its own error class, a refusal of Hono's), or null: unexpected. */
  expected?: (err: Error, c: Context<E>) => Response | Promise<Response> | null
  /** The answer to an unexpected failure, after it is logged. */
  unexpected: (c: Context<E>) => Response | Promise<Response>
}>

/** Builds the worker's error handler. */
export function handleErrors<E extends Env = Env>(options: HandleErrorsOptions<E>): ErrorHandler<E> {
  return function onError(err, c) {
    const answer = options.expected?.(err, c)
    if (answer) return answer
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'unhandled',
        requestId: requestIdOf(c),
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        error: err.name,
        message: err.message,
        stack: err.stack,
      }),
    )
    return options.unexpected(c)
  }
}

/** The id `requestId()` gave the request (each worker installs it first). */
function requestIdOf(c: Context): string {
  return (c as unknown as Context<{ Variables: RequestIdVariables }>).get('requestId')
}
