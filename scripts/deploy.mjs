#!/usr/bin/env node
// `npm run deploy`: one command for a production deploy (docs/operations.md#routine-deploy). It builds the workers
// from the top-level (production) configuration into dist-deploy/, checks that configuration, measures each worker
// against the Workers limits (bundle size, startup CPU), then applies the gateway's D1 migrations to the remote
// database and loads the reference catalogues into it (`npm run db:bootstrap`), deploys the reference gateway, the
// portal bound to it (on a first deploy, the gateway once more: the two bind each other) and the operator console.
//   npm run deploy -- --dry-run   (or npm run deploy:check): everything up to the deploys, which only validate; no
//                                  network, no credentials. CI runs it, so a config or bundle that would not deploy
// fails.
//   npm run deploy -- --dry-run --strict: the same with the operator's settings checked as a real deploy checks them.
//   npm run deploy -- --env staging: the staging environment of both configs instead (docs/operations.md#staging).
// With GATEWAY_ORIGIN set in wrangler.toml (the agency's API), the reference gateway is neither migrated, bootstrapped
// nor deployed, and neither is the console, which works on the reference gateway's operators' API.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { runBootstrap } from './db-bootstrap.mjs'
import {
  accessMismatch,
  assetsBehindWorker,
  configProblems,
  devBuildMarkers,
  gatewayBundleProblems,
} from './deploy-config.mjs'

const OUT = 'dist-deploy'
const PORTAL = `${OUT}/invest_portal/wrangler.json`
const GATEWAY = `${OUT}/invest_portal_gateway/wrangler.json`
const CONSOLE = `${OUT}/invest_portal_console/wrangler.json`

/**
 * The Workers platform's limits (developers.cloudflare.com/workers/platform/limits): a worker's compressed size
 * (3 MiB on the Free plan, 10 MiB on paid plans; checked against the smaller) and its global scope's startup time.
 */
const LIMITS = Object.freeze({ gzipKiB: 3 * 1024, uncompressedKiB: 64 * 1024, startupMs: 1000 })

const dryRun = process.argv.includes('--dry-run')
// The top level is production; `--env staging` builds and deploys the staging environment of both configs.
const envArg = process.argv.indexOf('--env')
const targetEnv = envArg > 0 ? process.argv[envArg + 1] : ''
if (targetEnv && targetEnv !== 'staging') {
  console.error(`Unknown environment ${JSON.stringify(targetEnv)}: the top level (production) or --env staging`)
  process.exit(1)
}
// A real deploy also checks what its operator must fill in (a route, a bot-protection decision); the dry run in CI
// checks
// the committed configuration's shape only, unless asked with --strict.
const strict = !dryRun || process.argv.includes('--strict')
// A deploy builds the production configuration, never an environment a shell happened to select.
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
}
delete env.CLOUDFLARE_ENV
if (targetEnv) env.CLOUDFLARE_ENV = targetEnv

function run(cmd, args, { capture = false, allowFailure = false } = {}) {
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  if (r.status !== 0 && !allowFailure) {
    if (capture) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`)
    fail(`${cmd} ${args.join(' ')} exited with ${r.status}`)
  }
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` }
}

function fail(message) {
  console.error(`\n✗ deploy${dryRun ? ' check' : ''}: ${message}`)
  process.exit(1)
}

/** A built worker's flattened configuration must be safe to ship: production values only, no local placeholders. */
function checkConfig(path, { gateway, isConsole = false }) {
  const config = JSON.parse(readFileSync(path, 'utf8'))
  const problems = configProblems(config, { gateway, console: isConsole, strict })
  if (problems.length) fail(`${path}: ${problems.join('; ')}`)
  return config
}

/** The files under `dir` (recursively) whose names end in `ext`. */
function filesUnder(dir, ext) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(ext))
    .map((name) => `${dir}/${name}`)
}

/**
 * A deployed gateway carries neither its development helpers nor the seed (docs/operations.md#development-build): the build
 * switch drops them, and this makes sure it did.
 */
