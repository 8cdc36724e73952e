/** `virtual:client-manifest`: what the edge needs of the client build (entry, chunks, inlined CSS, the boot script). */
import fs from 'node:fs'
import { minifySync, transformSync } from 'rolldown/utils'
import type { Plugin } from 'vite'
import { parseCssRules } from '../shared/markup/css-rules.ts'
import { catalogueAssets } from './messages-catalogue.ts'

/** The push service worker is its own client entry, so Firebase never lands in the main bundle. */
const PUSH_WORKER_ENTRY = 'client/features/notifications/firebase-sw.ts'

/**
 * The shell's stylesheet is a build input of its own, not an import of the entry: the edge inlines it, and CSS attached
 * to the entry chunk would be listed as a dependency of every lazy chunk that imports the entry, which Vite's preload
 * helper then loads as a <link> (it cannot see inlined styles): the same rules twice and a restyle of the whole page.
 */
const SHELL_STYLES = 'client/styles/shell.css'

/**
 * The areas' sheets (`SHEET_NAMES` in shared/state/state.ts), build inputs too: pages declare them with <PageSheet>.
 */
const AREA_SHEETS = {
  site: 'client/styles/site.css',
  guide: 'client/styles/guide.css',
  services: 'client/styles/services.css',
} as const

/** The boot script's source; the manifest carries it compiled and minified, with its arguments left to the edge. */
const BOOT_SOURCE = 'client/runtime/boot.ts'

/**
 * React DOM (with its scheduler, and React, which the group takes along as a dependency) is a chunk of its own, which
 * the boot script starts as a module script before the entry: parsing and evaluating it is then one task and the rest
 * of the app another, not one long task of both.
 */
export const REACT_DOM_CHUNK = 'react-dom'

/** The client build's inputs. */
export const CLIENT_INPUTS = ['client/entry.tsx', SHELL_STYLES, ...Object.values(AREA_SHEETS), PUSH_WORKER_ENTRY]

/**
 * `bootAfterFirstPaint` as one minified expression statement that calls it with `BOOT_ARGS`, which the edge replaces
 * with the document's module lists.
 */
function compileBootScript(file = BOOT_SOURCE): string {
  const ts = fs.readFileSync(file, 'utf8')
  const js = transformSync(file, ts, { lang: 'ts' })
  if (js.errors.length) throw new Error(`${file}: ${js.errors.map((e) => e.message).join('; ')}`)
  const body = js.code.replace(/^export function bootAfterFirstPaint\(/m, 'function bootAfterFirstPaint(')
  if (body === js.code) throw new Error(`${file} must export function bootAfterFirstPaint`)
  const out = minifySync('boot.js', `(()=>{${body};bootAfterFirstPaint(...BOOT_ARGS)})()`, {
    compress: true,
    mangle: { toplevel: true },
  })
  if (out.errors?.length || !out.code.includes('BOOT_ARGS'))
    throw new Error(`${file}: minifying the boot script failed`)
  return out.code.trim().replace(/;$/, '')
}

/** `built`: the client build's manifest outside a build too (the worker tests of the production render path). */
export function clientManifest({ built = false }: { built?: boolean } = {}): Plugin {
  let isBuild = built
  // Where the client environment writes its build (`dist/client`, or under `--outDir` for a deploy build).
  let clientOutDir = 'dist/client'
  return {
    name: 'invest-portal:client-manifest',
    configResolved(c) {
      isBuild = built || c.command === 'build'
      // Outside a build (`built`) there is no client environment to ask: the tests read the default build.
      if (c.command === 'build') clientOutDir = c.environments.client?.build.outDir ?? clientOutDir
    },
    resolveId(id) {
      if (id === 'virtual:client-manifest') return '\0virtual:client-manifest'
    },
    load(id) {
      if (id !== '\0virtual:client-manifest') return
      if (!isBuild || this.environment.name === 'client') {
        const sheets = Object.fromEntries(
          Object.entries(AREA_SHEETS).map(([name, file]) => [name, { href: `/${file}`, text: '', rules: [] }]),
        )
        const messages = { uz: '', ru: '', en: '' }
        return `export default ${JSON.stringify({ entry: '/client/entry.tsx', css: [], cssText: '', cssRules: [], sheets, messages, preload: [], evaluateFirst: [], pages: {}, serverOnly: {}, boot: '', dev: true, pushWorker: `/${PUSH_WORKER_ENTRY}` })}`
      }
      type Chunk = { file: string; name?: string; css?: string[]; imports?: string[] }
      const m = JSON.parse(fs.readFileSync(`${clientOutDir}/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>
      const collect = (key: string, into: Set<string>) => {
        const chunk = m[key]
        if (!chunk || into.has(`/${chunk.file}`)) return into
        into.add(`/${chunk.file}`)
        for (const k of chunk.imports ?? []) collect(k, into)
        return into
      }
      const entry = m['client/entry.tsx']!
      const entryFiles = collect('client/entry.tsx', new Set())
      const preload = [...entryFiles].filter((f) => f !== `/${entry.file}`)
      const evaluateFirst = Object.values(m)
        .filter((c) => c.name === REACT_DOM_CHUNK)
        .map((c) => `/${c.file}`)
      if (evaluateFirst.length !== 1 || !preload.includes(evaluateFirst[0]!))
        this.error(`expected one ${REACT_DOM_CHUNK} chunk among the entry's imports`)
      // Per page: its own chunk first, then the chunks it imports, minus what the entry already loads (modulepreload on
      // first load; the document names the first as the page's module).
      const pages: Record<string, string[]> = {}
      const serverOnly: Record<string, string> = {}
      for (const key of Object.keys(m)) {
        const id = /^client\/pages\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1]
        if (id) pages[id] = [...collect(key, new Set())].filter((f) => !entryFiles.has(f))
        const bodyOf = /^client\/pages\/server-only\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1]
        if (bodyOf) serverOnly[bodyOf] = `/${m[key]!.file}`
      }
      const pushWorker = m[PUSH_WORKER_ENTRY] ? `/${m[PUSH_WORKER_ENTRY]!.file}` : null
      if (entry.css?.length)
        this.error(
          `CSS imported from the entry's module graph (${entry.css.join(', ')}): @import it from ${SHELL_STYLES}`,
        )
      // Vite writes url() references as absolute paths (base '/'), so the text reads the same inline in any page.
      // Each sheet also as rules, from which the edge picks those a document's classes can match.
      const read = (key: string) => {
        const file = m[key]?.file
        if (!file) this.error(`no built file for ${key}`)
        const text = fs.readFileSync(`${clientOutDir}/${file}`, 'utf8')
        return { href: `/${file}`, text, rules: parseCssRules(text) }
      }
      const shell = read(SHELL_STYLES)
      const sheets = Object.fromEntries(Object.entries(AREA_SHEETS).map(([name, key]) => [name, read(key)]))
      const boot = compileBootScript()
      const messages = Object.fromEntries(
        Object.entries(catalogueAssets()).map(([locale, { fileName }]) => [locale, `/${fileName}`]),
      )
      for (const file of Object.values(messages))
        if (!fs.existsSync(`${clientOutDir}${file}`)) this.error(`message catalogue ${file} was not built`)
      return `export default ${JSON.stringify({ entry: `/${entry.file}`, css: [shell.href], cssText: shell.text, cssRules: shell.rules, sheets, messages, preload, evaluateFirst, pages, serverOnly, boot, dev: false, pushWorker })}`
    },
  }
}
