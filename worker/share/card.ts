/**
 * `GET /_app/card/{page path}.png?v=`: a page's share card, drawn with resvg (WebAssembly) and the bundled font, then
 * kept in the edge cache for a year under its versioned URL (docs/decisions/0028-share-cards.md). Only link previews
 * fetch it, never a reader's page. The page is resolved like any page, anonymously, through the payload cache: only a
 * public page has a card, and only its current version (another version is redirected to it).
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm'
import type { Context } from 'hono'
import { keysOfRoute } from '../../shared/plans'
import { canonicalIdAddress, splitLocale } from '../../shared/routing/match'
import { resolveRoute } from '../../shared/routing/resolve'
import type { PageRoute, PayloadEntry } from '../../shared/state/state'
import { loadEntries } from '../payloads/payloads'
import type { AppEnv } from '../types'
import font from './card-font.bin'
import { cardSvg } from './card-svg'
import { readFontMetrics } from './font-metrics'
import { cardTextOf, cardUrl, isSharedRoute } from './share'

/** A year: the URL changes with the card's text, so a cached card never goes stale. */
const CARD_CACHE = 'public, max-age=31536000, immutable'

let ready: Promise<void> | null = null
/** resvg's module, instantiated once per isolate (its `initWasm` refuses a second call). */
function initResvg(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = null
    throw error
  })
  return ready
}

let metrics: ReturnType<typeof readFontMetrics> | null = null
const fontBytes = new Uint8Array(font)

/** The card of a page's text as PNG bytes. */
async function renderCard(text: Parameters<typeof cardSvg>[0]): Promise<Uint8Array> {
  await initResvg()
  metrics ??= readFontMetrics(font)
  const resvg = new Resvg(cardSvg(text, metrics), {
    font: { fontBuffers: [fontBytes], defaultFontFamily: 'Noto Sans', loadSystemFonts: false },
  } as ConstructorParameters<typeof Resvg>[1])
  const image = resvg.render()
  const png = image.asPng()
  image.free()
  resvg.free()
  return png
}

/** The public page a card path names, with its critical data; null when there is none. */
async function resolveCardPage(
  c: Context<AppEnv>,
  pagePath: string,
): Promise<{ route: PageRoute; payloads: Record<string, PayloadEntry> } | null> {
  const { locale, rest } = splitLocale(pagePath)
  if (!locale) return null
  c.set('locale', locale)
  const session = { hasToken: false, profile: null }
  const { route, match, error } = resolveRoute({ rest, path: pagePath, search: '', session })
  // A page whose query is required (an event's application form) has the card of its kind, without data.
  if (route.id === null) {
    if (!match) return null
    const kind = { id: match.id, params: match.params, query: {}, path: pagePath, search: '' } as PageRoute
    return isSharedRoute(kind) ? { route: kind, payloads: {} } : null
  }
  if (error || !isSharedRoute(route)) return null
  const payloads = await loadEntries(c, keysOfRoute(route).critical, null)
  if (Object.values(payloads).some((entry) => !entry.ok)) return null
  return { route, payloads }
}

export async function serveCard(c: Context<AppEnv>) {
  const url = new URL(c.req.url)
  const match = /^\/_app\/card(\/.*)?\.png$/.exec(url.pathname)
  const pagePath = match?.[1]
  if (!pagePath || pagePath.includes('//')) return c.notFound()
  // One card per record: a zero-padded id is sent to the card of its canonical address before any cache is read.
  const canonical = canonicalIdAddress(pagePath, '')
  if (canonical !== null) return c.redirect(`/_app/card${canonical}.png${url.search}`, 301)
  const cache = typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default
  const cached = await cache?.match(c.req.raw)
  if (cached) return cached
  const page = await resolveCardPage(c, pagePath)
  if (!page) return c.notFound()
  const text = cardTextOf(page.route, page.payloads, c.get('locale'))
  const current = cardUrl(url.origin, pagePath, text)
  if (current !== url.href) return c.redirect(current, 301)
  const png = await renderCard(text)
  const res = new Response(png, {
    headers: { 'content-type': 'image/png', 'cache-control': CARD_CACHE, 'x-content-type-options': 'nosniff' },
  })
  if (cache) c.executionCtx.waitUntil(cache.put(c.req.raw, res.clone()))
  return res
}
