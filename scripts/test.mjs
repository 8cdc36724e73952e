#!/usr/bin/env node
// `npm test`: type check, build, unit + workerd integration tests, the load test on the build, then Playwright e2e.
import { spawnSync } from 'node:child_process'

const MINUTE = 60_000
// Each step has a ceiling, so a hung process fails the run instead of stalling CI.
const steps = [
  ['typecheck', 'npx', ['tsc', '-b'], 5 * MINUTE],
  // The local environment of the wrangler configs: development helpers on, loopback origins (docs/operations.md).
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn'], 5 * MINUTE, { CLOUDFLARE_ENV: 'local' }],
  ['unit + workerd', 'npx', ['vitest', 'run'], 10 * MINUTE],
  ['load', 'node', ['test/load/run.mjs'], 4 * MINUTE],
  ['e2e', 'npx', ['playwright', 'test'], 25 * MINUTE],
]

for (const [name, cmd, args, timeout, extraEnv = {}] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', timeout, killSignal: 'SIGTERM', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...extraEnv } })
  console.log(`◀ ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (r.error) console.error(`${name}: ${r.error.message}`)
  if (r.status !== 0) process.exit(r.status ?? 1)
}
