#!/usr/bin/env node
// `npm test`: lint (Biome, knip, dependency-cruiser), type check, build, the deploy check, unit + workerd integration
// tests, the load test and a smoke of the benchmarks on the build, Playwright e2e, then the engine suite (Firefox and
// WebKit).
import { spawnSync } from 'node:child_process'

const MINUTE = 60_000
/** Offline-friendly tools: no Request.cf lookup on the internet, no usage metrics, no Vite config notice. */
const QUIET = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
}
// Each step has a ceiling, so a hung process fails the run instead of stalling CI.
const steps = [
  // `npm run lint`, the quickest checks first (CONTRIBUTING.md): format, lint rules and import order (Biome), unused
  // files, exports and dependencies (knip), the rooms and no import circles (dependency-cruiser). What they print
  // shows only when one fails.
  ['lint', 'npm', ['run', '--silent', 'lint'], 4 * MINUTE, {}, { quiet: true }],
  ['typecheck', 'npx', ['tsc', '-b'], 5 * MINUTE],
  // The local environment of the wrangler configs: development helpers on, loopback origins (docs/operations.md).
  // The build prints only warnings at this level, and a warning fails it.
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn'], 5 * MINUTE, { CLOUDFLARE_ENV: 'local' }, { silent: true }],
  // The production configuration of both workers builds, validates and fits the Workers limits (nothing is deployed).
  ['deploy check', 'node', ['scripts/deploy.mjs', '--dry-run'], 5 * MINUTE],
  // 237 s from a clean clone on an idle 2-core host on 2026-11-28, down from 619 s that morning
  // (docs/performance.md#test-suite-time); the bound only catches a hang.
  ['unit + workerd', 'npx', ['vitest', 'run'], 20 * MINUTE],
  ['load', 'node', ['test/load/run.mjs'], 4 * MINUTE],
  // Every step of `npm run bench` once with tiny counts, judging no figure: a change that breaks the bench fails here
  // rather than in the next engineer's run (docs/performance.md).
  [
    'bench smoke',
    'node',
    ['--experimental-strip-types', '--no-warnings', 'test/bench/run.mjs', '--smoke'],
    6 * MINUTE,
    { SKIP_BUILD: '1' },
  ],
  ['e2e', 'npx', ['playwright', 'test'], 25 * MINUTE],
  // The smoke cases in Firefox ESR and WebKitGTK, both engines side by side (docs/architecture.md#tests).
  ['engines', 'node', ['test/engines/run.mjs'], 3 * MINUTE],
]

// `silent`: the step prints nothing when all is well, and any output fails it (a warning). `quiet`: what the step prints
// is shown only when it fails.
for (const [name, cmd, args, timeout, extraEnv = {}, { silent = false, quiet = false } = {}] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, {
    stdio: silent || quiet ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    timeout,
    killSignal: 'SIGTERM',
    env: { ...process.env, ...QUIET, ...extraEnv },
  })
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim()
  const printed = silent || (quiet && r.status !== 0) ? output : ''
  if (printed) console.log(printed)
  const ok = r.status === 0 && !(silent && printed)
  console.log(`◀ ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (r.error) console.error(`${name}: ${r.error.message}`)
  if (printed && r.status === 0) console.error(`${name}: printed output where none is expected (a warning)`)
  if (!ok) process.exit(r.status || 1)
}
