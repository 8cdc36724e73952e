/** Per-request gateway clients for loaders: the shared client over the pinned upstream. */
import type { Context } from 'hono'
import { createGatewayClient, type GatewayClient } from '../../shared/gateway/gateway-client'
import type { AppEnv } from '../types'
import { createUpstreamFetch } from './upstream'

/** The portal's own origin never leaves the worker: the upstream fetch maps `/gateway/*` to the pinned upstream. */
const INTERNAL_ORIGIN = 'http://portal.internal'

/**
 * A gateway client for this request, with the session's bearer `token` (or none: public calls, or no session; the
 * caller says which, so no client depends on the session having been read before it). `forClient` sends the visitor's address along (`X-Forwarded-For` from
 * `CF-Connecting-IP`), as form actions must: the gateway's per-client limits (sign-in, forms, reset mails) would
 * otherwise put every visitor in one bucket, and one attacker could lock everyone out (docs/security.md#forms).
 */
export function gatewayFor(c: Context<AppEnv>, opts: { token: string | null; forClient?: boolean }): GatewayClient {
  return createGatewayClient({
    fetch: createUpstreamFetch(c.env, c.get('config')),
    origin: INTERNAL_ORIGIN,
    locale: c.get('locale'),
    token: opts.token,
    headers: opts.forClient ? clientAddressHeaders(c) : undefined,
  })
}

/** The visitor's address as the upstream reads it; Cloudflare sets `CF-Connecting-IP` itself. */
function clientAddressHeaders(c: Context<AppEnv>): Record<string, string> {
  const ip = c.req.header('cf-connecting-ip')?.trim()
  return ip ? { 'x-forwarded-for': ip } : {}
}
