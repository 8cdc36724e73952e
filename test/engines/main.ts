/**
 * The engine suite (docs/architecture.md#tests): starts the build with a freshly seeded gateway, runs every case in
 * every language in Firefox and WebKit side by side, prints cases × engines and exits non-zero on any failure.
 * Env: ENGINES_PORT (8840; the engines' proxies, the driver and the server take it and the next three).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { LOCALES, type Locale } from '../../contract/locales.ts'
import { CASES, type Case } from './cases.ts'
import { type Engine, launchFirefox, launchWebKit, type Tab, until } from './engines.ts'

const BASE = Number(process.env.ENGINES_PORT ?? 8840)
const PORTS = { server: BASE, firefox: BASE + 1, webkit: BASE + 2, webkitDriver: BASE + 3 }
const serverOrigin = `http://127.0.0.1:${PORTS.server}`
/** A case that takes longer has hung (each wait inside it gives up after 10 s). */
const CASE_TIMEOUT_MS = 60_000
/**
 * Cases not started by then are reported as not run, so a broken engine still ends in a report within `npm test`'s
 * ceiling (5 minutes). In `npm test` the suite shares two cores with the load test and the bench smoke: 105 s there, 68 s
 * alone.
 */
const SUITE_BUDGET_MS = 240_000
/** ENGINES_ONLY=Firefox or WebKit runs one engine (while working on it); the suite in CI runs both. */
const only = process.env.ENGINES_ONLY
const ENGINE_NAMES = ['Firefox', 'WebKit'].filter((name) => !only || name === only)

type Outcome = { ok: boolean; ms: number; error?: string }
const results = new Map<string, Map<string, Outcome>>()
const rowKey = (c: Case, locale: Locale) => `${c.name} (${locale})`
const started = Date.now()

// The same build the Playwright suite runs, served by `npm start`'s script on a state of its own, wiped first.
const server = spawn('node', ['scripts/start.mjs', '--reset'], {
  // No operator console: this suite does not use it (docs/operations.md#local-console).
  env: {
    ...process.env,
    PORT: String(PORTS.server),
    STATE_DIR: '.wrangler/engines-state',
    SKIP_BUILD: '1',
    CONSOLE_PORT: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
let serverExited = false
server.on('exit', () => (serverExited = true))

const engines: Engine[] = []
async function stopAll() {
  await Promise.allSettled(engines.map((e) => e.close()))
  if (!serverExited) {
    // start.mjs stops its server's whole process group on SIGTERM.
    server.kill('SIGTERM')
    await Promise.race([once(server, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopAll().finally(() => process.exit(1))
  })
}

async function serverReady() {
  // Ready once seeded: this post is 404 until the seed runs (as playwright.config.ts waits).
  await until(
    async () => {
      if (serverExited) throw new Error('the server exited')
      return (await fetch(`${serverOrigin}/gateway/siw/public/post/1`)).ok
    },
    'the server to start and seed',
    120_000,
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms)),
  )
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function record(engine: string, c: Case, locale: Locale, outcome: Outcome) {
  const key = rowKey(c, locale)
  if (!results.has(key)) results.set(key, new Map())
  results.get(key)!.set(engine, outcome)
  console.log(
    `${outcome.ok ? '✓' : '✗'} ${engine} › ${key} ${(outcome.ms / 1000).toFixed(1)} s${outcome.ok ? '' : `\n    ${outcome.error!.split('\n')[0]}`}`,
  )
}

async function runEngine(name: string, launch: Promise<Engine>) {
  let engine: Engine
  try {
    engine = await launch
    engines.push(engine)
    await ready
  } catch (err) {
    for (const locale of LOCALES)
      for (const c of CASES) record(name, c, locale, { ok: false, ms: 0, error: `not run: ${(err as Error).message}` })
    return
  }
  for (const locale of LOCALES) {
    let tab: Tab
    try {
      tab = await engine.newTab()
    } catch (err) {
      for (const c of CASES) record(name, c, locale, { ok: false, ms: 0, error: `not run: ${(err as Error).message}` })
      continue
    }
    for (const c of CASES) {
      const t0 = Date.now()
      if (t0 - started > SUITE_BUDGET_MS) {
        record(name, c, locale, {
          ok: false,
          ms: 0,
          error: `not run: the suite ran out of its ${SUITE_BUDGET_MS / 1000} s`,
        })
        continue
      }
      try {
        await withTimeout(c.run({ engine, tab, locale, serverOrigin }), CASE_TIMEOUT_MS, c.name)
        // As in the Playwright suite, any script error fails the case it happened in, late ones included.
        await tab.settle()
        const errors = await tab.takeErrors()
        if (errors.length) throw new Error(`script errors:\n  ${errors.join('\n  ')}`)
        record(name, c, locale, { ok: true, ms: Date.now() - t0 })
      } catch (err) {
        engine.proxy.releaseScripts()
        const errors = await tab.takeErrors().catch(() => [])
        const message = (err as Error).message + (errors.length ? `\nscript errors:\n  ${errors.join('\n  ')}` : '')
        record(name, c, locale, { ok: false, ms: Date.now() - t0, error: message })
      }
    }
    await tab.close().catch(() => undefined)
  }
}

const ready = serverReady()
ready.catch(() => undefined)
// The browsers start while the server prepares its state; the cases wait for both. The engines run side by side.
await Promise.all([
  ENGINE_NAMES.includes('Firefox')
    ? runEngine('Firefox', launchFirefox({ proxyPort: PORTS.firefox, upstreamPort: PORTS.server }))
    : null,
  ENGINE_NAMES.includes('WebKit')
    ? runEngine(
        'WebKit',
        launchWebKit({ proxyPort: PORTS.webkit, upstreamPort: PORTS.server, driverPort: PORTS.webkitDriver }),
      )
    : null,
])
const versions = ENGINE_NAMES.flatMap((name) =>
  engines.filter((e) => e.name === name).map((e) => `${e.name}: ${e.version}`),
).join(', ')
await stopAll()

const cell = (o: Outcome | undefined) => (!o ? 'not run' : `${o.ok ? 'ok' : 'FAIL'} ${(o.ms / 1000).toFixed(1)} s`)
const rows = LOCALES.flatMap((locale) => CASES.map((c) => rowKey(c, locale)))
const width = Math.max(...rows.map((k) => k.length))
console.log(
  `\nEngine suite: ${CASES.length} cases × ${LOCALES.length} languages × ${ENGINE_NAMES.length} engines (${versions})\n`,
)
console.log(`${'case'.padEnd(width)}  ${ENGINE_NAMES.map((n) => n.padEnd(12)).join('')}`)
let passed = 0
let failed = 0
const failures: string[] = []
for (const key of rows) {
  const row = results.get(key) ?? new Map<string, Outcome>()
  console.log(`${key.padEnd(width)}  ${ENGINE_NAMES.map((n) => cell(row.get(n)).padEnd(12)).join('')}`)
  for (const n of ENGINE_NAMES) {
    const o = row.get(n)
    if (o?.ok) passed++
    else {
      failed++
      failures.push(`✗ ${n} › ${key}\n${o?.error ?? 'not run'}`)
    }
  }
}
if (failures.length) console.log(`\n${failures.join('\n\n')}`)
console.log(`\nengines: ${passed} passed, ${failed} failed`)
console.log(`engine suite took ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(failed ? 1 : 0)
