#!/usr/bin/env node
// `npm start`: build the `local` environment of the wrangler configs (development helpers on, loopback origins),
// prepare local D1/KV/R2 state, serve the build on workerd with the reference gateway, seed it, and print where the
// portal runs and the demo accounts. Env: PORT (8787), STATE_DIR (.wrangler/state), SKIP_BUILD=1, VERBOSE=1 (the
// servers' own output), GATEWAY_ORIGIN (another upstream: served, never seeded). `--seed-only` (npm run db:reset): start, seed, stop. `--reset`: wipe the local state first.
// `--wrangler`: serve the build with `wrangler dev` instead of `vite preview` (below).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
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
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
}
/** Builds and `vite dev` select the local environment; `vite preview` serves the build's own (flattened) config. */
const localEnv = { ...env, CLOUDFLARE_ENV: 'local' }
const previewEnv = { ...env }
delete previewEnv.CLOUDFLARE_ENV

function run(cmd, args, runEnv = env) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: runEnv })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const seedOnly = process.argv.includes('--seed-only')
// Another upstream (GATEWAY_ORIGIN) is someone else's data: start never seeds or wipes it, and the portal's /_dev
// route reaches only the bundled reference gateway (docs/security.md#dev-surface).
const foreignUpstream = process.env.GATEWAY_ORIGIN ?? ''
if (foreignUpstream && seedOnly) {
  console.error(`Not seeding: GATEWAY_ORIGIN (${foreignUpstream}) is another upstream, and start never writes to it.`)
  process.exit(1)
}
// `--dev` (npm run dev): Vite's dev server with HMR, the worker and the gateway in workerd, no build.
const dev = process.argv.includes('--dev')
const reset = process.argv.includes('--reset')
if (!dev && !process.env.SKIP_BUILD && !(seedOnly && existsSync('dist/client/.vite/manifest.json')))
  run('npx', ['vite', 'build', '--logLevel', 'warn'], localEnv)
run('node', ['scripts/prepare-state.mjs', ...(reset ? ['--reset'] : [])])

// `--wrangler` (the load step): the build served by `wrangler dev` straight from its built configs instead of through
// `vite preview`, whose proxy into workerd opens connections faster than workerd closes them under sustained load and
// ran workerd out of file descriptors (docs/operations.md#local-servers).
const wrangler = process.argv.includes('--wrangler')
const stateDir = process.env.STATE_DIR ?? '.wrangler/state'
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
    ]
  : ['vite', dev ? 'dev' : 'preview', '--port', port, '--host', host, '--strictPort']
// Its own process group, so stopping it stops workerd too.
const server = spawn('npx', serverArgs, {
  stdio: ['ignore', process.env.VERBOSE ? 'pipe' : 'ignore', 'pipe'],
  env: dev ? localEnv : previewEnv,
  detached: true,
})
const stop = (signal = 'SIGTERM') => {
  try {
    process.kill(-server.pid, signal)
  } catch {
    /* already gone */
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
server.on('exit', (code) => {
  if (code) process.stderr.write(Buffer.concat(serverErrors))
  process.exit(code ?? 0)
})

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      // A page without gateway data: the home page would cache its (still empty) lists before the seed below.
      const res = await fetch(`${url}/en/success-registration`, { redirect: 'manual' })
      if (res.status < 500) return
    } catch {
      /* not listening yet */
    }
    await sleep(250)
  }
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
if (seedOnly) {
  console.log('Local state seeded.')
  stop()
} else if (foreignUpstream) {
  console.log(`
  Invest Portal is running at ${url}, on the upstream ${foreignUpstream} (not seeded; /_dev is off for it)
`)
} else {
  console.log(`
  Invest Portal is running at ${url}

  Demo accounts (reference gateway):
    non-resident investor    ${url}/en/auth/sign-in?role=investor     investor@demo.invest.example / Investor#2026
    non-resident businessman ${url}/en/auth/sign-in?role=businessmen  business@demo.invest.example / Business#2026
    resident investor        ${url}/en/auth/one-id?role=investor      (pick Sardor Rahimov on the OneID stand-in)
    resident businessman     ${url}/en/auth/one-id?role=businessmen   (pick Dilnoza Yusupova)
  Mail outbox: ${url}/_dev/outbox?email=…   Moderation: npm run gateway:moderate
`)
}
