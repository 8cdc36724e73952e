import { defineConfig, type Plugin } from 'vite'
import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import fs from 'node:fs'
import zlib from 'node:zlib'

// Vite evaluates this file several times per build (one per environment): the first evaluation fixes the build's
// id in the environment, so the manifest and the worker agree.
process.env.BUILD_TIMESTAMP ??= String(Date.now())
const BUILD_TIMESTAMP = Number(process.env.BUILD_TIMESTAMP)
const BUILD_ID = (process.env.BUILD_ID ??= BUILD_TIMESTAMP.toString(36))

/**
 * Build manifests for deploy-safe clients (SPEC §4, §7): `/_app/builds/latest.json` = { id, timestamp } and
 * `/_app/builds/meta/{id}.json` = the route-rules manifest, emitted as static assets of the client build.
 */
export function buildManifests(): Plugin {
  return {
    name: 'invest-portal:build-manifests',
    applyToEnvironment: (env) => env.name === 'client',
    generateBundle() {
      if (this.environment.config.command !== 'build') return
      const latest = { id: BUILD_ID, timestamp: BUILD_TIMESTAMP }
      const meta = {
        id: BUILD_ID,
        timestamp: BUILD_TIMESTAMP,
        // Every route is rendered on demand at the edge; nothing is prerendered and no route rule redirects.
        matcher: { static: {}, wildcard: {}, dynamic: {} },
        prerendered: [],
        routeRules: { '/_app/**': { headers: { 'cache-control': 'public, max-age=31536000, immutable' } } },
      }
      this.emitFile({ type: 'asset', fileName: '_app/builds/latest.json', source: JSON.stringify(latest) })
      this.emitFile({ type: 'asset', fileName: `_app/builds/meta/${BUILD_ID}.json`, source: JSON.stringify(meta) })
    },
  }
}

/** The push service worker is its own client entry, so Firebase never lands in the main bundle (issue #6). */
const PUSH_WORKER_ENTRY = 'client/push/firebase-sw.ts'

/**
 * The stylesheet is a build input of its own, not an import of the entry: the edge inlines it, and CSS attached to the
 * entry chunk would be listed as a dependency of every lazy chunk that imports the entry, which Vite's preload helper
 * then loads as a <link> (it cannot see inlined styles): the same rules twice and a restyle of the whole page.
 */
const STYLES_ENTRY = 'client/styles/main.css'

/**
 * React DOM (with its scheduler, and React, which the group takes along as a dependency) is a chunk of its own, which
 * the boot script starts as a module script before the entry: parsing and evaluating it is then one task and the rest
 * of the app another, not one long task of both.
 */
const REACT_DOM_CHUNK = 'react-dom'

/**
 * `virtual:client-manifest`: the built entry, its CSS (paths, and the text the edge inlines) and chunks to preload; the
 * dev entry under `vite dev`.
 */
