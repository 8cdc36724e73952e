/**
 * Renders the document with React's production renderer: in one synchronous pass when the page's data is all in hand
 * within a short head start (crawlers wait for all of it), streamed with Suspense sections when some is still pending.
 */

import manifest from 'virtual:client-manifest'
import type { Context } from 'hono'
import type { ReactElement } from 'react'
// React's Node build (Web Streams API, workerd's nodejs_compat): it writes strings into one reused buffer with
// `encodeInto`, where the edge build allocates a `TextEncoder.encode()` array per attribute and text node, which cost
// about a third of a home render's CPU (`npm run bench`, render CPU).
import { renderToReadableStream, renderToString } from 'react-dom/server.node'
import {
  EXTRA_ICONS,
  eagerPages,
  installPages,
  lazyComponentsWarm,
  provideEdgeIcons,
  Root,
  warmLazyComponents,
} from '../client/server'
import type { PageError } from '../shared/errors'
import { serializeEntryForHtml, serializeStateForHtml } from '../shared/serialize'
import {
  type FormState,
  type InitialState,
  type PayloadEntry,
  type RouteState,
  type SessionState,
  SHEET_NAMES,
  type SheetName,
} from '../shared/state'
import { isBot } from './bots'
import { inlineCriticalCss, SHEET_CSS_MARKS, SHELL_CSS_MARK } from './critical-css'
import { documentMemoryKey, mayRememberDocument, recallDocument, rememberDocument } from './document-memory'
import { messagesFor, messagesOf, SHELL_NAMESPACES } from './messages'
import type { AppEnv } from './types'
import { reportUnplanned } from './unplanned-keys'

installPages(eagerPages)
provideEdgeIcons(EXTRA_ICONS)
// The components pages load lazily in the browser are bundled here; loaded once, a complete document renders in one
// pass.
void warmLazyComponents()

/** React Refresh's preamble, which `@vitejs/plugin-react` requires before any module under `vite dev`. */
const REFRESH_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh"; injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type;`

const sheetHrefs = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].href])) as Record<
  SheetName,
  string
>
const sheetTexts = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].text])) as Record<
  SheetName,
  string
>

/**
 * Per route: the message keys its complete renders in this isolate used. A streamed document's state is written
 * before its deferred sections render, so it carries these as well (or every text, before the route has rendered
 * completely once here).
 */
const keysByRoute = new Map<string, Set<string>>()

/** How long a browser's document may wait for deferred data before the shell is sent without it. */
const STREAM_HEAD_START_MS = 60

export type RenderInput = {
  status: number
  route: RouteState
  session: SessionState
  error: PageError | null
  payloads: Record<string, PayloadEntry>
  deferred: Map<string, Promise<PayloadEntry>>
  form?: FormState | null
}

