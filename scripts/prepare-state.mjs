#!/usr/bin/env node
import { spawnSync } from 'node:child_process'
// Brings the local state that `vite preview`/`vite dev` use (STATE_DIR, default .wrangler/state) to the reference
// gateway's D1 migrations: a fresh state is a copy of a migrated template, an existing one is migrated by wrangler
// unless it already holds these migrations (docs/operations.md#local). `--reset` wipes that state first; `--template`
// makes only the template (below), touching no state. Seeding needs
// the running gateway: `npm start` seeds after the server is up; `npm run db:reset` wipes, migrates and seeds
// (scripts/start.mjs --seed-only).
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

const stateDir = process.env.STATE_DIR ?? '.wrangler/state'
const MIGRATIONS = 'gateway/migrations'
const TEMPLATES = '.wrangler/migrated'

if (process.argv.includes('--reset')) {
  console.log(`Wiping local state in ${stateDir}`)
  rmSync(stateDir, { recursive: true, force: true })
}

// Traces of Miniflare's local observability copy, which `npm start` leaves off (scripts/start.mjs): earlier runs'
// traces only take disk space.
if (process.env.X_LOCAL_OBSERVABILITY === 'false')
  rmSync(`${stateDir}/v3/observability`, { recursive: true, force: true })

/**
 * Applies the migrations with wrangler to `dir` (about 18 s on a 2-core host, most of it wrangler starting and each
 * migration's round trip); returns how many it applied.
 */
function applyMigrations(dir) {
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
      dir,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    },
  )
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr)
    // Thrown, not exited: a template being made lets go of its lock on the way out.
    throw new Error(`wrangler d1 migrations apply exited ${r.status}`)
  }
  // Wrangler reprints its status table after each migration: count distinct files marked ✅.
  return new Set([...r.stdout.matchAll(/(\S+\.sql)\s*│\s*✅/g)].map((m) => m[1])).size
}

/**
 * A freshly migrated state, kept under `.wrangler/migrated/` and named by what makes it (the migrations, the gateway's
 * configuration, wrangler's version): a fresh state is a copy of it, so the test suite's servers (load, bench, e2e,
 * engines) each start in a second instead of migrating again (docs/performance.md#test-suite-time). Made once, under a
 * lock, when two servers start at the same time.
 */
function migratedTemplate(key) {
  const template = path.join(TEMPLATES, key)
  if (existsSync(template)) return { template, applied: 0 }
  mkdirSync(TEMPLATES, { recursive: true })
  const lock = `${template}.lock`
  const deadline = Date.now() + 3 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (existsSync(template)) return { template, applied: 0 }
      // A lock older than any migration run is one a stopped process left.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() > deadline || Date.now() - since > 2 * 60_000) {
        rmSync(lock, { recursive: true, force: true })
        continue
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
  try {
    if (existsSync(template)) return { template, applied: 0 }
    const building = `${template}.${process.pid}`
    rmSync(building, { recursive: true, force: true })
    const applied = applyMigrations(building)
    renameSync(building, template)
    return { template, applied }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** What makes a migrated state: the migrations, the gateway's configuration, wrangler's version. */
function migrationsKey() {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)))
  hash.update(readFileSync('gateway/wrangler.toml'))
  hash.update(JSON.parse(readFileSync('node_modules/wrangler/package.json', 'utf8')).version)
  return hash.digest('hex').slice(0, 16)
}

const key = migrationsKey()
// `--template`: only make sure the migrated template exists (`npm test` makes it beside its first checks, so that the
// servers of later steps find it made, docs/performance.md#test-suite-time).
if (process.argv.includes('--template')) {
  const { applied } = migratedTemplate(key)
  console.log(applied ? `Made the migrated template (${applied} migrations)` : 'The migrated template was already made')
  process.exit(0)
}
// A state records the key it was last migrated to: one migrated already starts without running wrangler.
const marker = path.join(stateDir, '.migrations')
const fresh = !existsSync(stateDir) || readdirSync(stateDir).length === 0
if (fresh) {
  console.log(`Copying the migrated state to ${stateDir}`)
  const { template, applied } = migratedTemplate(key)
  cpSync(template, stateDir, { recursive: true })
  console.log(applied ? `Applied ${applied} migration(s)` : 'Migrations up to date')
} else if (existsSync(marker) && readFileSync(marker, 'utf8') === key) {
  console.log('Migrations up to date')
} else {
  console.log(`Applying gateway migrations to ${stateDir}`)
  const applied = applyMigrations(stateDir)
  console.log(applied ? `Applied ${applied} migration(s)` : 'Migrations up to date')
}
writeFileSync(marker, key)
