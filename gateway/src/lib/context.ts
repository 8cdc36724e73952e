/** Hono environment of the gateway's routes: bindings plus the request id, the signed-in user or operator. */
import type { Context, ExecutionContext } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { OperatorRole } from '../../../contract/operators/values'
import type { ServiceIntegration } from '../integrations/registries'
import type { Preview } from './db'

/** The two account roles of docs/gateway-contract.md. */
export type Role = 'investor' | 'businessmen'

/** The user behind a valid bearer token (set by `requireUser`). */
export type AuthUser = { id: number; email: string; role: Role; isResident: boolean; tokenId: number }

/** An operator as the operator calls answer it (set by `requireOperator` for the operator calls). */
export type Operator = { id: number; email: string; name: string; role: OperatorRole; created_at: string }

/**
 * What the development build lends the areas (`dev/`, docs/gateway-contract.md#reference-gateway): the OneID stand-in,
 * answered in-process, and the demo records behind personal services. Absent from a production build, where every
 * request goes without.
 */
export type DevSeams = {
  oneIdStandIn: (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>
  serviceDemos: Readonly<Record<string, ServiceIntegration>>
}

/**
 * Bindings and per-request variables of every route: the signed-in user or operator, what the development build lends
 * (`dev`), and the unpublished item a valid preview token shows to the content calls (`preview`,
 * docs/gateway-contract.md#preview).
 */
export type AppEnv = {
  Bindings: Env
  Variables: RequestIdVariables & { user: AuthUser; operator: Operator; dev?: DevSeams; preview?: Preview }
}

/**
 * What work a request leaves for after its response (a push, a realtime publish) needs of that request: its bindings,
 * its `waitUntil` and its id for the log. Routes hand it down as an argument; an async context holding the request
 * would keep every request the isolate served (docs/decisions/0017-request-context.md).
 */
export type RequestScope = { env: Env; executionCtx: ExecutionContext; requestId: string }

/** The scope of the request `c` is serving. */
export function requestScope(c: Context<AppEnv>): RequestScope {
  return { env: c.env, executionCtx: c.executionCtx, requestId: c.get('requestId') }
}
