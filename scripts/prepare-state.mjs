#!/usr/bin/env node
import { spawnSync } from 'node:child_process'
// Applies the reference gateway's D1 migrations to the local state that `vite preview`/`vite dev` use
// (STATE_DIR, default .wrangler/state). `--reset` wipes that state first. Seeding needs the running gateway:
// `npm start` seeds after the server is up; `npm run db:reset` wipes, migrates and seeds (scripts/start.mjs
// --seed-only).
import { rmSync } from 'node:fs'

const stateDir = process.env.STATE_DIR ?? '.wrangler/state'

if (process.argv.includes('--reset')) {
  console.log(`Wiping local state in ${stateDir}`)
  rmSync(stateDir, { recursive: true, force: true })
}

// Traces of Miniflare's local observability copy, which `npm start` leaves off (scripts/start.mjs): earlier runs'
// traces
// only take disk space.
if (process.env.X_LOCAL_OBSERVABILITY === 'false')
  rmSync(`${stateDir}/v3/observability`, { recursive: true, force: true })

console.log(`Applying gateway migrations to ${stateDir}`)
const r = spawnSync(
  'npx',
  [
    'wrangler',
    'd1',
    'migrations',
    'apply',
    'invest-portal',
    '--local',
    '--config',
    'gateway/wrangler.toml',
    '--env',
    'local',
    '--persist-to',
    stateDir,
  ],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    encoding: 'utf8',
  },
)
if (r.status !== 0) {
  process.stderr.write(r.stdout + r.stderr)
  process.exit(r.status ?? 1)
}
// Wrangler reprints its status table after each migration: count distinct files marked ✅.
const applied = new Set([...r.stdout.matchAll(/(\S+\.sql)\s*│\s*✅/g)].map((m) => m[1])).size
console.log(applied ? `Applied ${applied} migration(s)` : 'Migrations up to date')
