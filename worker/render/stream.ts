/**
 * The streamed render (docs/architecture.md#request, step 4): the shell first, each deferred section as its data
 * arrives, for browsers whose data was not in hand within the head start (crawlers wait for the whole document).
 */
import manifest from 'virtual:client-manifest'
import type { Context } from 'hono'
// React's Node build (docs/decisions/0009-react-node-build.md): it writes strings into one reused buffer.
import { renderToReadableStream } from 'react-dom/server.node'
import { withShareHead, withShareTags } from '../share/share'
import type { AppEnv } from '../types'
import { type DocumentRender, setDocumentHeaders, sheetTexts } from './document'
import { reportUnplanned } from './unplanned-keys'

export async function renderStream(
  c: Context<AppEnv>,
  doc: DocumentRender,
  opts: { waitForAll: boolean },
): Promise<Response> {
  const { input } = doc
  let failed = false
  const stream = await renderToReadableStream(doc.root(manifest.cssText, sheetTexts), {
    nonce: doc.nonce,
    ...(manifest.dev ? { bootstrapModules: [manifest.entry] } : { bootstrapScriptContent: doc.boot }),
    // Completed boundaries stay inline (never moved into script-revealed hidden divs) for every client.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A section that suspends is streamed, never reported: only a real failure is (docs/decisions/0020-one-pass-render.md).
    onError: (error: unknown) => {
      failed = true
      console.error(
        JSON.stringify({ level: 'error', msg: 'render error', path: input.route.path, error: String(error) }),
      )
    },
  })
  void stream.allReady.then(
    () => doc.learnKeys(false),
    () => undefined,
  )
  if (opts.waitForAll) {
    // A crawler's complete document: its share tags can carry the breadcrumbs it shows.
    await stream.allReady
    const html = await new Response(stream).text()
    setDocumentHeaders(c, input, failed)
    reportUnplanned(c, input.route, doc.store.unplanned, Promise.resolve())
    return c.body(withShareTags(html, doc.share, doc.state.origin), input.status as 200)
  }
  setDocumentHeaders(c, input, failed)
  reportUnplanned(c, input.route, doc.store.unplanned, stream.allReady)
  return c.body(withShareHead(stream, doc.share), input.status as 200)
}
