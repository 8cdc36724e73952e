import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { clientManifest } from './build/client-manifest.ts'
import { startAccessStandIn } from './test/access-stand-in.ts'

/** The reference gateway as the portal's GATEWAY service in worker tests: the built bundle on the same local D1. */
const GATEWAY_DB_ID = 'local-invest-portal'
/** The portal's local REALTIME_SECRET (wrangler.toml [env.local.vars]), shared with the gateway as in `npm start`. */
const REALTIME_TEST_SECRET = 'local-realtime-secret-for-development-only'

/**
 * Worker tests of the production render path (one-pass render, inlined CSS): they run on the client build's manifest.
 */
const BUILT_TESTS = 'test/worker/**/*.built.test.ts'

/**
 * The whole portal worker in workerd with the built reference gateway as its GATEWAY service. `built`: the edge renders
 * with the client build's manifest, as deployed (`npx vite build` first); otherwise with the development manifest, as
 * under `vite dev`, whose documents always stream.
 */
function workerProject(name: string, include: string[], built: boolean) {
  return {
    plugins: [
      react(),
      clientManifest({ built }),
      cloudflareTest(async () => ({
        wrangler: { configPath: './wrangler.toml', environment: 'local' },
        miniflare: {
          // PAYLOAD_MEMORY_MS 0: these tests read and write KV entries directly, and each request must see them;
          // the isolate's memory layer has its own tests, which turn it on per request.
          bindings: { TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations'), PAYLOAD_MEMORY_MS: '0' },
          d1Databases: { GATEWAY_DB: GATEWAY_DB_ID },
          workers: [
            {
              name: 'invest-portal-gateway',
              modules: true,
              scriptPath: './dist/invest_portal_gateway/index.js',
              compatibilityDate: '2026-10-01',
              d1Databases: { DB: GATEWAY_DB_ID },
              r2Buckets: { UPLOADS: 'invest-portal-uploads' },
              bindings: {
                DEV_MODE: '1',
                PUBLIC_BASE: '/gateway',
                PORTAL_ORIGIN: 'http://localhost',
                ONEID_AUTHORIZE_URL: '',
                ONEID_CLIENT_ID: '',
                BOT_PROVIDER: '',
                REALTIME_SECRET: REALTIME_TEST_SECRET,
              },
              // The gateway publishes realtime events to the portal under test (the plugin's runner worker, named after
              // the project).
              serviceBindings: { PORTAL: `vitest-plugin-runner-${name}` },
            },
          ],
        },
      })),
    ],
    define: { __BUILD_ID__: JSON.stringify('test-build') },
    test: {
      name,
      include,
      exclude: built ? [] : [BUILT_TESTS],
      setupFiles: ['test/worker/setup.ts'],
      globalSetup: built ? [] : ['test/fault-upstream.ts'],
    },
  }
}

/** The audience of the console's Access application in its tests. */
const CONSOLE_TEST_AUD = 'invest-portal-console-test-aud'

/**
 * The operator console in workerd with the built reference gateway as its GATEWAY service, both checking tokens of a
 * stand-in Access issuer started here (its origin is each worker's ACCESS_TEAM_DOMAIN, so it must exist before they
 * do). Tests set data up through the gateway and read its D1 as GATEWAY_DB.
 */
function consoleProject() {
  return {
    plugins: [
      react(),
      cloudflareTest(async () => {
        const issuer = await startAccessStandIn()
        // The issuer lives as long as the test process and keeps nothing else alive.
        issuer.server.unref()
        const access = { ACCESS_TEAM_DOMAIN: issuer.origin, ACCESS_AUD: CONSOLE_TEST_AUD }
        return {
          wrangler: { configPath: './console/wrangler.toml', environment: 'local' },
          miniflare: {
            bindings: { TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations'), ...access },
            d1Databases: { GATEWAY_DB: 'console-test-db' },
            workers: [
              {
                name: 'invest-portal-gateway',
                modules: true,
                scriptPath: './dist/invest_portal_gateway/index.js',
                compatibilityDate: '2026-10-01',
                d1Databases: { DB: 'console-test-db' },
                r2Buckets: { UPLOADS: 'console-test-uploads' },
                bindings: {
                  DEV_MODE: '1',
                  PUBLIC_BASE: '/gateway',
                  PORTAL_ORIGIN: 'http://localhost',
                  ONEID_AUTHORIZE_URL: '',
                  ONEID_CLIENT_ID: '',
                  BOT_PROVIDER: '',
                  FIRST_ADMIN_EMAIL: 'first.admin@console.test',
                  ...access,
                },
              },
            ],
          },
        }
      }),
    ],
    test: { name: 'console', include: ['console/test/**/*.test.ts'], setupFiles: ['console/test/setup.ts'] },
  }
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.ts', 'test/*.test.ts'],
          environment: 'node',
        },
      },
      workerProject('worker', ['test/worker/**/*.test.ts', 'worker/**/*.test.ts'], false),
      workerProject('worker-built', [BUILT_TESTS], true),
      consoleProject(),
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './gateway/wrangler.toml', environment: 'local' },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations') },
              // The gateway alone: its PORTAL binding (realtime publishes) reaches a stand-in that accepts them. The
              // real
              // portal receiving the gateway's publishes is tested in the worker project
              // (test/worker/realtime.test.ts).
              workers: [
                {
                  name: 'invest-portal',
                  modules: true,
                  compatibilityDate: '2026-10-01',
                  script: 'export default { fetch: () => new Response(null, { status: 202 }) }',
                },
              ],
            },
          })),
        ],
        test: {
          name: 'gateway',
          include: ['gateway/test/**/*.test.ts'],
          setupFiles: ['gateway/test/setup.ts'],
          globalSetup: ['test/fcm-stand-in.ts', 'test/access-stand-in.ts'],
        },
      },
    ],
  },
})
