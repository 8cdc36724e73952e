#!/usr/bin/env node
// `npm start`: build the `local` environment of the wrangler configs (development helpers on, loopback origins),
// prepare local D1/KV/R2 state, serve the build on workerd with the reference gateway, seed it, serve the operator
// console behind a local stand-in for Cloudflare Access, and print where both run, the demo accounts and the demo
// operators. Env: PORT (8787), CONSOLE_PORT (8788; 0: no console), STATE_DIR (.wrangler/state), SKIP_BUILD=1, VERBOSE=1
// (the servers' own output), GATEWAY_ORIGIN (another upstream: served, never seeded, no console), INSPECTOR_PORT
// (workerd's DevTools: 0, any free port; 9229 for a fixed one). `--seed-only` (npm run db:reset): start, seed, stop.
// `--reset`: wipe the local state first. `--wrangler`: serve the build with `wrangler dev` instead of `vite preview`
// (below).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const port = process.env.PORT ?? '8787'
const host = '127.0.0.1'
const url = `http://${host}:${port}`

/**
 * The servers' environment. Miniflare looks up the `Request.cf` object on the internet at every start; offline that
 * printed a stack trace, and no request needs real values locally. Its local copy of Workers observability (every
 * invocation streamed to a collector worker and written to SQLite with an fsync under `STATE_DIR`) is off unless asked
 * for with `X_LOCAL_OBSERVABILITY=true`: it costs more than the reply itself and fills the state folder under load
 * (docs/operations.md#local-observability has the figures). The request log still reaches the servers' output
 * (VERBOSE=1).
 */
const stateDir = process.env.STATE_DIR ?? '.wrangler/state'
const seedOnly = process.argv.includes('--seed-only')
// `--dev` (npm run dev): Vite's dev server with HMR, the worker and the gateway in workerd, no build.
const dev = process.argv.includes('--dev')
const reset = process.argv.includes('--reset')
// `--wrangler` (the load step): the build served by `wrangler dev` straight from its built configs instead of through
// `vite preview`, whose proxy into workerd opens connections faster than workerd closes them under sustained load and
// ran workerd out of file descriptors (docs/operations.md#local-servers).
const wrangler = process.argv.includes('--wrangler')
const foreignUpstream = process.env.GATEWAY_ORIGIN ?? ''

/**
 * The operator console (docs/operations.md#local): its own `wrangler dev` on CONSOLE_PORT + 1, bound to the gateway
 * this stack serves, behind a stand-in for Cloudflare Access on CONSOLE_PORT, which is also the tokens' issuer (the
 * team domain both the console and the gateway check tokens against). The `local` environment names 8788; another
 * port reaches both workers through the environment (CLOUDFLARE_INCLUDE_PROCESS_ENV).
 */
const CONSOLE_DEFAULT_PORT = '8788'
const consolePort = process.env.CONSOLE_PORT ?? CONSOLE_DEFAULT_PORT
// The console works on the bundled gateway's operators' API: none for another upstream.
const withConsole = !dev && !seedOnly && !wrangler && !foreignUpstream && consolePort !== '0'
const consoleOrigin = `http://${host}:${consolePort}`
const consoleWorkerPort = String(Number(consolePort) + 1)

const registryPath = path.resolve(stateDir, 'dev-registry')
/**
 * The servers' DevTools port. Left to the tools, each takes the first free port from 9229: two stacks starting at once
 * (the test suite's load step beside its bench smoke) both found 9229 free, one lost the bind, and its `vite preview`
 * stayed up without serving until the start ceiling ran out. Any free port, the system's choice, cannot collide
 * (docs/operations.md#local-servers).
 */
