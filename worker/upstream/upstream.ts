/** The pinned upstream: the GATEWAY service binding, or GATEWAY_ORIGIN when set. No request input chooses the host. */
import type { AppConfig } from '../env'

/** Maps a path below the gateway root (`/core/profile?x=1`) to the upstream URL. */
export function upstreamUrl(config: AppConfig, pathAndQuery: string): string {
  // Path-only input: a leading `//` or `\` would otherwise read as a host; normalise to one slash.
  const safe = `/${pathAndQuery.replace(/^[\\/]+/, '')}`
  return (config.gatewayOrigin ?? 'http://gateway.internal') + safe
}

/** A fetch that sends `/gateway/...` URLs to the upstream; used by loaders and the proxy alike. */
export function createUpstreamFetch(env: Env, config: AppConfig): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const below = url.pathname.replace(/^\/gateway(?=\/|$)/, '') + url.search
    const target = upstreamUrl(config, below)
    const request = new Request(target, { ...init, redirect: 'manual' })
    return config.gatewayOrigin ? fetch(request) : env.GATEWAY.fetch(request)
  }
}
