/**
 * What a route rule is (docs/product.md#route-rules): a per-route redirect decided at the edge, after the guards. Its
 * own module, so the rules of each area and the table that runs them (`route-rules.ts`) import it, not each other.
 */
import type { Context } from 'hono'
import type { GatewayClient } from '../../shared/gateway/gateway-client'
import type { ParamsOf, QueryOf, RouteId } from '../../shared/routing/routes'
import type { SessionState } from '../../shared/state/state'
import type { AppEnv } from '../types'

type RouteRuleInput<Id extends RouteId> = Readonly<{
  c: Context<AppEnv>
  params: ParamsOf<Id>
  query: QueryOf<Id>
  session: SessionState
  gateway: GatewayClient
}>

/**
 * Answers a redirect location (a same-origin path, or a configured external URL such as the SSO), or null to render.
 */
export type RouteRule<Id extends RouteId> = (input: RouteRuleInput<Id>) => Promise<string | null>
