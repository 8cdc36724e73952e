import type { Plugin } from 'vite'
import { BUILD_ID, BUILD_TIMESTAMP } from './build-id.ts'

/**
 * Build manifests for deploy-safe clients (docs/product.md#build-updates): `/_app/builds/latest.json` = { id, timestamp
 * } and
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
