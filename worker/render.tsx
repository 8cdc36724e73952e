/** Streams the document with React's production renderer; crawlers wait for every section (`allReady`). */
import type { Context } from 'hono'
// React's Node build (Web Streams API, workerd's nodejs_compat): it writes strings into one reused buffer with
// `encodeInto`, where the edge build allocates a `TextEncoder.encode()` array per attribute and text node, which cost
// about a third of a home render's CPU (`npm run bench`, render CPU).
import { renderToReadableStream } from 'react-dom/server.node'
import manifest from 'virtual:client-manifest'
import { EXTRA_ICONS, eagerPages, installPages, provideEdgeIcons, Root } from '../client/server'
import { serializeEntryForHtml, serializeStateForHtml } from '../shared/serialize'
import type { FormState, InitialState, PayloadEntry, RouteState, SessionState } from '../shared/state'
import type { PageError } from '../shared/errors'
import { isBot } from './bots'
import { messagesFor } from './messages'
import type { AppEnv } from './types'

installPages(eagerPages)
provideEdgeIcons(EXTRA_ICONS)

/** React Refresh's preamble, which `@vitejs/plugin-react` requires before any module under `vite dev`. */
const REFRESH_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh"; injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type;`

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
    // The entry's CSS goes inline: a document is only fetched on a first visit (later pages come as `_payload.json`),
    // and the first paint then waits on no stylesheet request.
    assets: {
      entry: manifest.entry,
      css: manifest.cssText ? [] : manifest.css,
      inlineCss: Boolean(manifest.cssText),
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
  const unplanned = new Set<string>()
  const store = { ready: new Map(Object.entries(input.payloads)), pending: input.deferred, serialize: serializeEntryForHtml, unplanned }
  const nonce = c.get('secureHeadersNonce')
  let failed = false
  const crawler = isBot(c.req.header('user-agent'))
  const stream = await renderToReadableStream(<Root state={state} store={store} nonce={nonce} css={manifest.cssText} stateText={serializeStateForHtml(state)} devPreamble={manifest.dev ? REFRESH_PREAMBLE : undefined} />, {
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
  if (c.get('routeId') === 'reset-password') c.header('referrer-policy', 'no-referrer')
  if (failed) c.header('x-render-error', '1')
  reportUnplanned(c, input.route, unplanned, stream.allReady)
  return c.body(stream, input.status as 200)
}

/**
 * The inline boot script: once the browser has painted the server's HTML (or after 200 ms, e.g. in a background tab
 * where frames do not run), it preloads the entry's and the page's chunks and starts the entry. The first paint then
 * never waits behind the download and evaluation of the hydration JavaScript; on a slow link that JavaScript arrives
 * after the paint anyway. `modules[0]` is the entry. Starting a request costs the main thread a millisecond or more on
 * a slow device, so the preloads go out a few per task (the entry's own imports first); then `first` (React DOM) and
 * the entry start as module scripts, so the browser evaluates each in a task of its own.
 */
function bootAfterFirstPaint(modules: readonly string[], first: readonly string[]): string {
  return `(()=>{let s=0,i=1;const m=${JSON.stringify(modules)};const batch=()=>{for(const n=i+${BOOT_PRELOADS_PER_TASK};i<n&&i<m.length;i++){const l=document.createElement('link');l.rel='modulepreload';l.href=m[i];document.head.append(l)}if(i<m.length)return void setTimeout(batch);for(const h of [...${JSON.stringify(first)},m[0]]){const e=document.createElement('script');e.type='module';e.src=h;document.body.append(e)}};const go=()=>{if(!s++)batch()};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,200)})()`
}

/** How many `modulepreload` links the boot script adds per task. */
const BOOT_PRELOADS_PER_TASK = 5

/**
 * Keys the page read that its data plan does not load: each is a request the browser makes after hydrating, which the
 * plan should have made on the edge (docs/architecture.md#rule-9). Named in `X-Plan-Missing` (debug headers only) as far
 * as the render got before the headers went, and in one log line once the document is complete.
 */
function reportUnplanned(c: Context<AppEnv>, route: RouteState, unplanned: ReadonlySet<string>, complete: Promise<void>) {
  if (unplanned.size && c.get('config').debugHeaders) c.header('x-plan-missing', [...unplanned].join(' '))
  void complete
    .then(() => {
      if (unplanned.size) console.warn(JSON.stringify({ level: 'warn', msg: 'keys outside the data plan', route: route.id, path: route.path, keys: [...unplanned] }))
    })
    .catch(() => undefined)
}

/** Only i18n keys under `notices.` pass: a crafted link cannot put arbitrary text into a toast. */
function readNotice(value: string | undefined): string | null {
  return value && /^notices\.[a-zA-Z0-9_.]{1,64}$/.test(value) ? value : null
}

/** The current page's chunks, preloaded with the entry so hydration does not wait on a request waterfall. */
function pageChunks(routeId: string | null): string[] {
  if (!routeId) return []
  return manifest.pages[routeId] ?? []
}
