import { generateKeyPairSync } from 'node:crypto'
import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { CONSOLE_ORIGIN, CONSOLE_PORT } from './test/e2e/console-config'
import {
  FCM_STAND_IN_ORIGIN,
  FCM_STAND_IN_PORT,
  FIREBASE_CONFIG,
  FIREBASE_PROJECT,
  PUSH_ORIGIN,
  PUSH_PORT,
  SERVICE_ACCOUNT_EMAIL,
  VAPID_KEY,
} from './test/e2e/push-config'

const PORT = Number(process.env.E2E_PORT ?? 8790)

/**
 * The browsers (docs/architecture.md#tests): Debian's Chromium, and its headless build of the same version
 * (`chromium-headless-shell`, the build Playwright itself runs headless), which loads a page for about half the CPU.
 * The headless build has no Push API or notification permission, so the push specs run in the full browser.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
const PUSH_SPECS = /(push|profile-notifications)\.spec\.ts$/
const PUBLISHING_SPECS = /console-(publish|editor)\.spec\.ts$/

/** Launch options for `executablePath`. */
function chromium(executablePath: string) {
  return {
    // Local Network Access checks off: a document a test rewrites with `route.fulfill` has no address space, so
    // Chromium counts it as public and refuses its same-origin WebSocket (realtime) to the loopback test server.
    // Production pages are never on a loopback address, where these checks apply.
    // One renderer process at a time where the sites allow it: by default Chromium starts a spare renderer beside each
    // test's page for a navigation that never comes, so a test paid for two process starts; with one it pays for one,
    // and the suite took 10 to 13 % less CPU (docs/performance.md#test-suite-time). Cross-site pages still get a process of
    // their own (site isolation outranks the limit).
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=LocalNetworkAccessChecks',
      '--renderer-process-limit=1',
    ],
  }
}
const headless = chromium(existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM)

/** The push portal's service account: a key pair made for this run, its public half given to the FCM stand-in. */
const pushKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const serviceAccount = {
  type: 'service_account',
  project_id: FIREBASE_PROJECT,
  private_key: pushKeys.privateKey,
  client_email: SERVICE_ACCOUNT_EMAIL,
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once is a test to fix (timing is a controlled clock or a held request, never a
  // sleep).
  retries: 0,
  timeout: 30_000,
  globalTimeout: 20 * 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  projects: [
    { name: 'portal', testIgnore: [PUBLISHING_SPECS, PUSH_SPECS], use: { launchOptions: headless } },
    { name: 'push', testMatch: PUSH_SPECS, use: { launchOptions: chromium(CHROMIUM) } },
    // Publishing changes what every reader sees (the news list, search, the home page), which the portal's tests read
    // as seeded: it runs once they are done.
    {
      name: 'publishing',
      testMatch: PUBLISHING_SPECS,
      dependencies: ['portal', 'push'],
      use: { launchOptions: headless },
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
  },
  webServer: [
    {
      // A fresh state every run: the gateway's hourly limits (3 reset mails per account) must not carry over from the
      // last run.
      command: 'node scripts/start.mjs --reset',
      // Ready once seeded and the operator console is up: start.mjs seeds, then starts the console, and its Access
      // stand-in listens only once the console answers (test/e2e/console-config.ts).
      url: `${CONSOLE_ORIGIN}/cdn-cgi/access/login`,
      env: {
        PORT: String(PORT),
        STATE_DIR: '.wrangler/e2e-state',
        SKIP_BUILD: '1',
        CONSOLE_PORT: String(CONSOLE_PORT),
      },
      reuseExistingServer: !process.env.CI,
      // start.mjs stops its preview server's whole process group on SIGTERM; a SIGKILL would leave it holding the pipe.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      // Google's OAuth token endpoint and FCM, for the push portal's gateway (test/fcm-stand-in.ts).
      command: `node test/fcm-stand-in.ts --port ${FCM_STAND_IN_PORT}`,
      url: `${FCM_STAND_IN_ORIGIN}/__control/log`,
      env: {
        FCM_STAND_IN_ACCOUNTS: JSON.stringify([
          { client_email: SERVICE_ACCOUNT_EMAIL, project_id: FIREBASE_PROJECT, public_key: pushKeys.publicKey },
        ]),
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The same build with push configured (test/e2e/push-config.ts); the servers take these variables from the
      // environment (CLOUDFLARE_INCLUDE_PROCESS_ENV).
      command: 'node scripts/start.mjs --reset',
      url: `${PUSH_ORIGIN}/gateway/siw/public/post/1`,
      env: {
        PORT: String(PUSH_PORT),
        STATE_DIR: '.wrangler/e2e-push-state',
        SKIP_BUILD: '1',
        // The console runs with the main portal only.
        CONSOLE_PORT: '0',
        CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
        FIREBASE_CONFIG: JSON.stringify(FIREBASE_CONFIG),
        VAPID_KEY,
        PORTAL_ORIGIN: PUSH_ORIGIN,
        FCM_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
        FCM_ENDPOINT: FCM_STAND_IN_ORIGIN,
        FCM_TOKEN_ENDPOINT: `${FCM_STAND_IN_ORIGIN}/token`,
      },
      // A reused server would hold another run's service account, which this run's stand-in does not know.
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
})