function checkGatewayBundle() {
  const sources = filesUnder('gateway/src', '.ts')
  const markers = devBuildMarkers({
    devSources: sources.filter((f) => f.startsWith('gateway/src/dev/')).map((f) => readFileSync(f, 'utf8')),
    otherSources: sources.filter((f) => !f.startsWith('gateway/src/dev/')).map((f) => readFileSync(f, 'utf8')),
    seedFiles: filesUnder('gateway/seed', '.json').map((f) => JSON.parse(readFileSync(f, 'utf8'))),
  })
  const dir = GATEWAY.replace(/\/wrangler\.json$/, '')
  const bundle = filesUnder(dir, '.js')
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
  const problems = gatewayBundleProblems(bundle, markers)
  if (problems.length) fail(`${dir}: ${problems.join('; ')}`)
}

/** No file of the client build lies under a rule that sends its requests to the worker first (docs/architecture.md#request). */
function checkAssetsReachable(path, config) {
  const dir = `${path.replace(/\/wrangler\.json$/, '')}/${config.assets.directory}`
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, `${entry.parentPath}/${entry.name}`)}`)
  const hidden = assetsBehindWorker(config.assets.run_worker_first, files)
  if (hidden.length) fail(`${path}: run_worker_first hides files of the build: ${hidden.join(', ')}`)
}

/** Bundle size from a dry-run deploy and startup CPU from wrangler's startup check, against the limits. */
function measure(name, configPath) {
  const dry = run(
    'npx',
    ['wrangler', 'deploy', '--dry-run', '--config', configPath, '--outdir', `${OUT}/.upload/${name}`],
    { capture: true },
  )
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dry.out)
  if (!size) fail(`${name}: wrangler printed no upload size`)
  const startup = run(
    'npx',
    ['wrangler', 'check', 'startup', '--config', configPath, '--outfile', `${OUT}/${name}-startup.cpuprofile`],
    { capture: true },
  )
  const active = /Active: ([\d.]+) ms/.exec(startup.out)
  if (!active) fail(`${name}: wrangler printed no startup time`)
  const figures = { uncompressedKiB: Number(size[1]), gzipKiB: Number(size[2]), startupMs: Number(active[1]) }
  const over = Object.entries(figures).filter(([k, v]) => v > LIMITS[k])
  const pct = (k) => `${((figures[k] / LIMITS[k]) * 100).toFixed(1)}%`
  console.log(
    `  ${name.padEnd(8)} gzip ${figures.gzipKiB.toFixed(1)} KiB of ${LIMITS.gzipKiB} (${pct('gzipKiB')}), ` +
      `uncompressed ${figures.uncompressedKiB.toFixed(1)} KiB, startup CPU ${figures.startupMs} ms of ${LIMITS.startupMs} (${pct('startupMs')})`,
  )
  if (over.length) fail(`${name} is over the Workers limits: ${over.map(([k]) => k).join(', ')}`)
  return figures
}

console.log(`▶ building the ${targetEnv || 'production'} configuration into ${OUT}/`)
rmSync(OUT, { recursive: true, force: true })
// The Cloudflare Vite plugin points `.wrangler/deploy/config.json` at the last build, and `vite preview` (npm start,
// the
// load and e2e tests) follows it: the local build in dist/ must stay the one served, so the pointer is put back.
const REDIRECT = '.wrangler/deploy/config.json'
const redirect = existsSync(REDIRECT) ? readFileSync(REDIRECT) : null
const restoreRedirect = () => (redirect ? writeFileSync(REDIRECT, redirect) : rmSync(REDIRECT, { force: true }))
process.once('exit', restoreRedirect)
run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', OUT, '--emptyOutDir'])
restoreRedirect()

const portal = checkConfig(PORTAL, { gateway: false })
checkAssetsReachable(PORTAL, portal)
const external = Boolean(portal.vars?.GATEWAY_ORIGIN)
const gateway = external ? null : checkConfig(GATEWAY, { gateway: true })
if (gateway) {
  checkGatewayBundle()
  const consoleConfig = checkConfig(CONSOLE, { gateway: false, isConsole: true })
  const mismatch = strict ? accessMismatch(consoleConfig, gateway) : []
  if (mismatch.length) fail(`the console and the gateway name different Access applications: ${mismatch.join('; ')}`)
}
console.log(
  `▶ configuration: ${targetEnv || 'production'} values${external ? `, upstream ${portal.vars.GATEWAY_ORIGIN} (the reference gateway is not deployed)` : ''}`,
)

console.log('▶ size and startup against the Workers limits')
if (!external) measure('gateway', GATEWAY)
measure('portal', PORTAL)
if (!external) measure('console', CONSOLE)

if (dryRun) {
  console.log('\n✓ deploy check passed: the workers build, validate and fit the limits (nothing was deployed)')
  process.exit(0)
}

/**
 * The gateway publishes realtime events through a PORTAL service binding, and the portal reaches the gateway through
 * GATEWAY: each names the other, and Cloudflare refuses a binding to a worker that does not exist yet. So on the very
 * first deploy the gateway goes out once without PORTAL, then the portal, then the gateway again with it
 * (docs/operations.md#first-deploy).
 */
function withoutPortalBinding(path) {
  const config = JSON.parse(readFileSync(path, 'utf8'))
  config.services = (config.services ?? []).filter((s) => s.binding !== 'PORTAL')
  const out = path.replace(/wrangler\.json$/, 'wrangler.first-deploy.json')
  writeFileSync(out, JSON.stringify(config))
  return out
}
const firstDeploy =
  !external &&
  !run('npx', ['wrangler', 'deployments', 'list', '--config', PORTAL], { capture: true, allowFailure: true }).ok

if (gateway) {
  // The mail queue and its dead-letter queue must exist before a worker can produce to or consume them; creating one
  // that exists already fails harmlessly.
  const queues = new Set([
    ...(gateway.queues?.producers ?? []).map((p) => p.queue),
    ...(gateway.queues?.consumers ?? []).flatMap((c) => [c.queue, c.dead_letter_queue].filter(Boolean)),
  ])
  for (const queue of queues) {
    const created = run('npx', ['wrangler', 'queues', 'create', queue, '--config', GATEWAY], {
      capture: true,
      allowFailure: true,
    })
    if (created.ok) console.log(`  created the queue ${queue}`)
  }
  console.log('▶ gateway: D1 migrations on the remote database, then the worker')
  // Schema first, so the new code never meets an old schema. On a first deploy the database does not exist yet: the
  // gateway's deploy provisions it, and the migrations follow at once (nothing calls the gateway before the portal).
  const migrate = () =>
    run(
      'npx',
      ['wrangler', 'd1', 'migrations', 'apply', gateway.d1_databases[0].database_name, '--remote', '--config', GATEWAY],
      {
        allowFailure: true,
      },
    ).ok
  const migratedFirst = migrate()
  if (firstDeploy) console.log('  (first deploy: without the PORTAL binding until the portal exists)')
  run('npx', ['wrangler', 'deploy', '--config', firstDeploy ? withoutPortalBinding(GATEWAY) : GATEWAY])
  if (!migratedFirst && !migrate()) fail('the D1 migrations did not apply')
  // The reference catalogues (countries, regions and districts), idempotent: a rerun adds only what they gained
  // (docs/operations.md#bootstrap). Never with GATEWAY_ORIGIN: the agency's API keeps its own.
  console.log('▶ gateway: the reference catalogues (db:bootstrap)')
  const databaseName = gateway.d1_databases[0].database_name
  if (!runBootstrap({ databaseName, config: GATEWAY, where: ['--remote'], env }))
    fail('the reference catalogues did not load (rerun `npm run db:bootstrap`)')
}
console.log('▶ portal')
run('npx', ['wrangler', 'deploy', '--config', PORTAL])
if (firstDeploy) {
  console.log('▶ gateway again, now bound to the portal (realtime publishes)')
  run('npx', ['wrangler', 'deploy', '--config', GATEWAY])
}
if (!external) {
  console.log('▶ operator console (behind Access, bound to the gateway)')
  run('npx', ['wrangler', 'deploy', '--config', CONSOLE])
}
console.log(
  '\n✓ deployed. Roll back with `npx wrangler rollback --config dist-deploy/invest_portal/wrangler.json` (docs/operations.md#rollback)',
)
