/**
 * Shared steps of the worker tests: requests to the portal in workerd, sign-in through its gateway proxy, HTML probes.
 */

import { env, exports } from 'cloudflare:workers'
import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { expect } from 'vitest'
import type { Locale } from '../../contract/locales'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import { LOCALE_COOKIE, TOKEN_COOKIE } from '../../shared/constants'
import { siteKeys } from '../../shared/keys/site-keys'
import { keysOfRoute, type PlannedKeys } from '../../shared/plans'
import { href, splitLocale } from '../../shared/routing/match'
import { payloadPathOf } from '../../shared/routing/payload-path'
import { resolveRoute } from '../../shared/routing/resolve'
import { negotiateLocale } from '../../worker/http/locale'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import type { AppEnv } from '../../worker/types'

export const ORIGIN = 'http://portal.test'

/** A crawler's user agent: the edge sends it the complete document (docs/decisions/0007-head-start.md). */
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** An hour, the payload cache's freshness (`PAYLOAD_CACHE_MS`), in the units the tests age entries by. */
export const HOUR = 60 * 60 * 1000

/** The interface text of two languages, to check what a page says (`MESSAGES.ru.errors.goHome`). */
export const MESSAGES = { en, ru } as const

/** True when `location` is a path of this origin: one leading `/`, never `//host` or `/\host`, resolving here. */
export function isSameOriginPath(location: string): boolean {
  return (
    location.startsWith('/') &&
    !location.startsWith('//') &&
    !location.startsWith('/\\') &&
    new URL(location, ORIGIN).origin === ORIGIN
  )
}

/** Requests a path (or absolute URL) from the portal worker; redirects are never followed. */
export function fetchPortal(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(pathOrUrl, ORIGIN), { redirect: 'manual', ...init }))
}

/** Fetches a page and returns its status, headers and whole body. */
export async function getPage(pathOrUrl: string, headers: Record<string, string> = {}) {
  const res = await fetchPortal(pathOrUrl, { headers })
  return { res, status: res.status, html: await res.text() }
}

/** The same path and query without its locale prefix, derived from an `href()` result. */
export function unprefixed(url: string): string {
  const u = new URL(url, ORIGIN)
  return splitLocale(u.pathname).rest + u.search
}

/** The payload endpoint of a page built by `href()`. */
export function payloadUrlOf(url: string): string {
  return payloadPathOf(new URL(url, ORIGIN))
}

/** A session every guard lets through, for reading a protected page's plan. */
const ANY_GUARD = { hasToken: true, profile: { is_resident: true } } as const

/**
 * The gateway keys of a page's data plan for a URL (critical and deferred), resolved as the edge resolves it; null when
 * no page answers.
 */
export function findPlan(url: string): PlannedKeys | null {
  const u = new URL(url, ORIGIN)
  const { route } = resolveRoute({
    rest: splitLocale(u.pathname).rest,
    path: u.pathname,
    search: u.search,
    session: ANY_GUARD,
  })
  return route.id === null ? null : keysOfRoute(route)
}

/** `findPlan` of a URL that must be a page. */
export function planOf(url: string): PlannedKeys {
  const plan = findPlan(url)
  if (!plan) throw new Error(`no page for ${url}`)
  return plan
}

/**
 * Writes a payload into the edge's KV cache as if it had been fetched `ageMs` before `now` (its hour counts from then),
 * under the key the edge reads for `locale` and the gateway `key`.
 */
export async function putPayload(
  locale: Locale,
  key: string,
  content: unknown,
  ageMs: number,
  now = Date.now(),
): Promise<void> {
  const envelope = { result: { code: 'ok', description: '' }, content }
  await env.PAYLOADS.put(payloadCacheKey(locale, key), JSON.stringify({ envelope, fetchedAt: now - ageMs }))
}

/** The agency's contacts as a fresh KV entry: every page with a footer reads them beside its own keys. */
const SITE_SETTINGS = Object.freeze({
  phone: '+998 71 202-10-00',
  email: 'info@agency.example',
  address: 'Tashkent',
  map_url: null,
  socials: [],
})

/** Puts the site's contacts into KV, fresh, so a page's cache outcome is its own keys'. */
export function putSiteSettings(locale: Locale, now = Date.now()): Promise<void> {
  return putPayload(locale, siteKeys.settings(), SITE_SETTINGS, 0, now)
}

/** The Set-Cookie line for one cookie name, or undefined. */
export function setCookieFor(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))
}

export const localeCookie = (locale: string) => `${LOCALE_COOKIE}=${locale}`
/**
 * The session cookies a browser holds after signing in: `token` and its host-bound companion with the token's SHA-256
 * (docs/security.md#cookies; `__Host-` on this non-loopback test origin).
 */
export const tokenCookie = (token: string) =>
  `${TOKEN_COOKIE}=${token}; ${SESSION_BINDING_COOKIE}=${createHash('sha256').update(token).digest('base64url')}`
/** The session's host-bound companion cookie on this (non-loopback) test origin. */
const SESSION_BINDING_COOKIE = '__Host-token_bind'

