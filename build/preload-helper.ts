/**
 * A smaller `__vitePreload`. With `modulePreload: false` Vite's helper only ever loads CSS (the toaster's chunk brings
 * sonner's sheet), yet it ships its module-preload and CSP-nonce logic in every first view (docs/performance.md). This one
 * links a chunk's stylesheets before the chunk runs; a failed load rejects the import with the message
 * `isChunkLoadError` (client/runtime/updates.ts) knows, where the unhandled-rejection watcher reloads once.
 */
import type { Plugin } from 'vite'

const HELPER_ID = '\0vite/preload-helper.js'

const CODE = `const seen = {}
const sheet = (dep) => (seen[dep] ??= new Promise((resolve, reject) => {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = '/' + dep
  link.onload = resolve
  link.onerror = () => reject(new Error('Unable to preload CSS for ' + dep))
  document.head.append(link)
}))
export const __vitePreload = (load, deps) => (deps && deps.length ? Promise.all(deps.filter((d) => d.endsWith('.css')).map(sheet)).then(load) : load())
`

export function lightPreloadHelper(): Plugin {
  return {
    name: 'invest-portal:light-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      if (id === HELPER_ID) return CODE
    },
    generateBundle(_options, bundle) {
      // Vite's helper carries `modulepreload`; this one does not: fail the build if the replacement did not take.
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.code.includes('relList.supports'))
          this.error(`Vite's preload helper is still in ${chunk.fileName}`)
    },
  }
}
