#!/usr/bin/env node
// `npm test`: lint (Biome, knip, dependency-cruiser), type check, build, the deploy check, unit + workerd integration
// tests, the load test beside a smoke of the benchmarks and the engine suite (Firefox and WebKit) on the build, then
// Playwright e2e.
//
// Stages run one after another; the lanes of a stage run side by side where a step leaves a core idle
// (docs/performance.md#test-suite-time): the type check (one thread) beside lint, build and the deploy check, and
// beside both the migrated D1 template every later server copies; the load test (which asserts correctness only, and
// for a fixed 60 s takes whatever CPU the others leave it) beside the bench smoke (which judges no figure) and the
// engine suite, and Playwright after the load test, beside the end of those two. A step beside another prints what it
// printed once it ends, so that the log reads step by step.
import { spawn } from 'node:child_process'

const MINUTE = 60_000
/** Offline-friendly tools: no Request.cf lookup on the internet, no usage metrics, no Vite config notice. */
const QUIET = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
}

/**
 * @typedef {{ name: string, cmd: string, args: string[], timeout: number, env?: Record<string, string>,
 *   silent?: boolean, quiet?: boolean }} Step
 * `silent`: the step prints nothing when all is well, and any output fails it (a warning). `quiet`: what the step
 * prints is shown only when it fails. Each step has a ceiling, so a hung process fails the run instead of stalling CI.
 */

/** @type {Step} */
const lint = {
  // `npm run lint`, the quickest checks first (CONTRIBUTING.md): format, lint rules and import order (Biome), unused
  // files, exports and dependencies (knip), the rooms and no import circles (dependency-cruiser).
  name: 'lint',
  cmd: 'npm',
  args: ['run', '--silent', 'lint'],
  timeout: 4 * MINUTE,
  quiet: true,
}
/** @type {Step} */
const typecheck = { name: 'typecheck', cmd: 'npx', args: ['tsc', '-b'], timeout: 5 * MINUTE }
/** @type {Step} */
const build = {
  // The local environment of the wrangler configs: development helpers on, loopback origins (docs/operations.md).
  // The build prints only warnings at this level, and a warning fails it.
  name: 'build',
  cmd: 'npx',
  args: ['vite', 'build', '--logLevel', 'warn'],
  timeout: 5 * MINUTE,
  env: { CLOUDFLARE_ENV: 'local' },
  silent: true,
}
/** @type {Step} */
const deployCheck = {
  // The production configuration of both workers builds (into its own directory), validates and fits the Workers
  // limits (nothing is deployed). After the build: both move the pointer `vite preview` follows, which it restores.
  name: 'deploy check',
  cmd: 'node',
  args: ['scripts/deploy.mjs', '--dry-run'],
  timeout: 5 * MINUTE,
}
/** @type {Step} */
const migratedState = {
  // The migrated D1 state every later server starts from (scripts/prepare-state.mjs, about 30 s of CPU): made here, in
  // the time the first stage leaves a core idle, rather than by the first test that starts a server, in the busy
  // vitest step.
  name: 'migrated state',
  cmd: 'node',
  args: ['scripts/prepare-state.mjs', '--template'],
  timeout: 4 * MINUTE,
  quiet: true,
}
/** @type {Step} */
const vitest = {
  // 237 s from a clean clone on an idle 2-core host on 2026-11-28, down from 619 s that morning
  // (docs/performance.md#test-suite-time); the bound only catches a hang.
  name: 'unit + workerd',
  cmd: 'npx',
  args: ['vitest', 'run'],
  timeout: 20 * MINUTE,
}
/** @type {Step} */
const load = { name: 'load', cmd: 'node', args: ['test/load/run.mjs'], timeout: 4 * MINUTE }
/** @type {Step} */
const benchSmoke = {
  // Every step of `npm run bench` once with tiny counts, judging no figure: a change that breaks the bench fails here
  // rather than in the next engineer's run (docs/performance.md).
  name: 'bench smoke',
  cmd: 'node',
  args: ['--experimental-strip-types', '--no-warnings', 'test/bench/run.mjs', '--smoke'],
  timeout: 6 * MINUTE,
  env: { SKIP_BUILD: '1' },
}
/** @type {Step} */
const e2e = { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], timeout: 25 * MINUTE }
/** @type {Step} */
const engines = {
  // The smoke cases in Firefox ESR and WebKitGTK, both engines side by side (docs/architecture.md#tests). Beside the
  // load test and the bench smoke it took 105 s where it took 68 s alone; the ceiling only catches a hang.
  name: 'engines',
  cmd: 'node',
  args: ['test/engines/run.mjs'],
  timeout: 5 * MINUTE,
}

/** @type {Step[][][]} stages, of lanes, of steps */
const stages = [
  [[typecheck], [lint, build, deployCheck], [migratedState]],
  [[vitest]],
  // Playwright starts when the load test ends: its servers' start and its first tests use the core the bench smoke's
  // last steps leave (docs/performance.md#test-suite-time).
  [[load, e2e], [benchSmoke], [engines]],
]

const running = new Set()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) kill(child)
    process.exit(1)
  })
}

/** Stops a step and whatever it started (each step runs in a process group of its own). */
function kill(child) {
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {}
}

/** Runs one step; `alone`: no other step runs now, so a step that prints as it goes may print straight through. */
function run(step, alone) {
  const { name, cmd, args, timeout, env = {}, silent = false, quiet = false } = step
  const capture = silent || quiet || !alone
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const child = spawn(cmd, args, {
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...QUIET, ...env },
    detached: true,
  })
  running.add(child)
  const chunks = []
  child.stdout?.on('data', (d) => chunks.push(d))
  child.stderr?.on('data', (d) => chunks.push(d))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    kill(child)
  }, timeout)
  return new Promise((resolve) => {
    child.on('error', (error) => console.error(`${name}: ${error.message}`))
    child.on('close', (code) => {
      clearTimeout(timer)
      running.delete(child)
      const output = Buffer.concat(chunks).toString('utf8').trim()
      const ok = code === 0 && !timedOut && !(silent && output)
      const shown = silent || (quiet && !ok) || (!quiet && !alone) ? output : ''
      if (shown) console.log(`\n▷ ${name}, what it printed:\n${shown}`)
      if (timedOut) console.error(`${name}: stopped after ${timeout / MINUTE} minutes`)
      if (silent && output && code === 0) console.error(`${name}: printed output where none is expected (a warning)`)
      console.log(`◀ ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      resolve(ok ? 0 : code || 1)
    })
  })
}

const suiteStarted = Date.now()
for (const lanes of stages) {
  const alone = lanes.length === 1 && lanes[0].length === 1
  const codes = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const code = await run(step, alone)
        if (code !== 0) return code
      }
      return 0
    }),
  )
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
}
console.log(`\nnpm test: every step passed in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`)
