#!/usr/bin/env node
// `npm start`: build, prepare local D1/KV/R2 state, serve the production build on workerd with the reference
// gateway, seed it, and print the URL. Env: PORT (8787), STATE_DIR (.wrangler/state), SKIP_BUILD=1.
// `--seed-only` (npm run db:reset): start, seed, stop. `--reset`: wipe the local state first.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const port = process.env.PORT ?? '8787'
const host = '127.0.0.1'
const url = `http://${host}:${port}`

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const seedOnly = process.argv.includes('--seed-only')
// `--dev` (npm run dev): Vite's dev server with HMR, the worker and the gateway in workerd, no build.
const dev = process.argv.includes('--dev')
const reset = process.argv.includes('--reset')
if (!dev && !process.env.SKIP_BUILD && !(seedOnly && existsSync('dist/client/.vite/manifest.json'))) run('npx', ['vite', 'build'])
run('node', ['scripts/prepare-state.mjs', ...(reset ? ['--reset'] : [])])

// Its own process group, so stopping it stops workerd too.
const server = spawn('npx', ['vite', dev ? 'dev' : 'preview', '--port', port, '--host', host, '--strictPort'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env, detached: true })
const stop = (signal = 'SIGTERM') => {
  try {
    process.kill(-server.pid, signal)
  } catch {
    /* already gone */
  }
}
server.stdout.on('data', (chunk) => {
  if (process.env.VERBOSE) process.stdout.write(chunk)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
server.on('exit', (code) => process.exit(code ?? 0))

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
// The reference gateway seeds itself idempotently; user data survives restarts.
const seeded = await fetch(`${url}/gateway/dev/seed`, { method: 'POST', headers: { origin: url, 'content-type': 'application/json', 'x-requested-with': 'invest-portal' }, body: '{}' })
if (!seeded.ok) {
  console.error(`Seeding failed (${seeded.status}): ${(await seeded.text()).slice(0, 300)}`)
  stop()
  process.exit(1)
}
if (seedOnly) {
  console.log('Local state seeded.')
  stop()
} else console.log(`\n  Invest Portal is running at ${url}\n`)
