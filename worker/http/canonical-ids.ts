/**
 * One address per record (docs/security.md#cache-keys): a page, payload or share-card address whose ids are written
 * with leading zeros (`/en/post/01`) is answered with a 301 to its canonical address before anything is read for it:
 * no session, cache, memory or upstream call.
 */
import type { MiddlewareHandler } from 'hono'
import { canonicalIdAddress } from '../../shared/routing/match'
import { pagePathOfPayload, payloadPathOf } from '../../shared/routing/payload-path'

/** The canonical address of a page or its payload endpoint (path and query), or null when it already is one. */
function canonicalPageUrl(url: URL): string | null {
  const payloadOf = pagePathOfPayload(url.pathname)
  const target = canonicalIdAddress(payloadOf ?? url.pathname, url.search)
  if (target === null) return null
  if (payloadOf === null) return target
  const [pathname, query = ''] = target.split('?') as [string, string?]
  return payloadPathOf({ pathname, search: query ? `?${query}` : '' })
}

/** Redirects a GET whose ids are not canonical (301); every other request goes on. */
export function redirectToCanonicalIds(): MiddlewareHandler {
  return async function redirectToCanonicalIdsMiddleware(c, next) {
    const location = canonicalPageUrl(new URL(c.req.url))
    if (location !== null) return c.redirect(location, 301)
    await next()
  }
}
