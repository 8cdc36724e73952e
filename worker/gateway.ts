/** Per-request gateway clients for loaders: the shared client over the pinned upstream. */
import type { Context } from 'hono'
import { createGatewayClient, type GatewayClient } from '../shared/gateway-client'
import { createUpstreamFetch } from './upstream'
import type { AppEnv } from './types'

/** The portal's own origin never leaves the worker: the upstream fetch maps `/gateway/*` to the pinned upstream. */
const INTERNAL_ORIGIN = 'http://portal.internal'

export function gatewayFor(c: Context<AppEnv>, opts: { withToken: boolean }): GatewayClient {
  return createGatewayClient({
    fetch: createUpstreamFetch(c.env, c.get('config')),
    origin: INTERNAL_ORIGIN,
    locale: c.get('locale'),
    token: opts.withToken ? c.get('token') : null,
  })
}