export async function renderPage(c: Context<AppEnv>, input: RenderInput): Promise<Response> {
  const locale = c.get('locale')
  const config = c.get('config')
  const state: InitialState = {
    locale,
    origin: new URL(c.req.url).origin,
    // The shell's CSS and the page's area sheets go inline: a document is only fetched on a first visit (later pages
    // come as `_payload.json`), and the first paint then waits on no stylesheet request.
    assets: {
      entry: manifest.entry,
      css: manifest.cssText ? [] : manifest.css,
      inlineCss: Boolean(manifest.cssText),
      shellCss: manifest.cssText ? manifest.css[0] : undefined,
      sheets: sheetHrefs,
      messages: manifest.messages[locale],
      // Built: the boot script preloads the chunks after the first paint. Dev: linked in <head>.
      preload: manifest.dev ? [...manifest.preload, ...pageChunks(input.route.id)] : [],
      page: manifest.dev || input.error ? undefined : pageChunks(input.route.id)[0],
      dev: manifest.dev,
    },
    route: input.route,
    session: input.session,
    error: input.error,
    config: config.public,
    messages: messagesFor(locale),
    payloads: input.payloads,
    form: input.form ?? null,
    notice: readNotice(c.req.query('notice')),
  }
  const unplanned = new Set<string>()
  const store = {
    ready: new Map(Object.entries(input.payloads)),
    pending: input.deferred,
    serialize: serializeEntryForHtml,
    reads: new Set<string>(),
    unplanned,
  }
  // The keys the render translates (and the namespaces the browser uses outside renders); the document carries those.
  const routeKey = input.error ? `error:${input.route.id}` : String(input.route.id)
  const record = new Set(SHELL_NAMESPACES)
  // The page notice shows as a toast once hydrated, outside any render the edge records.
  if (state.notice) record.add(state.notice)
  let complete = false
  const stateText = () => {
    const learned = keysByRoute.get(routeKey)
    const paths = manifest.dev ? 'all' : complete ? record : learned ? [...record, ...learned] : 'all'
    // A complete render knows which keys the browser reads while hydrating; kept sections read theirs on the edge only.
    const payloads =
      complete && !manifest.dev
        ? Object.fromEntries(Object.entries(input.payloads).filter(([key]) => store.reads.has(key)))
        : input.payloads
    // A streamed document inlines the whole sheets: the browser has nothing more to link.
    const assets = complete ? state.assets : { ...state.assets, shellCss: undefined }
    return serializeStateForHtml({ ...state, assets, payloads, messages: messagesOf(locale, paths) })
  }
  const nonce = c.get('secureHeadersNonce')
  let failed = false
  const crawler = isBot(c.req.header('user-agent'))
  const rootWith = (css: string, texts: Readonly<Record<SheetName, string>>) => (
    <Root
      state={state}
      store={store}
      nonce={nonce}
      css={css}
      sheetTexts={manifest.dev ? undefined : texts}
      record={record}
      stateText={stateText}
      devPreamble={manifest.dev ? REFRESH_PREAMBLE : undefined}
    />
  )
  const boot = manifest.dev
    ? ''
    : bootAfterFirstPaint(
        [
          manifest.entry,
          ...manifest.preload.filter((f) => !manifest.evaluateFirst.includes(f)),
          ...pageChunks(input.route.id),
        ],
        manifest.evaluateFirst,
      )
  const headers = () => {
    c.header('content-type', 'text/html; charset=utf-8')
    // Finished HTML carries a per-response nonce and possibly personal data: never cache it.
    c.header('cache-control', 'no-store')
    // The reset link's token sits in the URL: no Referer may carry it to another page or origin.
    if (input.route.id === 'reset-password') c.header('referrer-policy', 'no-referrer')
    // Which render failed is for debugging only (docs/security.md#debug-headers); the log line always says.
    if (failed && config.debugHeaders) c.header('x-render-error', '1')
  }
  // Called by the stream only: a section that suspends is streamed, never reported here
  // (docs/architecture.md#one-pass-render).
  const onError = (error: unknown) => {
    failed = true
    console.error(JSON.stringify({ level: 'error', msg: 'render error', path: input.route.path, error: String(error) }))
  }

  // Crawlers wait for everything. Browsers wait a short head start: when the data is quick (the isolate's memory, KV
  // hits, a nearby upstream) the document is rendered complete and in order in one synchronous pass, readable without
  // JavaScript; when it is slow, the shell streams first and the sections follow.
  const settled = await settle(input.deferred, crawler ? Number.POSITIVE_INFINITY : STREAM_HEAD_START_MS)
  if (settled && !manifest.dev && lazyComponentsWarm()) {
    // A public page an anonymous reader asks for again, made from the same remembered data: the same document.
    const rememberable = mayRememberDocument({
      payloadMemoryMs: config.payloadMemoryMs,
      status: input.status,
      hasError: !!input.error,
      hasForm: !!input.form,
      hasNotice: !!state.notice,
      hasToken: input.session.hasToken,
      routeId: input.route.id,
      search: input.route.search,
    })
    const memoryKey =
      nonce && rememberable ? documentMemoryKey(state.origin, state.locale, input.route.path, input.route.search) : null
    const entries = new Map([...Object.entries(input.payloads), ...settled])
    const remembered = memoryKey ? recallDocument(memoryKey, entries, nonce!, Date.now()) : null
    if (remembered !== null) {
      headers()
      return c.body(remembered, input.status as 200)
    }
    for (const [key, entry] of settled) store.pending.set(key, fulfilled(entry))
    complete = true
    // The inlined CSS is written once the document is known: the rules its classes can match (`critical-css.ts`).
    const html = inlineCriticalCss(renderComplete(rootWith(SHELL_CSS_MARK, SHEET_CSS_MARKS), nonce, boot))
    if (html !== null) {
      keysByRoute.set(routeKey, record)
      if (memoryKey && !failed) rememberDocument(memoryKey, html, nonce!, entries, config.payloadMemoryMs, Date.now())
      headers()
      reportUnplanned(c, input.route, unplanned, Promise.resolve())
      return c.body(html, input.status as 200)
    }
    complete = false
  }
  const stream = await renderToReadableStream(rootWith(manifest.cssText, sheetTexts), {
    nonce,
    ...(manifest.dev ? { bootstrapModules: [manifest.entry] } : { bootstrapScriptContent: boot }),
    // Completed boundaries stay inline (never moved into script-revealed hidden divs) for every client.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError,
  })
  void stream.allReady.then(
    () => keysByRoute.set(routeKey, new Set([...record, ...(keysByRoute.get(routeKey) ?? [])])),
    () => undefined,
  )
  if (crawler) await stream.allReady
  headers()
  reportUnplanned(c, input.route, unplanned, stream.allReady)
  return c.body(stream, input.status as 200)
}

