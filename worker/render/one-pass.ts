/**
 * The one-pass render (docs/decisions/0020-one-pass-render.md): when a page's data is all in hand, the document is
 * rendered complete with `renderToString`, its CSS cut to the rules it uses, and, for an anonymous reader of a public
 * page, remembered by the isolate (docs/decisions/0023-document-memory.md).
 */
import manifest from 'virtual:client-manifest'
import type { Context } from 'hono'
import type { ReactElement } from 'react'
// React's Node build (docs/decisions/0009-react-node-build.md): it writes strings into one reused buffer.
import { renderToString } from 'react-dom/server.node'
import { lazyComponentsWarm } from '../../client/server'
import type { PayloadEntry } from '../../shared/state/state'
import { hasRouteRule } from '../page/route-rules'
import type { AppEnv } from '../types'
import { assembleDocument } from './assemble'
import { SHEET_CSS_MARKS, SHELL_CSS_MARK } from './critical-css'
import { type DocumentRender, setDocumentHeaders } from './document'
import { documentMemoryKey, mayRememberDocument, recallDocument, rememberDocument } from './document-memory'
import { reportUnplanned } from './unplanned-keys'

/** The deferred entries if all of them arrive within `ms`, else null (they keep loading for the stream). */
export async function settle(
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

/**
 * The complete document for `settled` deferred data, from the isolate's memory or one synchronous render; null when it
 * cannot be had in one pass (a component still loading, or a failure): the caller streams instead.
 */
export function renderOnePass(
  c: Context<AppEnv>,
  doc: DocumentRender,
  settled: ReadonlyMap<string, PayloadEntry>,
): Response | null {
  if (manifest.dev || !lazyComponentsWarm()) return null
  const { input, state, nonce } = doc
  const config = c.get('config')
  // A public page an anonymous reader asks for again, made from the same remembered data: the same document.
  const rememberable = mayRememberDocument({
    payloadMemoryMs: config.payloadMemoryMs,
    status: input.status,
    hasError: !!input.error,
    hasForm: !!input.form,
    hasNotice: !!state.notice,
    hasToken: input.session.hasToken,
    isPreview: !!c.get('preview'),
    routeId: input.route.id,
    search: input.route.search,
  })
  const memoryKey =
    nonce && rememberable ? documentMemoryKey(state.origin, state.locale, input.route.path, input.route.search) : null
  const entries = new Map([...Object.entries(input.payloads), ...settled])
  const remembered = memoryKey ? recallDocument(memoryKey, entries, nonce!, Date.now()) : null
  if (remembered !== null) {
    setDocumentHeaders(c, input, false)
    return c.body(remembered, input.status as 200)
  }
  for (const [key, entry] of settled) doc.store.pending.set(key, fulfilled(entry))
  doc.markComplete(true)
  const render = () => renderComplete(doc.root(SHELL_CSS_MARK, SHEET_CSS_MARKS))
  // Static sections drawn anew are remembered (`section-memory.ts`); their marks leave the document before its CSS.
  const taken = doc.store.sections ? doc.store.sections.takeSections(render) : render()
  if (taken === null) {
    doc.markComplete(false)
    return null
  }
  const { pieces, classes } = typeof taken === 'string' ? { pieces: [taken], classes: null } : taken
  // The inlined CSS is written once the document is known: the rules its classes can match (`critical-css.ts`).
  const bytes = assembleDocument(pieces, { nonce, boot: doc.boot, share: doc.share, origin: state.origin, classes })
  doc.learnKeys(true)
  if (memoryKey) {
    const routeId = input.route.id!
    // A route's rule runs on every request (an SSO redirect, a nonce cookie): its page is never answered at the door.
    const door = hasRouteRule(routeId) ? null : { routeId }
    rememberDocument(memoryKey, bytes, nonce!, entries, config.payloadMemoryMs, Date.now(), door)
  }
  setDocumentHeaders(c, input, false)
  reportUnplanned(c, input.route, doc.store.unplanned, Promise.resolve())
  return c.body(bytes, input.status as 200)
}

/** A promise React's `use()` reads at once: already marked fulfilled, as React marks the thenables it tracks. */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value })
}

/**
 * The whole document in one synchronous pass (`renderToString` does none of the stream's chunking and flushing), from
 * `<html>` on (`assemble.ts` adds the doctype and the boot script). Null if anything suspended all the same, or failed:
 * the caller streams instead. `renderToString` reports a suspension outside a Suspense boundary as a thrown error and one
 * inside as a client-rendered boundary, the same ways as a real failure, so neither is reported here: the stream
 * renders the same tree, waits for what suspended, and reports only what really fails (its `onError`).
 */
function renderComplete(root: ReactElement): string | null {
  let html: string
  try {
    html = renderToString(root)
  } catch {
    return null
  }
  return html.includes('<!--$!') || html.includes('<!--$?') ? null : html
}
