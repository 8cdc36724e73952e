/**
 * The document memory at the door (docs/decisions/0023-document-memory.md#at-the-door): an anonymous reader's request
 * for a page the isolate remembers is answered before the page pipeline runs, when everything the pipeline would
 * decide from is what it decided from before: the same address (origin, language prefix, path, the route's own
 * query), no session cookie, and the payload memory's same envelopes at the content version known now. Anything else
 * (a bare `/`, a session, a preview link, a notice, a route with a rule, a payload the memory no longer holds) goes on
 * down the pipeline, which renders or recalls as before. The request keeps its id, its log line, its security headers
 * and a nonce of its own.
 */
import type { MiddlewareHandler } from 'hono'
import { splitLocale } from '../../shared/routing/match'
import type { PayloadEntry } from '../../shared/state/state'
import { searchOf } from '../page/page'
import { contentVersion } from '../payloads/content-version'
import { peekPayload } from '../payloads/payloads'
import { hasTokenCookie } from '../session/session'
import type { AppEnv } from '../types'
import { documentMemoryKey, doorOf, recallDocument } from './document-memory'

export function answerRememberedDocuments(): MiddlewareHandler<AppEnv> {
  return async function documentDoor(c, next) {
    const nonce = c.get('secureHeadersNonce')
    if (!nonce || c.get('config').payloadMemoryMs <= 0) return next()
    const url = new URL(c.req.url)
    const { locale, rest } = splitLocale(url.pathname)
    if (!locale || hasTokenCookie(c)) return next()
    const key = documentMemoryKey(url.origin, locale, url.pathname, searchOf(url.searchParams))
    const door = doorOf(key, Date.now())
    if (!door) return next()
    // The version is asked as the pipeline asks it, so its background refreshes go on while the door answers.
    const version = await contentVersion(c)
    const entries = new Map<string, PayloadEntry>()
    for (const payloadKey of door.keys) {
      const entry = peekPayload(locale, payloadKey, version)
      if (!entry) return next()
      entries.set(payloadKey, entry)
    }
    const bytes = recallDocument(key, entries, nonce, Date.now())
    if (!bytes) return next()
    c.set('locale', locale)
    c.set('rest', rest)
    c.set('routeId', door.routeId)
    for (let i = 0; i < entries.size; i++) c.get('cacheOutcomes').push('hit')
    c.get('timings').push(['document', 0])
    // As `setDocumentHeaders` sets them for a complete document (the reset page, which sets more, is never remembered).
    c.header('content-type', 'text/html; charset=utf-8')
    c.header('cache-control', 'no-store')
    return c.body(bytes, 200)
  }
}
