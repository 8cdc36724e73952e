import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { BUILD_ID } from './build/build-id.ts'
import { buildManifests } from './build/build-manifests.ts'
import { CLIENT_INPUTS, clientManifest, REACT_DOM_CHUNK } from './build/client-manifest.ts'
import { consoleScripts } from './build/console-scripts.ts'
import { mailWithoutPrettier } from './build/mail-without-prettier.ts'
import { messagesCatalogue } from './build/messages-catalogue.ts'
import { lightPreloadHelper } from './build/preload-helper.ts'
import { previewCompression } from './build/preview-compression.ts'
import { previewKeepAlive } from './build/preview-keep-alive.ts'
import { sonnerSpecValues } from './build/sonner-spec-values.ts'

/**
 * The gateway's development build (the `local` environment: `npm start`, `npm run dev`, the tests) carries its `/dev`
 * helpers and the seed; every other build drops them (docs/operations.md#development-build). The deploy check verifies it.
 */
const GATEWAY_DEV = process.env.CLOUDFLARE_ENV === 'local'

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  // rosetta's path lookup, dlv, names a UMD build as its `browser` file, which Vite prefers: three copies of one
  // function in a CommonJS wrapper. Its ES module is the function once (docs/performance.md#rosetta-in-the-first-view).
  resolve: { alias: [{ find: /^dlv$/, replacement: 'dlv/dist/dlv.es.js' }] },
  // Rolldown's timing notice measures the machine, not the code: on a loaded CI host it printed on every build and
  // buried real warnings. Build speed is not budgeted; sizes are (docs/performance.md).
  build: { rollupOptions: { checks: { bundlerTimings: false } } },
  plugins: [
    react(),
    previewCompression(),
    previewKeepAlive(),
    cloudflare({
      auxiliaryWorkers: [{ configPath: './gateway/wrangler.toml' }, { configPath: './console/wrangler.toml' }],
      // The DevTools port: INSPECTOR_PORT, which scripts/start.mjs sets (0, any free port) so that two stacks starting
      // at once never race for the plugin's default, 9229 (docs/operations.md#local-servers).
      inspectorPort: process.env.INSPECTOR_PORT ? Number(process.env.INSPECTOR_PORT) : undefined,
      // Local KV/D1/R2 state; tests point STATE_DIR elsewhere so they never touch the dev data.
      persistState: { path: process.env.STATE_DIR ?? '.wrangler/state' },
      // `GATEWAY_ORIGIN=http://host:port npm start` points the portal at another upstream (README).
      config: (worker) => {
        if (worker.name === 'invest-portal' && process.env.GATEWAY_ORIGIN)
          worker.vars = { ...worker.vars, GATEWAY_ORIGIN: process.env.GATEWAY_ORIGIN }
      },
    }),
    clientManifest(),
    consoleScripts(),
    sonnerSpecValues(),
    buildManifests(),
    messagesCatalogue(),
    lightPreloadHelper(),
    mailWithoutPrettier(),
  ],
  environments: {
    invest_portal_gateway: {
      define: { __GATEWAY_DEV__: JSON.stringify(GATEWAY_DEV) },
      // One module: the mail renderer's dynamic imports (React's server renderer) stay inside the worker's bundle, so
      // the tests' Miniflare, which loads `index.js` alone, runs what deploys (docs/decisions/0046-mail-templates.md).
      build: { rollupOptions: { output: { codeSplitting: false } } },
    },
    client: {
      build: {
        manifest: true,
        // The projects map's chunk is MapLibre (1.1 MB minified, 301 KB gzip), loaded only when a reader opens the map
        // (docs/decisions/0058-project-map.md); every first view is held to its own budget (docs/performance.md).
        chunkSizeWarningLimit: 1200,
        // No per-import dependency lists in the entry: the edge preloads the current page's chunks on first load.
        modulePreload: false,
        rollupOptions: {
          input: CLIENT_INPUTS,
          output: {
            codeSplitting: {
              groups: [
                { name: REACT_DOM_CHUNK, test: /[\\/]node_modules[\\/](react-dom|react|scheduler)[\\/]/ },
                // Small modules the entry shares with lazily loaded chunks, in one chunk rather than one each.
                {
                  name: 'shell',
                  test: /[\\/]client[\\/](runtime[\\/](i18n|visibility|lazy-component|router|static-section)|ui[\\/](page-title|icons?))\.tsx?$|[\\/]shared[\\/](constants|i18n[\\/]i18n|routing[\\/](routes|match|guards|errors|payload-path)|keys[\\/]api-keys)\.ts$|preload-helper/,
                },
                // The Intl helpers: most pages with dates or figures use them.
                { name: 'format', test: /[\\/]client[\\/]lib[\\/]format(-uz)?\.ts$/ },
                // What the trading pages (e-auction, a lot, UzEx) share: deadlines, prices, the external link, their
                // data plans and keys, and the live channel (hook, socket, announcer), in one chunk rather than
                // several: each chunk a first view fetches costs its own framing. A signed-in header's live part
                // loads it too, after hydration. (A group takes in what its modules import, unless an earlier group
                // has it.)
                {
                  name: 'trading',
                  test: /[\\/]client[\\/](features[\\/]services[\\/](countdown|use-open-until|lot-price-facts|lot-format|external-link)|runtime[\\/]realtime[\\/](use-channel|live-announcer|connection))\.tsx?$|[\\/]shared[\\/](keys[\\/]trading-keys|plans[\\/]trading|realtime[\\/]realtime)\.ts$/,
                },
              ],
            },
          },
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
