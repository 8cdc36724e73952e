#!/usr/bin/env node
// `npm run db:bootstrap -- --env <local|staging|production>`: loads the reference catalogues (every ISO 3166-1 country,
// Uzbekistan's regions and districts, from gateway/reference/) into the reference gateway's D1 database, and nothing
// else: no posts, people or accounts (docs/operations.md#reference-catalogues). Idempotent: a rerun adds only what the
// catalogues gained since, never a place an operator removed, and never overwrites an operator's edit. `npm run deploy`
// runs it after the migrations; `local` is the state `npm start` serves (STATE_DIR, .wrangler/state).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bootstrapStatements, toSqlScript } from '../gateway/reference/bootstrap.ts'

const read = (name) => JSON.parse(readFileSync(new URL(`../gateway/reference/${name}`, import.meta.url), 'utf8'))

/** The bootstrap as one SQL script, and how many statements it holds. */
export function bootstrapScript(now = new Date()) {
  const statements = bootstrapStatements({ countries: read('countries.json'), regions: read('regions.json') }, now)
  return { sql: toSqlScript(statements), count: statements.length }
}

/**
 * Runs the bootstrap with wrangler on the database `databaseName` of `config`; `where` is wrangler's choice of
 * database (`--remote`, or `--local --persist-to …`) and environment. Answers whether it applied.
 */
export function runBootstrap({ databaseName, config, where, env = process.env }) {
  const { sql, count } = bootstrapScript()
  const dir = mkdtempSync(join(tmpdir(), 'invest-bootstrap-'))
  const file = join(dir, 'bootstrap.sql')
  try {
    writeFileSync(file, sql)
    const r = spawnSync(
      'npx',
      ['wrangler', 'd1', 'execute', databaseName, '--config', config, ...where, '--file', file, '--yes'],
      { env: { ...env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, encoding: 'utf8' },
    )
    if (r.status !== 0) {
      process.stderr.write(`${r.stdout}${r.stderr}`)
      return false
    }
    console.log(`  reference catalogues: ${count} statements applied (entries loaded before are left as they are)`)
    return true
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Wrangler's choice of database and environment for `--env <name>`. */
function whereOf(name) {
  if (name === 'local') return ['--local', '--persist-to', process.env.STATE_DIR ?? '.wrangler/state', '--env', 'local']
  if (name === 'staging') return ['--remote', '--env', 'staging']
  if (name === 'production') return ['--remote']
  return null
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--env')
  const name = at > 0 ? process.argv[at + 1] : undefined
  const where = whereOf(name)
  if (!where) {
    console.error('Say which database: npm run db:bootstrap -- --env <local|staging|production>')
    process.exit(2)
  }
  const databaseName = name === 'staging' ? 'invest-portal-staging' : 'invest-portal'
  console.log(`▶ bootstrap: the reference catalogues into ${databaseName} (${name})`)
  if (!runBootstrap({ databaseName, config: 'gateway/wrangler.toml', where })) process.exit(1)
}
