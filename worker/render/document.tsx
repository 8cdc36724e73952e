/**
 * What one document render works from (docs/architecture.md#request, step 4): the state the browser boots from, the
 * payload store the React tree reads, the message keys the render records, the root element and the boot script.
 * The one-pass and the streamed renders share it.
 */
import manifest from 'virtual:client-manifest'
import type { Context } from 'hono'
import type { ReactElement } from 'react'
import { Root } from '../../client/server'
import type { PageError } from '../../shared/routing/errors'
import { serializeEntryForHtml, serializeStateForHtml } from '../../shared/state/serialize'
import {
  type FormState,
  type InitialState,
  type PayloadEntry,
  type RouteState,
  type SessionState,
  SHEET_NAMES,
  type SheetName,
} from '../../shared/state/state'
import { type Share, shareOf } from '../share/share'
import type { AppEnv } from '../types'
import { messagesFor, messagesOf, SHELL_NAMESPACES } from './messages'
import { type RequestSectionMemory, sectionMemory } from './section-memory'

/** What the page pipeline hands the render: the resolved route and its data. */
export type RenderInput = {
  status: number
  route: RouteState
  session: SessionState
  error: PageError | null
  payloads: Record<string, PayloadEntry>
  deferred: Map<string, Promise<PayloadEntry>>
  form?: FormState | null
}

/** React Refresh's preamble, which `@vitejs/plugin-react` requires before any module under `vite dev`. */
const REFRESH_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh"; injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type;`

/** How many `modulepreload` links the boot script adds per task. */
const BOOT_PRELOADS_PER_TASK = 5

const sheetHrefs = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].href])) as Record<
  SheetName,
  string
>
export const sheetTexts = Object.fromEntries(SHEET_NAMES.map((name) => [name, manifest.sheets[name].text])) as Record<
  SheetName,
  string
>

/**
 * Per route: the message keys its complete renders in this isolate used. A streamed document's state is written
 * before its deferred sections render, so it carries these as well (or every text, before the route has rendered
 * completely once here).
 */
const keysByRoute = new Map<string, Set<string>>()

/** The payload store the React tree reads on the edge (`client/runtime/data.tsx`). */
type EdgeStore = {
  ready: Map<string, PayloadEntry>
  pending: Map<string, Promise<PayloadEntry>>
  serialize: (entry: PayloadEntry) => string
  reads: Set<string>
  unplanned: Set<string>
  sections?: RequestSectionMemory
}

export type DocumentRender = Readonly<{
  input: RenderInput
  state: InitialState
  store: EdgeStore
  nonce: string | undefined
  /** The root element with the given CSS (the marks the critical-CSS pass fills in, or the whole sheets). */
  root: (css: string, texts: Readonly<Record<SheetName, string>>) => ReactElement
  /** The inline boot script that starts the client after the first paint (empty under `vite dev`). */
  boot: string
  /** What the page shares (docs/product.md#sharing), written into its head; null for private pages and errors. */
  share: Share | null
  /** Whether the render is complete (one pass): the state then carries only what it recorded. */
  markComplete: (complete: boolean) => void
  /** Remembers which message keys this route's render used, for streamed documents of the same route. */
  learnKeys: (complete: boolean) => void
}>

/** Sets up a document render for a resolved page. */
export function prepareDocument(
  c: Context<AppEnv>,
  input: RenderInput,
  settled: ReadonlyMap<string, PayloadEntry> | null = null,
): DocumentRender {
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
      page: manifest.dev || input.error ? undefined : pageModule(input.route.id),
      serverOnly: input.route.id !== null && input.route.id in manifest.serverOnly ? true : undefined,
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
  const store: EdgeStore = {
    ready: new Map(Object.entries(input.payloads)),
    pending: input.deferred,
    serialize: serializeEntryForHtml,
    reads: new Set<string>(),
    unplanned: new Set<string>(),
  }
  const nonce = c.get('secureHeadersNonce')
  // Static sections' HTML, repeated while their payloads are the payload memory's same envelopes; never for a preview
  // link's drafts (docs/decisions/0057-section-memory.md).
  if (config.payloadMemoryMs > 0 && !c.get('preview'))
    store.sections = sectionMemory({
      page: `${state.origin}|${locale}|${input.route.path}${input.route.search}`,
      ready: store.ready,
      pending: store.pending,
      ms: config.payloadMemoryMs,
      nonce,
      anonymous: !input.session.hasToken,
      now: Date.now(),
    })
  // The keys the render translates (and the namespaces the browser uses outside renders); the document carries those.
  const routeKey = input.error ? `error:${input.route.id}` : String(input.route.id)
  const record = new Set(SHELL_NAMESPACES)
  // The page notice shows as a toast once hydrated, outside any render the edge records.
  if (state.notice) record.add(state.notice)
  let complete = false
  const stateText = () => {
    const learned = keysByRoute.get(routeKey)
    const paths = manifest.dev ? 'all' : complete ? record : learned ? [...record, ...learned] : 'all'
    // A complete render knows which keys the browser reads while hydrating; static sections read theirs on the edge only.
    const payloads =
      complete && !manifest.dev
        ? Object.fromEntries(Object.entries(input.payloads).filter(([key]) => store.reads.has(key)))
        : input.payloads
    // A streamed document inlines the whole sheets: the browser has nothing more to link.
    const assets = complete ? state.assets : { ...state.assets, shellCss: undefined }
    return serializeStateForHtml({ ...state, assets, payloads, messages: messagesOf(locale, paths) })
  }
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
  const share =
    input.error || input.route.id === null
      ? null
      : shareOf({
          origin: state.origin,
          locale,
          route: input.route,
          // The deferred data in hand too (all of it for crawlers): the site's contacts are among it.
          payloads: settled?.size ? { ...input.payloads, ...Object.fromEntries(settled) } : input.payloads,
        })
  return {
    input,
    state,
    store,
    nonce,
    boot,
    share,
    root: (css, texts) => (
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
    ),
    markComplete: (value) => {
      complete = value
    },
    learnKeys: (wasComplete) =>
      keysByRoute.set(routeKey, wasComplete ? record : new Set([...record, ...(keysByRoute.get(routeKey) ?? [])])),
  }
}

/**
 * The inline boot script (`client/runtime/boot.ts`, minified by the build) with this document's modules; `modules[0]` is the
 * entry.
 */
function bootAfterFirstPaint(modules: readonly string[], first: readonly string[]): string {
  return manifest.boot.replace(
    'BOOT_ARGS',
    `[${JSON.stringify(modules)},${JSON.stringify(first)},${BOOT_PRELOADS_PER_TASK}]`,
  )
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

/** The built module of a route's page: its own chunk, or a server-only page's body. */
function pageModule(routeId: string | null): string | undefined {
  if (!routeId) return undefined
  return pageChunks(routeId)[0] ?? manifest.serverOnly[routeId]
}

/** A document's response headers: HTML, never stored, no Referer from the reset page; the debug mark if asked. */
export function setDocumentHeaders(c: Context<AppEnv>, input: RenderInput, failed: boolean): void {
  c.header('content-type', 'text/html; charset=utf-8')
  // Finished HTML carries a per-response nonce and possibly personal data: never cache it.
  c.header('cache-control', 'no-store')
  // The reset link's token sits in the URL: no Referer may carry it to another page or origin.
  if (input.route.id === 'reset-password') c.header('referrer-policy', 'no-referrer')
  // Which render failed is for debugging only (docs/security.md#debug-headers); the log line always says.
  if (failed && c.get('config').debugHeaders) c.header('x-render-error', '1')
}
