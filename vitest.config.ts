import { availableParallelism } from 'node:os'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { clientManifest } from './build/client-manifest.ts'
import { consoleScripts } from './build/console-scripts.ts'
import { startAccessStandIn } from './test/access-stand-in.ts'
import { ONEID_TEST_CLIENT } from './test/oneid-stand-in.ts'

/** The reference gateway as the portal's GATEWAY service in worker tests: the built bundle on the same local D1. */
const GATEWAY_DB_ID = 'local-invest-portal'
/** A database of its own for the fresh-deployment tests, which must never see the seeded one. */
const EMPTY_DB_ID = 'empty-invest-portal'
/** The portal's local REALTIME_SECRET (wrangler.toml [env.local.vars]), shared with the gateway as in `npm start`. */
const REALTIME_TEST_SECRET = 'local-realtime-secret-for-development-only'
/** The gateway's local sender (gateway/wrangler.toml [env.local]), the one its EMAIL binding allows. */
const MAIL_FROM = 'noreply@invest.localhost'

/**
 * The workers under test run React as deployed (docs/performance.md#test-suite-time): its production build (React's
 * packages pick it by `process.env.NODE_ENV`, which workerd fills from a NODE_ENV binding) and JSX compiled for it. The
 * development build, which Vite and the pool gave them before, renders several times slower, and the tests asserted
 * nothing it adds (its console warnings).
 */
const PRODUCTION_REACT = { NODE_ENV: 'production' }
const PRODUCTION_JSX = { jsx: { development: false } }

/**
 * Worker tests of the production render path (one-pass render, inlined CSS): they run on the client build's manifest.
 */
const BUILT_TESTS = 'test/worker/**/*.built.test.ts'

/**
 * Worker tests of what one isolate holds in its memory (the payload memory, the site settings it asked for, rendered
 * sections, the realtime hub's sockets): each file runs in an isolate and storage of its own, the others share a
 * worker's (docs/performance.md#test-suite-time).
 */
const ISOLATE_TESTS = [
  'test/worker/contract-faults.test.ts',
  'test/worker/feeds-and-downloads.test.ts',
  'test/worker/faults.test.ts',
  'test/worker/fuzz-requests.test.ts',
  'test/worker/payload-cache.test.ts',
  'test/worker/payload-memory.test.ts',
  'test/worker/realtime.test.ts',
  'test/worker/section.test.ts',
  'test/worker/share.test.ts',
  'test/worker/site-settings.test.ts',
  'test/worker/streaming.test.ts',
]

/** Where OneID "lives" for the portal's OneID tests; the outbound service sends it to the stand-in. */
const ONEID_TEST_HOST = 'https://sso.oneid.test'

/**
 * The built reference gateway as a service of the portal under test (project `name`), with its local configuration
 * and mail as `npm start` runs it: the queue, its consumer (this worker) and Miniflare's send_email.
 */
const QUEUE_CONSUMERS = {
  'invest-portal-mail': { maxBatchTimeout: 1, maxRetries: 8, deadLetterQueue: 'invest-portal-mail-failed' },
  'invest-portal-mail-failed': { maxBatchTimeout: 1 },
  // Downloads of one's data that hold many records (docs/decisions/0050-data-export.md).
  'invest-portal-exports': { maxBatchSize: 1, maxBatchTimeout: 1, maxRetries: 3 },
}
/** The gateway's queues: mail, and the data exports. */
const QUEUE_PRODUCERS = { MAIL_QUEUE: 'invest-portal-mail', EXPORT_QUEUE: 'invest-portal-exports' }

