/**
 * A proxy in front of the portal for one engine of the engine suite. It passes every request and WebSocket through
 * with its Host header, so the portal sees the proxy's origin as its own (same-origin writes still pass), and it can
 * hold the client's JavaScript: a page then stays as the edge drew it, which is how a reader on a slow connection meets
 * it before hydration. For an engine without a way to run a script before the page's own (WebKit over classic
 * WebDriver), it also puts a script at the top of every document's head, with the nonce the page's CSP allows.
 */
import http from 'node:http'
import net from 'node:net'
import { until } from './until.ts'

export type EngineProxy = {
  origin: string
  /** From now on, requests for the client's JavaScript wait until `releaseScripts()`. */
  holdScripts(): void
  /** Lets every held request go on and stops holding. */
  releaseScripts(): void
  /** How many script requests have been held since the last `holdScripts()`. */
  heldCount(): number
  /** Resolves once no request has been in flight for `quietMs`: the page has fetched what it set out to. */
  idle(quietMs?: number): Promise<void>
  close(): Promise<void>
}

/** The client's JavaScript: the entry, its chunks and the modules they preload, all emitted under `/assets/`. */
const SCRIPT = /^\/assets\/[^?]+\.js(?:\?|$)/

export async function startProxy(opts: {
  port: number
  upstreamPort: number
  headScript?: string
}): Promise<EngineProxy> {
  const upstream = { host: '127.0.0.1', port: opts.upstreamPort }
  const agent = new http.Agent({ keepAlive: true })
  let holding = false
  let heldSince = 0
  let waiting: (() => void)[] = []
  let inFlight = 0
  let lastChange = Date.now()

  const server = http.createServer((req, res) => {
    inFlight++
    lastChange = Date.now()
    res.on('close', () => {
      inFlight--
      lastChange = Date.now()
    })
    const forward = () => {
      if (req.destroyed || res.destroyed) return
      const isDocument = !!opts.headScript && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')
      const headers = { ...req.headers }
      // The document is rewritten on its way through, so it must come as plain text.
      if (isDocument) delete headers['accept-encoding']
      const send = (body: Buffer) => {
        const up = http.request({ ...upstream, agent, method: req.method, path: req.url, headers }, (upRes) => {
          const type = upRes.headers['content-type'] ?? ''
          if (!isDocument || !type.startsWith('text/html') || upRes.headers['content-encoding']) {
            res.writeHead(upRes.statusCode ?? 502, upRes.rawHeaders)
            upRes.pipe(res)
            return
          }
          const nonce = /'nonce-([^']+)'/.exec(String(upRes.headers['content-security-policy'] ?? ''))?.[1]
          const tag = `<script${nonce ? ` nonce="${nonce}"` : ''}>${opts.headScript}</script>`
          const outHeaders = { ...upRes.headers }
          delete outHeaders['content-length']
          res.writeHead(upRes.statusCode ?? 502, outHeaders)
          injectAfterHead(upRes, res, tag)
        })
        up.on('error', (err: NodeJS.ErrnoException) => {
          // A kept-alive connection that the server closed for idleness just as this request went out on it:
          // the server never read the request, so it goes again. A pooled connection's reset is not the page's
          // failure; without this, a script the page imports would fail in the browser as if the portal had. Each try
          // drops one dead connection from the pool, and a new connection's reset is passed on.
          if (up.reusedSocket && err.code === 'ECONNRESET' && !res.headersSent) return send(body)
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
          res.end(`engine proxy: ${err.message}`)
        })
        if (body.length) up.end(body)
        else up.end()
      }
      // Read whole first, so that a request can be sent again (the cases' bodies are forms of a few hundred bytes).
      const body: Buffer[] = []
      req.on('data', (chunk: Buffer) => body.push(chunk))
      req.on('end', () => send(Buffer.concat(body)))
    }
    if (holding && req.method === 'GET' && SCRIPT.test(req.url ?? '')) {
      heldSince++
      waiting.push(forward)
    } else forward()
  })

  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(upstream.port, upstream.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      up.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) up.write(head)
      socket.pipe(up).pipe(socket)
    })
    up.on('error', () => socket.destroy())
    socket.on('error', () => up.destroy())
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', resolve)
  })

  return {
    origin: `http://127.0.0.1:${opts.port}`,
    holdScripts() {
      holding = true
      heldSince = 0
    },
    releaseScripts() {
      holding = false
      const release = waiting
      waiting = []
      for (const forward of release) forward()
    },
    heldCount: () => heldSince,
    async idle(quietMs = 300) {
      await until(() => inFlight === 0 && Date.now() - lastChange >= quietMs, 'the page to finish its requests')
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
    },
  }
}

/** Streams `from` to `to` with `tag` right after the opening `<head>` (the documents open it in their first bytes). */
function injectAfterHead(from: http.IncomingMessage, to: http.ServerResponse, tag: string) {
  let pending = ''
  let done = false
  from.setEncoding('utf8')
  from.on('data', (chunk: string) => {
    if (done) return void to.write(chunk)
    pending += chunk
    const head = /<head(?:\s[^>]*)?>/i.exec(pending)
    if (!head) return
    const at = head.index + head[0].length
    to.write(pending.slice(0, at) + tag + pending.slice(at))
    pending = ''
    done = true
  })
  from.on('end', () => to.end(pending))
  from.on('error', () => to.destroy())
}
