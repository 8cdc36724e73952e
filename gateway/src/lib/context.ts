/** Hono environment of the core routes: bindings plus the request id and the signed-in user. */
import type { Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Operator } from './operators'

/** The two account roles of docs/gateway-contract.md. */
export type Role = 'investor' | 'businessmen'

/** The user behind a valid bearer token (set by `requireUser`). */
export type AuthUser = { id: number; email: string; role: Role; isResident: boolean; tokenId: number }

/** Bindings and per-request variables of every core route (`operator`: the operator calls' signed-in operator). */
export type AppEnv = { Bindings: Env; Variables: RequestIdVariables & { user: AuthUser; operator: Operator } }

/**
 * What work a request leaves for after its response (a push, a realtime publish) needs of that request: its bindings,
 * its `waitUntil` and its id for the log. Routes hand it down as an argument; an async context holding the request
 * would keep every request the isolate served (docs/decisions/0017-request-context.md).
 */
export type RequestScope = { env: Env; executionCtx: Context<AppEnv>['executionCtx']; requestId: string }

/** The scope of the request `c` is serving. */
export function requestScope(c: Context<AppEnv>): RequestScope {
  return { env: c.env, executionCtx: c.executionCtx, requestId: c.get('requestId') }
}