/** Decodes the few entities React writes in attribute values and text. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e]!,
  )
}

export type ScriptTag = { attrs: Record<string, string>; body: string; raw: string }

/** Every `<script>` element of a document with its attributes (entity-decoded) and raw body. */
export function readScripts(html: string): ScriptTag[] {
  const out: ScriptTag[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs: Record<string, string> = {}
    for (const a of m[1]!.matchAll(/([\w:-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '')
    }
    out.push({ attrs, body: m[2]!, raw: m[0] })
  }
  return out
}

/** The `data-payload` blocks of a document, keyed by gateway key, parsed. */
export function readPayloadBlocks(html: string): Map<string, { raw: string; value: unknown }> {
  const blocks = new Map<string, { raw: string; value: unknown }>()
  for (const s of readScripts(html)) {
    if (s.attrs['data-payload'] === undefined) continue
    expect(s.attrs.type).toBe('application/json')
    blocks.set(s.attrs['data-payload'], { raw: s.body, value: JSON.parse(s.body) })
  }
  return blocks
}

/** The state the edge embedded for hydration. */
export function readState(html: string): {
  payloads: Record<string, unknown>
  session: { hasToken: boolean; profile: unknown }
  locale: Locale
} {
  const state = readScripts(html).find((s) => s.attrs.id === '__STATE__')
  if (!state) throw new Error('no __STATE__ script in the document')
  return JSON.parse(state.body)
}

/** `<link>` tags of a document as attribute records. */
export function readLinks(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b([^>]*)\/?>/gi)].map((m) => {
    const attrs: Record<string, string> = {}
    for (const a of m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1]!.toLowerCase()] = decodeEntities(a[2]!)
    return attrs
  })
}

/** The demo non-resident investor of `gateway/seed/accounts.json` (the gateway seeds it with this password). */
export const DEMO_NON_RESIDENT = Object.freeze({
  email: 'investor@demo.invest.example',
  password: 'Investor#2026',
  role: 'investor',
})

/** Headers a same-origin page sends on a write through the gateway proxy. */
export const SAME_ORIGIN_JSON = { origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json' }

/** The token the proxy put in the HttpOnly cookie after a sign-in exchange. */
function readTokenCookie(res: Response): string {
  const line = setCookieFor(res, TOKEN_COOKIE)
  const token = line?.slice(TOKEN_COOKIE.length + 1).split(';')[0]
  if (!token) throw new Error(`no token cookie from the sign-in (status ${res.status})`)
  return token
}

/** Signs the seeded non-resident investor in with email and password through `/gateway/core/auth/login`. */
export async function signInNonResident(): Promise<string> {
  const { email, password, role } = DEMO_NON_RESIDENT
  const res = await fetchPortal('/gateway/core/auth/login', {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: JSON.stringify({ email, password, hash: '', role }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return readTokenCookie(res)
}

/** The SSO nonce cookie of a sign-in the portal started (`__Host-` on this non-loopback test origin). */
export const SSO_NONCE_COOKIE = '__Host-sso_state'

/**
 * Starts a OneID sign-in as a browser would: `/auth/one-id` (which sets the nonce cookie) → the reference gateway's
 * stand-in page → the first identity's link. Answers the `/sso?code&state&role` path and the nonce cookie to send.
 */
export async function pickOneIdIdentity(
  opts: { role?: 'investor' | 'businessmen'; state?: string } = {},
): Promise<{ sso: string; cookie: string }> {
  const authorize = await fetchPortal(
    href('one-id', { locale: 'en', query: { role: opts.role ?? 'investor', state: opts.state } }),
  )
  expect(authorize.status).toBe(302)
  const nonce = setCookieFor(authorize, SSO_NONCE_COOKIE)?.split(';')[0]
  if (!nonce) throw new Error('/auth/one-id set no nonce cookie')
  const standIn = new URL(authorize.headers.get('location')!, ORIGIN)
  const page = await (await fetchPortal(standIn.pathname + standIn.search)).text()
  const pick = /<a href="([^"]+)"/.exec(page)?.[1]
  if (!pick) throw new Error('the OneID stand-in lists no resident identity')
  const picked = await fetchPortal(decodeEntities(pick))
  expect(picked.status).toBe(303)
  return { sso: picked.headers.get('location')!, cookie: nonce }
}

/** Signs a seeded resident investor in through the whole OneID flow, as a browser would, and returns the token. */
export async function signInResident(): Promise<string> {
  const { sso, cookie } = await pickOneIdIdentity()
  const exchange = await fetchPortal(sso, { headers: { cookie } })
  expect(exchange.status, await exchange.clone().text()).toBe(302)
  return readTokenCookie(exchange)
}

/** The language a bare `/` is drawn in for these request headers, with `fallback` as the configured default. */
export async function localeOfRoot(headers: Record<string, string>, fallback: Locale = 'en'): Promise<string> {
  const app = new Hono<AppEnv>()
  app.use('*', negotiateLocale({ defaultLocale: () => fallback }))
  app.get('/', (c) => c.text(c.get('locale')))
  return (await app.request('/', { headers })).text()
}
