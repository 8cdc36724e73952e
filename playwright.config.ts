import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 8790)

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // One retry in CI absorbs load-induced timing flakes on the shared 2-core machine; Playwright reports them as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  globalTimeout: 20 * 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    // A fresh state every run: the gateway's hourly limits (3 reset mails per account) must not carry over from the
    // last run.
    command: 'node scripts/start.mjs --reset',
    // Ready once seeded: this post is 404 until the seed runs, and a gateway read (unlike a page) fills no payload cache.
    url: `http://127.0.0.1:${PORT}/gateway/siw/public/post/1`,
    env: { PORT: String(PORT), STATE_DIR: '.wrangler/e2e-state', SKIP_BUILD: '1' },
    reuseExistingServer: !process.env.CI,
    // start.mjs stops its preview server's whole process group on SIGTERM; a SIGKILL would leave it holding the pipe.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
    stdout: 'pipe',
  },
})
