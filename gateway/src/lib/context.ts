/** Hono environment of the core routes: bindings plus the request id and the signed-in user. */
import type { RequestIdVariables } from 'hono/request-id'

/** The two account roles of docs/gateway-contract.md. */
export type Role = 'investor' | 'businessmen'

/** The user behind a valid bearer token (set by `requireUser`). */
export type AuthUser = { id: number; email: string; role: Role; isResident: boolean; tokenId: number }

/** Bindings and per-request variables of every core route. */
export type AppEnv = { Bindings: Env; Variables: RequestIdVariables & { user: AuthUser } }
