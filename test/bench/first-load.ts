/** First-load JS of a page type: the entry, its static imports, and the page's chunk with its imports, gzipped. */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }

export type FirstLoad = { route: string; files: string[]; gzipBytes: number }

function readClientManifest(dist = 'dist/client'): Record<string, Chunk> {
  return JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>
}

function collect(manifest: Record<string, Chunk>, key: string, into: Set<string>) {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return
  into.add(chunk.file)
  for (const imp of chunk.imports ?? []) collect(manifest, imp, into)
}

/** The files a first visit to `routeId` downloads before the page is interactive. */
export function firstLoad(routeId: string, dist = 'dist/client'): FirstLoad {
  const manifest = readClientManifest(dist)
  const files = new Set<string>()
  collect(manifest, 'client/entry.tsx', files)
  // A server-only page's body is not part of its first view: the browser adopts what the edge drew.
  const pageKey = `client/pages/${routeId}.tsx`
  if (manifest[pageKey]) collect(manifest, pageKey, files)
  else if (!manifest[`client/pages/server-only/${routeId}.tsx`]) throw new Error(`no page module for ${routeId}`)
  const list = [...files].filter((f) => f.endsWith('.js'))
  // The default level, as `vite preview` and most servers compress.
  const gzipBytes = list.reduce((sum, f) => sum + gzipSync(readFileSync(`${dist}/${f}`)).length, 0)
  return { route: routeId, files: list, gzipBytes }
}
