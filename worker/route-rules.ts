/** Route rules (SPEC §4: "then any redirect from route rules is applied"): per-route redirects decided at the edge. */
import type { Context } from 'hono'
import type { GatewayClient } from '../shared/gateway-client'
import type { Params, RouteId, Search } from '../shared/routes'
import type { SessionState } from '../shared/state'
import type { AppEnv } from './types'

export type RouteRuleInput = Readonly<{
  c: Context<AppEnv>
  params: Params
  query: Search
  session: SessionState
  gateway: GatewayClient
}>

/** Answers a redirect location (a same-origin path, or a configured external URL such as the SSO), or null to render. */
export type RouteRule = (input: RouteRuleInput) => Promise<string | null>

export const ROUTE_RULES: Partial<Record<RouteId, RouteRule>> = {}
