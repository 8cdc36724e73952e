/**
 * Renders the document with React's production renderer (docs/architecture.md#request, step 4): in one synchronous
 * pass when the page's data is all in hand within a short head start (crawlers wait for all of it), streamed with
 * Suspense sections when some is still pending.
 */
import type { Context } from 'hono'
import { EXTRA_ICONS, eagerPages, installPages, provideEdgeIcons, warmLazyComponents } from '../../client/server'
import type { AppEnv } from '../types'
import { isBot } from './bots'
import { prepareDocument, type RenderInput } from './document'
import { renderOnePass, settle } from './one-pass'
import { renderStream } from './stream'

export type { RenderInput } from './document'

installPages(eagerPages)
provideEdgeIcons(EXTRA_ICONS)
// The components pages load lazily in the browser are bundled here; loaded once, a complete document renders in one
// pass.
void warmLazyComponents()

/** How long a browser's document may wait for deferred data before the shell is sent without it. */
const STREAM_HEAD_START_MS = 60

export async function renderPage(c: Context<AppEnv>, input: RenderInput): Promise<Response> {
  const crawler = isBot(c.req.header('user-agent'))
  // Crawlers wait for everything. Browsers wait a short head start: when the data is quick (the isolate's memory, KV
  // hits, a nearby upstream) the document is rendered complete and in order in one synchronous pass, readable without
  // JavaScript; when it is slow, the shell streams first and the sections follow.
  const settled = await settle(input.deferred, crawler ? Number.POSITIVE_INFINITY : STREAM_HEAD_START_MS)
  const doc = prepareDocument(c, input, settled)
  return (settled && renderOnePass(c, doc, settled)) || renderStream(c, doc, { waitForAll: crawler })
}
