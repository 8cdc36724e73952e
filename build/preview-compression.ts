import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * `vite preview` compresses text responses as the edge does in production (gzip when accepted). A document is flushed
 * whenever the worker's stream pauses, so a streamed shell still reaches the browser before its deferred sections;
 * other responses (scripts, styles, JSON) are compressed whole, as the edge compresses a static asset, so their size on
 * the wire does not depend on how the bytes happened to arrive (the first-view budgets count it).
 */
export function previewCompression(): Plugin {
  const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/
  return {
    name: 'invest-portal:preview-compression',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.method === 'HEAD' || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return next()
        type Fn = (...args: unknown[]) => unknown
        const [write, end, writeHead] = [res.write, res.end, res.writeHead].map((f) => (f as Fn).bind(res))
        let gzip: zlib.Gzip | null = null
        let streamed = false
        let flushQueued = false
        res.writeHead = ((status: number, ...rest: unknown[]) => {
          const headers = rest.find((r) => typeof r === 'object' && r !== null && !Array.isArray(r)) as
            | Record<string, string | string[]>
            | undefined
          for (const [k, v] of Object.entries(headers ?? {})) res.setHeader(k, v)
          const type = String(res.getHeader('content-type') ?? '')
          if (status !== 204 && status !== 304 && !res.getHeader('content-encoding') && COMPRESSIBLE.test(type)) {
            res.setHeader('content-encoding', 'gzip')
            res.setHeader('vary', [res.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '))
            res.removeHeader('content-length')
            streamed = type.startsWith('text/html')
            gzip = zlib.createGzip()
            gzip.on('data', (chunk) => write!(chunk))
            gzip.on('end', () => end!())
          }
          return writeHead!(status)
        }) as typeof res.writeHead
        res.write = ((...args: unknown[]) => {
          if (!gzip) return write!(...args)
          gzip.write(args[0] as Buffer)
          if (streamed && !flushQueued) {
            flushQueued = true
            setImmediate(() => {
              flushQueued = false
              gzip?.flush(zlib.constants.Z_SYNC_FLUSH)
            })
          }
          return true
        }) as typeof res.write
        res.end = ((...args: unknown[]) => {
          if (!gzip) return end!(...args)
          if (args[0] != null && typeof args[0] !== 'function') gzip.write(args[0] as Buffer)
          gzip.end()
          return res
        }) as typeof res.end
        next()
      })
    },
  }
}