/** The deferred entries if all of them arrive within `ms`, else null (they keep loading for the stream). */
async function settle(
  deferred: ReadonlyMap<string, Promise<PayloadEntry>>,
  ms: number,
): Promise<Map<string, PayloadEntry> | null> {
  if (deferred.size === 0) return new Map()
  const all = Promise.all([...deferred].map(async ([key, promise]) => [key, await promise] as const)).then(
    (entries) => new Map(entries),
  )
  if (ms === Number.POSITIVE_INFINITY) return all
  let timer = 0
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  const out = await Promise.race([all, late])
  clearTimeout(timer)
  return out
}

/** A promise React's `use()` reads at once: already marked fulfilled, as React marks the thenables it tracks. */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value })
}

/**
 * The whole document in one synchronous pass (`renderToString` does none of the stream's chunking and flushing, about
 * 2.4 times cheaper for a home page), with the boot script after the body as the stream would put it. Null if anything
 * suspended all the same, or failed: the caller streams instead. `renderToString` reports a suspension outside a
 * Suspense boundary as a thrown error and one inside as a client-rendered boundary, the same ways as a real failure, so
 * neither is reported here: the stream renders the same tree, waits for what suspended, and reports only what really
 * fails (its `onError`).
 */
function renderComplete(root: ReactElement, nonce: string | undefined, boot: string): string | null {
  let html: string
  try {
    html = renderToString(root)
  } catch {
    return null
  }
  if (html.includes('<!--$!') || html.includes('<!--$?')) return null
  const script = `<script${nonce ? ` nonce="${nonce}"` : ''}>${boot}</script>`
  const end = html.lastIndexOf('</body>')
  return `<!DOCTYPE html>${end < 0 ? html + script : html.slice(0, end) + script + html.slice(end)}`
}

/**
 * The inline boot script (`client/boot.ts`, minified by the build) with this document's modules; `modules[0]` is the
 * entry.
 */
function bootAfterFirstPaint(modules: readonly string[], first: readonly string[]): string {
  return manifest.boot.replace(
    'BOOT_ARGS',
    `[${JSON.stringify(modules)},${JSON.stringify(first)},${BOOT_PRELOADS_PER_TASK}]`,
  )
}

/** How many `modulepreload` links the boot script adds per task. */
const BOOT_PRELOADS_PER_TASK = 5

/** Only i18n keys under `notices.` pass: a crafted link cannot put arbitrary text into a toast. */
function readNotice(value: string | undefined): string | null {
  return value && /^notices\.[a-zA-Z0-9_.]{1,64}$/.test(value) ? value : null
}

/** The current page's chunks, preloaded with the entry so hydration does not wait on a request waterfall. */
function pageChunks(routeId: string | null): string[] {
  if (!routeId) return []
  return manifest.pages[routeId] ?? []
}
