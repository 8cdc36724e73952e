#!/usr/bin/env node
// `npm test`: type check, build, unit + workerd integration tests, then Playwright e2e in Chromium.
import { spawnSync } from 'node:child_process'

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['unit + workerd', 'npx', ['vitest', 'run']],
  ['e2e', 'npx', ['playwright', 'test']],
]

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } })
  console.log(`◀ ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (r.status !== 0) process.exit(r.status ?? 1)
}
