/**
 * `virtual:console-scripts`: the operator console's own browser scripts (docs/decisions/0055-console-editor.md),
 * bundled and minified from `console/browser/` when the console's worker is built, and carried in the worker itself,
 * which serves each at a content-hashed path. The console has no static assets of its own: a module of the worker is
 * the smallest way to serve two files from its own origin, immutable and under its own CSP.
 */
import { createHash } from 'node:crypto'
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'

/** Each script's entry: the content form's helpers (every content form), and the editor (forms with rich text). */
const CONSOLE_SCRIPT_ENTRIES = {
  form: 'console/browser/content-form.ts',
  editor: 'console/browser/editor.ts',
} as const

type ConsoleScriptName = keyof typeof CONSOLE_SCRIPT_ENTRIES

/** A built script: where the console serves it, its text, and the files it was built from. */
type ConsoleScript = { path: string; code: string; modules: string[] }

/** Bundles one entry for the browsers the console supports, as one self-contained, minified file. */
async function bundle(name: ConsoleScriptName): Promise<ConsoleScript> {
  const build = await rolldown({
    input: CONSOLE_SCRIPT_ENTRIES[name],
    platform: 'browser',
    transform: { define: { 'process.env.NODE_ENV': '"production"' }, target: 'es2022' },
    logLevel: 'warn',
  })
  try {
    const { output } = await build.generate({ format: 'iife', minify: true, comments: { legal: false } })
    const chunk = output[0]
    const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 12)
    return { path: `/assets/console-${name}-${hash}.js`, code: chunk.code, modules: chunk.moduleIds }
  } finally {
    await build.close()
  }
}

/** Every console script, built. */
async function bundleConsoleScripts(): Promise<Record<ConsoleScriptName, ConsoleScript>> {
  const names = Object.keys(CONSOLE_SCRIPT_ENTRIES) as ConsoleScriptName[]
  const built = await Promise.all(names.map(bundle))
  return Object.fromEntries(names.map((n, i) => [n, built[i]!])) as Record<ConsoleScriptName, ConsoleScript>
}

const ID = 'virtual:console-scripts'

/** The virtual module: `{ form: { path, code }, editor: { path, code } }`. */
export function consoleScripts(): Plugin {
  return {
    name: 'invest-portal:console-scripts',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return
      const scripts = await bundleConsoleScripts()
      for (const script of Object.values(scripts))
        for (const file of script.modules) if (!file.startsWith('\0')) this.addWatchFile(file)
      const served = Object.fromEntries(Object.entries(scripts).map(([n, s]) => [n, { path: s.path, code: s.code }]))
      return `export default ${JSON.stringify(served)}`
    },
  }
}