export function clientManifest(): Plugin {
  let isBuild = false
  // Where the client environment writes its build (`dist/client`, or under `--outDir` for a deploy build).
  let clientOutDir = 'dist/client'
  return {
    name: 'invest-portal:client-manifest',
    configResolved(c) {
      isBuild = c.command === 'build'
      clientOutDir = c.environments.client?.build.outDir ?? clientOutDir
    },
    resolveId(id) {
      if (id === 'virtual:client-manifest') return '\0virtual:client-manifest'
    },
    load(id) {
      if (id !== '\0virtual:client-manifest') return
      if (!isBuild || this.environment.name === 'client') return `export default { entry: '/client/entry.tsx', css: [], cssText: '', preload: [], evaluateFirst: [], pages: {}, dev: true, pushWorker: '/${PUSH_WORKER_ENTRY}' }`
      type Chunk = { file: string; name?: string; css?: string[]; imports?: string[] }
      const m = JSON.parse(fs.readFileSync(`${clientOutDir}/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>
      const collect = (key: string, into: Set<string>) => {
        const chunk = m[key]
        if (!chunk || into.has('/' + chunk.file)) return into
        into.add('/' + chunk.file)
        for (const k of chunk.imports ?? []) collect(k, into)
        return into
      }
      const entry = m['client/entry.tsx']!
      const entryFiles = collect('client/entry.tsx', new Set())
      const preload = [...entryFiles].filter((f) => f !== '/' + entry.file)
      const evaluateFirst = Object.values(m).filter((c) => c.name === REACT_DOM_CHUNK).map((c) => '/' + c.file)
      if (evaluateFirst.length !== 1 || !preload.includes(evaluateFirst[0]!)) this.error(`expected one ${REACT_DOM_CHUNK} chunk among the entry's imports`)
      // Per page: its chunk and the chunks it imports, minus what the entry already loads (modulepreload on first load).
      const pages: Record<string, string[]> = {}
      for (const key of Object.keys(m)) {
        const id = /^client\/pages\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1]
        if (id) pages[id] = [...collect(key, new Set())].filter((f) => !entryFiles.has(f))
      }
      const pushWorker = m[PUSH_WORKER_ENTRY] ? '/' + m[PUSH_WORKER_ENTRY]!.file : null
      // Vite writes url() references as absolute paths (base '/'), so the text reads the same inline in any page.
      if (entry.css?.length) this.error(`CSS imported from the entry's module graph (${entry.css.join(', ')}): @import it from ${STYLES_ENTRY}`)
      const css = [m[STYLES_ENTRY]!.file]
      const cssText = css.map((f) => fs.readFileSync(`${clientOutDir}/${f}`, 'utf8')).join('\n')
      return `export default ${JSON.stringify({ entry: '/' + entry.file, css: css.map((f) => '/' + f), cssText, preload, evaluateFirst, pages, dev: false, pushWorker })}`
    },
  }
}

/**
 * `vite preview` compresses text responses as the edge does in production (gzip when accepted). Flushed whenever the
 * worker's stream pauses, so a streamed shell still reaches the browser before its deferred sections.
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
        let flushQueued = false
        res.writeHead = ((status: number, ...rest: unknown[]) => {
          const headers = rest.find((r) => typeof r === 'object' && r !== null && !Array.isArray(r)) as Record<string, string | string[]> | undefined
          for (const [k, v] of Object.entries(headers ?? {})) res.setHeader(k, v)
          const type = String(res.getHeader('content-type') ?? '')
          if (status !== 204 && status !== 304 && !res.getHeader('content-encoding') && COMPRESSIBLE.test(type)) {
            res.setHeader('content-encoding', 'gzip')
            res.setHeader('vary', [res.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '))
            res.removeHeader('content-length')
            gzip = zlib.createGzip()
            gzip.on('data', (chunk) => write!(chunk))
            gzip.on('end', () => end!())
          }
          return writeHead!(status)
        }) as typeof res.writeHead
        res.write = ((...args: unknown[]) => {
          if (!gzip) return write!(...args)
          gzip.write(args[0] as Buffer)
          if (!flushQueued) {
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

/**
 * Sonner hard-codes a 45 px swipe threshold; SPEC §9 asks for 20 px. And it injects its stylesheet when it loads, after
 * hydration, a sheet that sets custom properties on <html> and so restyles the whole page: `styles/main.css` imports
 * that sheet instead, inlined with the rest. Fails the build if sonner changes shape.
 */
export function sonnerSpecValues(): Plugin {
  const INJECT = "if (!code || typeof document == 'undefined') return"
  return {
    name: 'invest-portal:sonner-spec-values',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return
      if (!code.includes('SWIPE_THRESHOLD = 45')) this.error('sonner: SWIPE_THRESHOLD constant not found; update the SPEC §9 patch')
      if (!code.includes(INJECT)) this.error('sonner: its style injection changed shape; update the patch that leaves styles to main.css')
      return { code: code.replace('SWIPE_THRESHOLD = 45', 'SWIPE_THRESHOLD = 20').replace(INJECT, 'return'), map: null }
    },
  }
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [react(), previewCompression(), cloudflare({
      auxiliaryWorkers: [{ configPath: './gateway/wrangler.toml' }],
      // Local KV/D1/R2 state; tests point STATE_DIR elsewhere so they never touch the dev data.
      persistState: { path: process.env.STATE_DIR ?? '.wrangler/state' },
      // `GATEWAY_ORIGIN=http://host:port npm start` points the portal at another upstream (README).
      config: (worker) => {
        if (worker.name === 'invest-portal' && process.env.GATEWAY_ORIGIN) worker.vars = { ...worker.vars, GATEWAY_ORIGIN: process.env.GATEWAY_ORIGIN }
      },
    }), clientManifest(), sonnerSpecValues(), buildManifests()],
  environments: {
    client: {
      build: {
        manifest: true,
        // No per-import dependency lists in the entry: the edge preloads the current page's chunks on first load.
        modulePreload: false,
        rollupOptions: {
          input: ['client/entry.tsx', STYLES_ENTRY, PUSH_WORKER_ENTRY],
          output: { codeSplitting: { groups: [{ name: REACT_DOM_CHUNK, test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }] } },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!)
      for (const [name, env] of Object.entries(builder.environments)) if (name !== 'client') await builder.build(env)
    },
  },
})
