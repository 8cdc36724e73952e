/** Streams the document with React's production renderer; crawlers wait for every section (`allReady`). */
import type { Context } from 'hono'
// React's Node build (Web Streams API, workerd's nodejs_compat): it writes strings into one reused buffer with
// `encodeInto`, where the edge build allocates a `TextEncoder.encode()` array per attribute and text node, which cost
// about a third of a home render's CPU (`npm run bench`, render CPU).
import { renderToReadableStream } from 'react-dom/server.node'
import manifest from 'virtual:client-manifest'
import { EXTRA_ICONS, eagerPages, installPages, provideEdgeIcons, Root } from '../client/server'
import { serializeEntryForHtml, serializeStateForHtml } from '../shared/serialize'
import { SHEET_NAMES, type FormState, type InitialState, type PayloadEntry, type RouteState, type SessionState, type SheetName } from '../shared/state'
import type { PageError } from '../shared/errors'
import { isBot } from './bots'
import { messagesFor } from './messages'
import type { AppEnv } from './types'

installPages(eagerPages)
provideEdgeIcons(EXTRA_ICONS)

/** React Refresh's preamble, which `@vitejs/plugin-react` requires before any module under `vite dev`. */
const REFRESH_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh"; injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type;`

const sheetHrefs = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].href])) as Record<SheetName, string>
const sheetTexts = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].text])) as Record<SheetName, string>

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
      sheets: sheetHrefs,
      // Built: the boot script preloads the chunks after the first paint. Dev: linked in <head>.
      preload: manifest.dev ? [...manifest.preload, ...pageChunks(input.route.id)] : [],
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
  const store = { ready: new Map(Object.entries(input.payloads)), pending: input.deferred, serialize: serializeEntryForHtml }
  const nonce = c.get('secureHeadersNonce')
  let failed = false
  const crawler = isBot(c.req.header('user-agent'))
  const stream = await renderToReadableStream(<Root state={state} store={store} nonce={nonce} css={manifest.cssText} sheetTexts={manifest.dev ? undefined : sheetTexts} stateText={serializeStateForHtml(state)} devPreamble={manifest.dev ? REFRESH_PREAMBLE : undefined} />, {
    nonce,
    ...(manifest.dev
      ? { bootstrapModules: [manifest.entry] }
      : { bootstrapScriptContent: bootAfterFirstPaint([manifest.entry, ...manifest.preload.filter((f) => !manifest.evaluateFirst.includes(f)), ...pageChunks(input.route.id)], manifest.evaluateFirst) }),
    // Completed boundaries stay inline (never moved into script-revealed hidden divs) for every client.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed = true
      console.error(JSON.stringify({ level: 'error', msg: 'render error', path: input.route.path, error: String(error) }))
    },
  })
  // Crawlers wait for everything. Browsers wait a short head start: when the data is quick (KV hits, a nearby
  // upstream) the document arrives complete and in order, readable even without JavaScript; when it is slow, the
  // shell goes out first and the sections stream in.
  if (crawler) await stream.allReady
  else {
    let timer = 0
    await Promise.race([stream.allReady, new Promise((resolve) => (timer = setTimeout(resolve, STREAM_HEAD_START_MS)))])
    clearTimeout(timer)
  }
  c.header('content-type', 'text/html; charset=utf-8')
  // Finished HTML carries a per-response nonce and possibly personal data: never cache it.
  c.header('cache-control', 'no-store')
  // The reset link's token sits in the URL: no Referer may carry it to another page or origin.
  if (input.route.id === 'reset-password') c.header('referrer-policy', 'no-referrer')
  if (failed) c.header('x-render-error', '1')
  return c.body(stream, input.status as 200)
}

/** The inline boot script (`client/boot.ts`, minified by the build) with this document's modules; `modules[0]` is the entry. */
function bootAfterFirstPaint(modules: readonly string[], first: readonly string[]): string {
  return manifest.boot.replace('BOOT_ARGS', `[${JSON.stringify(modules)},${JSON.stringify(first)},${BOOT_PRELOADS_PER_TASK}]`)
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
  return manifest.pages[routeId] ?? manifest.pages.placeholder ?? []
}