const inspectorPort = process.env.INSPECTOR_PORT ?? '0'
const env = {
  ...process.env,
  INSPECTOR_PORT: inspectorPort,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
  // Workers in separate processes find each other (the console its gateway) through this stack's own registry, never
  // through the machine-wide one another stack on the same machine writes to (Vite's plugin and wrangler each read
  // their own variable).
  MINIFLARE_REGISTRY_PATH: registryPath,
  WRANGLER_REGISTRY_PATH: registryPath,
  ...(withConsole && consolePort !== CONSOLE_DEFAULT_PORT
    ? { CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true', ACCESS_TEAM_DOMAIN: consoleOrigin }
    : {}),
}
/** Builds and `vite dev` select the local environment; `vite preview` serves the build's own (flattened) config. */
const localEnv = { ...env, CLOUDFLARE_ENV: 'local' }
const previewEnv = { ...env }
delete previewEnv.CLOUDFLARE_ENV

function run(cmd, args, runEnv = env) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: runEnv })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// Another upstream (GATEWAY_ORIGIN) is someone else's data: start never seeds or wipes it, and the portal's /_dev
// route reaches only the bundled reference gateway (docs/security.md#dev-surface).
if (foreignUpstream && seedOnly) {
  console.error(`Not seeding: GATEWAY_ORIGIN (${foreignUpstream}) is another upstream, and start never writes to it.`)
  process.exit(1)
}
if (!dev && !process.env.SKIP_BUILD && !(seedOnly && existsSync('dist/client/.vite/manifest.json')))
  run('npx', ['vite', 'build', '--logLevel', 'warn'], localEnv)
run('node', ['scripts/prepare-state.mjs', ...(reset ? ['--reset'] : [])])

const serverArgs = wrangler
  ? [
      'wrangler',
      'dev',
      '-c',
      'dist/invest_portal/wrangler.json',
      '-c',
      'dist/invest_portal_gateway/wrangler.json',
      '--port',
      port,
      '--ip',
      host,
      '--persist-to',
      stateDir,
      '--inspector-port',
      inspectorPort,
    ]
  : ['vite', dev ? 'dev' : 'preview', '--port', port, '--host', host, '--strictPort']