function gatewayWorker(
  name: string,
  vars: Record<string, string> = {},
  { consumesQueues = true, dbId = GATEWAY_DB_ID } = {},
) {
  return {
    modules: true,
    scriptPath: './dist/invest_portal_gateway/index.js',
    compatibilityDate: '2026-10-01',
    d1Databases: { DB: dbId },
    r2Buckets: { UPLOADS: 'invest-portal-uploads' },
    queueProducers: QUEUE_PRODUCERS,
    // A queue has one consumer: the portal's own gateway.
    queueConsumers: (consumesQueues ? QUEUE_CONSUMERS : []) as Record<string, object> | string[],
    email: { send_email: [{ name: 'EMAIL', allowed_sender_addresses: [MAIL_FROM] }] },
    bindings: {
      MAIL_FROM,
      DEV_MODE: '1',
      PUBLIC_BASE: '/gateway',
      PORTAL_ORIGIN: 'http://localhost',
      ONEID_AUTHORIZE_URL: '',
      ONEID_CLIENT_ID: 'invest-portal-local',
      ONEID_CLIENT_SECRET: 'local-oneid-secret-for-development-only',
      BOT_PROVIDER: '',
      REALTIME_SECRET: REALTIME_TEST_SECRET,
      ...vars,
    },
    // The gateway publishes realtime events to the portal under test (the plugin's runner worker, named after the
    // project).
    serviceBindings: { PORTAL: `vitest-plugin-runner-${name}` },
  }
}

/**
 * The whole portal worker in workerd with the built reference gateway as its GATEWAY service. `built`: the edge renders
 * with the client build's manifest, as deployed (`npx vite build` first); otherwise with the development manifest, as
 * under `vite dev`, whose documents always stream.
 * `empty`: the portal on a fresh production database instead: migrated, never seeded, the gateway in production mode
 * (docs/operations.md#first-deploy), to see every page's empty state.
 */
function workerProject(
  name: string,
  include: string[],
  { built = false, empty = false, isolated = false }: { built?: boolean; empty?: boolean; isolated?: boolean } = {},
) {
  // The built and the fresh-database projects keep an isolate per file, as the isolate-memory tests do.
  const ownIsolate = isolated || built || empty
  const dbId = empty ? EMPTY_DB_ID : GATEWAY_DB_ID
  return {
    plugins: [
      react(),
      clientManifest({ built }),
      cloudflareTest(async () => {
        // Editors publish through the gateway's operator calls in the publishing tests: a stand-in Access issuer signs
        // their tokens (test/worker/publishing.test.ts reaches it at TEST_ACCESS_ISSUER).
        const issuer = await startAccessStandIn()
        issuer.server.unref()
        const access = { ACCESS_TEAM_DOMAIN: issuer.origin, ACCESS_AUD: WORKER_TEST_AUD }
        return {
          wrangler: { configPath: './wrangler.toml', environment: 'local' },
          miniflare: {
            // PAYLOAD_MEMORY_MS 0: these tests read and write KV entries directly, and each request must see them;
            // the isolate's memory layer has its own tests, which turn it on per request.
            bindings: {
              TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations'),
              PAYLOAD_MEMORY_MS: '0',
              ...PRODUCTION_REACT,
              TEST_ACCESS_ISSUER: issuer.origin,
              TEST_ACCESS_AUD: WORKER_TEST_AUD,
            },
            d1Databases: { GATEWAY_DB: dbId },
            // The portal's second gateway, for the OneID tests (test/worker/oneid.test.ts): the same bundle on the same
            // D1, configured for OneID as a deployment is, its calls to OneID routed to the stand-in.
            serviceBindings: { GATEWAY_ONEID: 'invest-portal-gateway-oneid' },
            workers: [
              {
                name: 'invest-portal-gateway',
                ...gatewayWorker(name, empty ? { DEV_MODE: '0', ...access } : access, { dbId }),
              },
              {
                name: 'invest-portal-gateway-oneid',
                ...gatewayWorker(
                  name,
                  {
                    DEV_MODE: '0',
                    ONEID_AUTHORIZE_URL: `${ONEID_TEST_HOST}/sso/oauth/Authorization.do`,
                    ONEID_CLIENT_ID: ONEID_TEST_CLIENT.id,
                    ONEID_CLIENT_SECRET: ONEID_TEST_CLIENT.secret,
                    ONEID_TIMEOUT_MS: '500',
                  },
                  { consumesQueues: false, dbId },
                ),
                // Every fetch this gateway makes goes to the OneID stand-in (test/oneid-stand-in.ts), which the global
                // setup started in this process before any request.
                outboundService: (request: Request) => {
                  const url = new URL(request.url)
                  return fetch(new Request(`${process.env.ONEID_STAND_IN_ORIGIN}${url.pathname}${url.search}`, request))
                },
              },
            ],
          },
        }
      }),
    ],
    define: { __BUILD_ID__: JSON.stringify('test-build') },
    oxc: PRODUCTION_JSX,
    test: {
      name,
      // One workerd per worker, not per file (docs/performance.md#test-suite-time); `setup.ts` starts each file on a
      // freshly seeded database and an empty payload cache. The files that test what an isolate keeps in its memory
      // (`ISOLATE_TESTS`) get an isolate of their own.
      isolate: ownIsolate,
      include,
      exclude: [...(built ? [] : [BUILT_TESTS]), ...(ownIsolate ? [] : ISOLATE_TESTS)],
      setupFiles: [empty ? 'test/worker-empty/setup.ts' : 'test/worker/setup.ts'],
      globalSetup: built || empty ? [] : ['test/fault-upstream.ts', 'test/oneid-stand-in.ts'],
    },
  }
}