// Its own process group, so stopping it stops workerd too.
const server = spawn('npx', serverArgs, {
  stdio: ['ignore', process.env.VERBOSE ? 'pipe' : 'ignore', 'pipe'],
  env: dev ? localEnv : previewEnv,
  detached: true,
})
/** The console's own worker process, once started. */
let consoleServer = null
const stop = (signal = 'SIGTERM') => {
  for (const child of [server, consoleServer]) {
    if (!child) continue
    try {
      process.kill(-child.pid, signal)
    } catch {
      /* already gone */
    }
  }
}
// The servers' own output (a line per request, workerd's notices) is for debugging (VERBOSE=1); otherwise the system
// drops it rather than this process reading and discarding a line per request beside the server it measures. Errors
// still reach stderr.
const serverErrors = []
server.stdout?.on('data', (chunk) => process.stdout.write(chunk))
server.stderr.on('data', (chunk) => {
  if (process.env.VERBOSE) process.stderr.write(chunk)
  else serverErrors.push(chunk)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
// However this process ends (a failed seed, a console that did not start), its servers end with it.
process.on('exit', () => stop())
server.on('exit', (code) => {
  if (code) process.stderr.write(Buffer.concat(serverErrors))
  process.exit(code ?? 0)
})

/**
 * Waits for the server to answer: about 10 s on an idle 2-core host, longer beside another stack under load (the test
 * suite runs the load test beside the bench's smoke), so the ceiling only catches a server that will not start.
 */
async function waitForServer() {
  for (let i = 0; i < 720; i++) {
    // A port taken under it leaves `vite preview` running without serving: give up at once rather than at the ceiling.
    if (Buffer.concat(serverErrors).includes('EADDRINUSE')) break
    try {
      // No page: every page reads the site settings for its footer, and would cache them (still empty) before the
      // seed below; the build id touches neither the gateway nor KV.
      const res = await fetch(`${url}/_app/build`, { redirect: 'manual' })
      if (res.status < 500) return
    } catch {
      /* not listening yet */
    }
    await sleep(250)
  }
  process.stderr.write(Buffer.concat(serverErrors))
  throw new Error(`server did not start on ${url}`)
}

await waitForServer()
// The reference gateway seeds itself idempotently; user data survives restarts. Another upstream is never seeded.
if (!foreignUpstream) {
  const seeded = await fetch(`${url}/_dev/seed`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json', 'x-requested-with': 'invest-portal' },
    body: '{}',
  })
  if (!seeded.ok) {
    console.error(`Seeding failed (${seeded.status}): ${(await seeded.text()).slice(0, 300)}`)
    stop()
    process.exit(1)
  }
}
/** The demo operators the Access stand-in offers: the seeded ones and the first admin of the gateway's configuration. */
function demoOperators() {
  const vars = JSON.parse(readFileSync('dist/invest_portal_gateway/wrangler.json', 'utf8')).vars ?? {}
  const seeded = JSON.parse(readFileSync('gateway/seed/operators.json', 'utf8'))
  const admin = vars.FIRST_ADMIN_EMAIL ? [{ email: vars.FIRST_ADMIN_EMAIL, name: '', role: 'admin' }] : []
  return { audience: vars.ACCESS_AUD, operators: [...admin, ...seeded] }
}

/** Starts the console's worker, then the Access stand-in in front of it; resolves with the demo operators. */
async function startConsole() {
  consoleServer = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '-c',
      'dist/invest_portal_console/wrangler.json',
      '--port',
      consoleWorkerPort,
      '--ip',
      host,
      '--inspector-port',
      inspectorPort,
    ],
    { stdio: ['ignore', process.env.VERBOSE ? 'inherit' : 'ignore', 'pipe'], env, detached: true },
  )
  consoleServer.stderr.on('data', (chunk) => {
    if (process.env.VERBOSE) process.stderr.write(chunk)
    else serverErrors.push(chunk)
  })
  consoleServer.on('exit', (code) => {
    if (code) process.stderr.write(Buffer.concat(serverErrors))
    stop()
    process.exit(code ?? 1)
  })
  // The stand-in listens only once the console answers, so its address being up means the console is.
  let up = false
  for (let i = 0; i < 240 && !up; i++) {
    try {
      // Without a token the console refuses: it is up.
      up = (await fetch(`http://${host}:${consoleWorkerPort}/en`)).status === 403
    } catch {
      /* not listening yet */
    }
    if (!up) await sleep(250)
  }
  if (!up) throw new Error(`the console did not start on ${consoleWorkerPort}`)
  const { audience, operators } = demoOperators()
  const { startAccessStandIn } = await import('../test/access-stand-in.ts')
  await startAccessStandIn(Number(consolePort), {
    upstream: `http://${host}:${consoleWorkerPort}`,
    audience,
    operators,
  })
  return operators
}

if (seedOnly) {
  console.log('Local state seeded.')
  stop()
} else if (foreignUpstream) {
  console.log(`
  Invest Portal is running at ${url}, on the upstream ${foreignUpstream} (not seeded; /_dev is off for it)
`)
} else {
  const operators = withConsole ? await startConsole() : []
  const consoleLines = operators.length
    ? `
  Operator console: ${consoleOrigin}  (a local stand-in for Cloudflare Access: pick an operator to sign in as)
${operators.map((o) => `    ${o.role.padEnd(10)} ${o.email.padEnd(32)} ${o.name || '(the first admin, FIRST_ADMIN_EMAIL)'}`).join('\n')}
`
    : ''
  console.log(`
  Invest Portal is running at ${url}

  Demo accounts (reference gateway):
    non-resident investor    ${url}/en/auth/sign-in?role=investor     investor@demo.invest.example / Investor#2026
    non-resident businessman ${url}/en/auth/sign-in?role=businessmen  business@demo.invest.example / Business#2026
    resident investor        ${url}/en/auth/one-id?role=investor      (pick Sardor Rahimov on the OneID stand-in)
    resident businessman     ${url}/en/auth/one-id?role=businessmen   (pick Dilnoza Yusupova)
  Mail outbox: ${url}/_dev/outbox?email=…   Moderation: npm run gateway:moderate
${consoleLines}`)
}