/** The audience of the operators' Access application in the portal's publishing tests. */
const WORKER_TEST_AUD = 'invest-portal-publishing-test-aud'

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
      consoleScripts(),
      cloudflareTest(async () => {
        const issuer = await startAccessStandIn()
        // The issuer lives as long as the test process and keeps nothing else alive.
        issuer.server.unref()
        const access = { ACCESS_TEAM_DOMAIN: issuer.origin, ACCESS_AUD: CONSOLE_TEST_AUD }
        return {
          wrangler: { configPath: './console/wrangler.toml', environment: 'local' },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations'),
              ...PRODUCTION_REACT,
              ...access,
            },
            d1Databases: { GATEWAY_DB: 'console-test-db' },
            workers: [
              {
                name: 'invest-portal-gateway',
                modules: true,
                scriptPath: './dist/invest_portal_gateway/index.js',
                compatibilityDate: '2026-10-01',
                d1Databases: { DB: 'console-test-db' },
                r2Buckets: { UPLOADS: 'console-test-uploads' },
                // Decisions mail their applicants, as on a deployment: the queue, its consumer and send_email.
                queueProducers: QUEUE_PRODUCERS,
                queueConsumers: QUEUE_CONSUMERS,
                email: { send_email: [{ name: 'EMAIL', allowed_sender_addresses: [MAIL_FROM] }] },
                bindings: {
                  MAIL_FROM,
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
    oxc: PRODUCTION_JSX,
    // A workerd per file: `day-one.test.ts` starts from an empty deployment, which files sharing storage are not.
    test: { name: 'console', include: ['console/test/**/*.test.ts'], setupFiles: ['console/test/setup.ts'] },
  }
}

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle, and most of a worker file's time is workerd waiting on I/O
    // (docs/performance.md#test-suite-time: 352 s with one worker, 232 s with two, on 2 cores).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // One Node per worker, not per file: the files hold no state between them, checked with shuffled orders
          // (docs/performance.md#test-suite-time).
          isolate: false,
          include: [
            'contract/**/*.test.ts',
            'platform/**/*.test.ts',
            'shared/**/*.test.ts',
            'client/**/*.test.ts',
            'console/browser/**/*.test.ts',
            'test/*.test.ts',
          ],
          environment: 'node',
        },
      },
      workerProject('worker', ['test/worker/**/*.test.ts', 'worker/**/*.test.ts']),
      workerProject('worker-isolated', ISOLATE_TESTS, { isolated: true }),
      workerProject('worker-built', [BUILT_TESTS], { built: true }),
      workerProject('worker-empty', ['test/worker-empty/**/*.test.ts'], { empty: true }),
      consoleProject(),
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './gateway/wrangler.toml', environment: 'local' },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations'), ...PRODUCTION_REACT },
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
        // The gateway's tests run its development build: the /dev helpers and the seed are part of it (vite.config.ts).
        define: { __GATEWAY_DEV__: 'true' },
        oxc: PRODUCTION_JSX,
        test: {
          name: 'gateway',
          // One workerd per worker, not per file: its start and the module graph's transform cost seconds a file
          // (docs/performance.md#test-suite-time). The files share its storage; `setup.ts` starts each on a fresh
          // database.
          isolate: false,
          include: ['gateway/test/**/*.test.ts'],
          setupFiles: ['gateway/test/setup.ts'],
          globalSetup: ['test/fcm-stand-in.ts', 'test/access-stand-in.ts', 'test/oneid-stand-in.ts'],
        },
      },
    ],
  },
})
