#!/usr/bin/env node
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
// `npm run bench`: figures for the budgets of docs/performance.md, realtime fan-out latency (realtime.mjs) and both
// isolates' heap after GC across thousands of requests (heap.mjs), measured on the production build in workerd.
// Load and server share the machine's 2 cores: each figure is the median of several short autocannon runs at fixed
// connections (c=1 and c=10), ratios taken within the same run. Loopback only.
//
// `--peers`: only the comparison with the peers (peers.mjs, docs/performance.md#peers), written under `peers` in
// bench-results/latest.json beside the last full run's figures.
//
// `--smoke` (a step of `npm test`): every step once with tiny counts, on one server and its own ports and state,
// judging no figure and writing nothing to bench-results/: a change that breaks a step of the bench fails CI. A step
// that cannot take its figure (no workerd process or inspector found) fails the smoke.
import autocannon from 'autocannon'

const SMOKE = process.argv.includes('--smoke')
const PEERS = process.argv.includes('--peers')
const PORT = process.env.BENCH_PORT ?? (SMOKE ? '8795' : '8799')
const BASE = `http://127.0.0.1:${PORT}`
const DURATION = SMOKE ? 1 : Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS ?? 7)
const STATE_DIR = SMOKE ? '.wrangler/bench-smoke-state' : '.wrangler/bench-state'
/** P1's second portal, whose upstream answers the content version call this late (docs/performance.md#budgets). */
const VERSION_DELAY_MS = 100
/**
 * The home page rendered on every request: a query the home route does not know is never answered from the document
 * memory (docs/decisions/0023-document-memory.md), the payload memory still serves its data.
 */
const RENDERED = '/en?rendered'
const DELAYED_STATE_DIR = SMOKE ? '.wrangler/bench-smoke-delayed-state' : '.wrangler/bench-delayed-state'
const RESULTS_DIR = SMOKE ? mkdtempSync(path.join(tmpdir(), 'bench-smoke-')) : 'bench-results'
/** The concurrencies P1 and P5 are measured at; the smoke runs the first only (its figures are not kept). */
const CONCURRENCIES = SMOKE ? [1] : [1, 10]
/** The smoke's tiny counts for each step; undefined leaves a step's own. */
const tiny = (count) => (SMOKE ? count : undefined)
const results = { date: new Date().toISOString(), cores: (await import('node:os')).cpus().length, rows: [] }
const started = Date.now()

function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`)
}

/** A figure the step could not take: the smoke fails, the full run says so and goes on. */
function missing(what) {
  if (SMOKE) throw new Error(`bench smoke: ${what}`)
  console.log(`${what}: not measured`)
}

/** The servers running now: a run that is stopped or fails stops them too (they run in process groups of their own). */
const running = new Set()
process.on('exit', () => {
  for (const stop of running) stop()
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1))

/**
 * Starts a server, again up to twice when it exits before it is up (a port it picked was taken before it bound it:
 * in `npm test` the load test's server starts beside the smoke's).
 */
async function startServer() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce()
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`bench: ${error.message} before it was up; starting it again (${attempt + 1} of 3)`)
    }
  }
}

async function startServerOnce() {
  const server = spawn('node', ['scripts/start.mjs'], {
    // No operator console: the benchmarks measure the portal (docs/operations.md#local-console).
    env: { ...process.env, PORT, STATE_DIR, SKIP_BUILD: '1', CONSOLE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => String(d).includes('is running at') && resolve())
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  const stop = () => {
    running.delete(stop)
    try {
      process.kill(-server.pid, 'SIGTERM')
    } catch {}
  }
  stop.pid = server.pid
  running.add(stop)
  return stop
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * Replies measured in turns (P1: SSR, static, tiny, every request rendered, the version call delayed; P5: a payload
 * cached and uncached; ROUNDS rounds of DURATION / 2 s each, after a warm-up of each; `base` names another server,
 * `varyPath` gives each request its own path): the host is a VM whose speed drifts by a third within minutes, so
 * figures taken one after the other compare different machines. Rounds alternate their order. Each ratio is the median
 * of its per-round ratios.
 */
async function measureInTurns(paths, connections) {
  /** A reply's key in a round: its path, on another server (`base`) its URL, or its own `key`. */
  const key = (reply) => reply.key ?? (reply.base ? reply.base + reply.path : reply.path)
  const once = async ({ path, base = BASE, varyPath }, duration) => {
    let n = 0
    const request = varyPath
      ? { method: 'GET', path, setupRequest: (req) => ({ ...req, path: varyPath(n++) }) }
      : { method: 'GET', path }
    const r = await autocannon({ url: base, connections, duration, requests: [request] })
    if (r.non2xx || r.errors) throw new Error(`${base}${path}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return { rps: r.requests.average, latencyMs: r.latency.average }
  }
  // The smoke judges no figure: its one round runs every reply, with no warm-up before it.
  if (!SMOKE)
    for (const reply of paths) {
      reply.setup?.()
      await once(reply, 2)
    }
  const rounds = []
  for (let i = 0; i < ROUNDS; i++) {
    const round = {}
    // Every other round in the opposite order: the first reply of a round read up to a tenth slower than the same
    // reply later in it, so a fixed order favoured the replies measured last (docs/performance.md#in-turns).
    for (const reply of i % 2 ? [...paths].reverse() : paths) {
      reply.setup?.()
      round[key(reply)] = await once(reply, Math.max(1, DURATION / 2))
    }
    rounds.push(round)
  }
  const rows = paths.map((reply) => {
    const { label, path } = reply
    const row = {
      label,
      path,
      connections,
      rps: Math.round(median(rounds.map((r) => r[key(reply)].rps))),
      latencyMs: Number(median(rounds.map((r) => r[key(reply)].latencyMs)).toFixed(2)),
    }
    results.rows.push(row)
    console.log(
      `${label.padEnd(34)} c=${String(connections).padEnd(3)} ${String(row.rps).padStart(6)} req/s  ${String(row.latencyMs).padStart(7)} ms`,
    )
    return row
  })
  const ratio = (a, b) => median(rounds.map((r) => r[a].rps / r[b].rps))
  return { rows, ratio }
}

// The tests' build: the `local` environment of the wrangler configs (the bench seeds through the development helpers).
if (!process.env.SKIP_BUILD) sh('npx', ['vite', 'build', '--logLevel', 'warn'], { CLOUDFLARE_ENV: 'local' })

if (PEERS) {
  const { measurePeers } = await import('./peers.mjs')
  const peers = await measurePeers({ base: BASE, port: Number(PORT), startServer, smoke: SMOKE })
  // `--peers --smoke`: a quick check of the comparison's steps while working on it; its figures are not kept.
  if (SMOKE) {
    rmSync(RESULTS_DIR, { recursive: true, force: true })
    process.exit(0)
  }
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = `${RESULTS_DIR}/latest.json`
  let latest = {}
  try {
    latest = JSON.parse(readFileSync(file, 'utf8'))
  } catch {}
  writeFileSync(file, JSON.stringify({ ...latest, peers }, null, 2))
  console.log(`written under "peers" in ${file}`)
  process.exit(0)
}

// The static twin of the home page: the same bytes served as a Workers static asset by the same workerd (assets are
// read when the server starts). The smoke serves a stand-in, so that it starts one server only.
const twinDir = 'dist/client/__bench'
let stop
if (SMOKE) {
  mkdirSync(twinDir, { recursive: true })
  writeFileSync(`${twinDir}/home.html`, '<!doctype html><title>bench smoke</title>')
} else {
  stop = await startServer()
  const html = await (await fetch(`${BASE}/en`)).text()
  stop()
  await sleep(500)
  mkdirSync(twinDir, { recursive: true })
  writeFileSync(`${twinDir}/home.html`, html)
}

/**
 * The server of one phase: a fresh one for each (heap growth and realtime want an isolate of their own), or in the
 * smoke the one server of the whole run.
 */
const smokeServer = SMOKE ? await startServer() : null
if (SMOKE) console.log(`bench: server up, ${((Date.now() - started) / 1000).toFixed(0)} s in`)
const phase = async (name, body) => {
  const stopPhase = smokeServer ?? (await startServer())
  try {
    return await body(stopPhase)
  } finally {
    if (!smokeServer) {
      stopPhase()
      await sleep(500)
    }
    console.log(`bench: ${name} done, ${((Date.now() - started) / 1000).toFixed(0)} s in`)
  }
}
let heapOverBudget = false
const budgets = JSON.parse(readFileSync('test/bench/budgets.json', 'utf8'))
try {
  await phase('P1, P5 and CPU', async (server) => {
    for (let i = 0; i < 5; i++) await fetch(`${BASE}/en`).then((r) => r.text())
    // The same home page from a second portal whose upstream cannot push the content version (GATEWAY_ORIGIN: it asks
    // in the background every few seconds, docs/decisions/0042-content-version-off-the-path.md), measured in turns with
    // the version call answered at once and 100 ms late: P1 must not move. Its proxy passes every other call at once,
    // to this server's reference gateway.
    const { startDelayProxy, startPortal } = await import('./streaming.mjs')
    let versionLate = false
    let versionCalls = 0
    const versionProxy = await startDelayProxy(Number(PORT) + 2, BASE, VERSION_DELAY_MS, (url) => {
      if (!url.startsWith('/core/content/version')) return false
      versionCalls++
      return versionLate
    })
    const delayedBase = `http://127.0.0.1:${Number(PORT) + 1}`
    const stopDelayed = await startPortal(Number(PORT) + 1, `http://127.0.0.1:${Number(PORT) + 2}`, DELAYED_STATE_DIR)
    const ratios = {}
    try {
      for (let i = 0; i < 5; i++) await fetch(`${delayedBase}/en`).then((r) => r.text())
      const callsBefore = versionCalls
      const measuredFrom = Date.now()
      for (const c of CONCURRENCIES) {
        const { rows, ratio } = await measureInTurns(
          [
            { label: 'P1 SSR home /en (KV warm)', path: '/en' },
            { label: 'P1 static same bytes', path: '/__bench/home' },
            { label: 'P1 tiny worker reply', path: '/_app/build' },
            { label: 'P1 SSR home, every request rendered', path: RENDERED },
            {
              label: 'P1 SSR home, second portal',
              path: '/en',
              base: delayedBase,
              key: 'second',
              setup: () => (versionLate = false),
            },
            {
              label: `P1 SSR home, second portal, version call +${VERSION_DELAY_MS} ms`,
              path: '/en',
              base: delayedBase,
              key: 'late',
              setup: () => (versionLate = true),
            },
          ],
          c,
        )
        ratios[`P1 SSR/static c=${c}`] = ratio('/en', '/__bench/home')
        ratios[`P1 SSR/static c=${c}, second portal`] = ratio('second', '/__bench/home')
        ratios[`P1 SSR/static c=${c}, second portal, version call +${VERSION_DELAY_MS} ms`] = ratio(
          'late',
          '/__bench/home',
        )
        ratios[`P1 version call +${VERSION_DELAY_MS} ms / at once, c=${c}`] = ratio('late', 'second')
        ratios[`P1 rendered/static c=${c}`] = ratio(RENDERED, '/__bench/home')
        ratios[`P1 SSR/tiny c=${c}`] = ratio('/en', '/_app/build')
        ratios[`P1 tiny/static c=${c}`] = ratio('/_app/build', '/__bench/home')
        if (c === 1) ratios['P1 render ms per request above a tiny reply (c=1)'] = rows[0].latencyMs - rows[2].latencyMs
      }
      // The delayed portal did ask: in the background, about once per VERSION_POLL_MS, never once per page.
      const held = versionCalls - callsBefore
      results.versionDelay = {
        delayMs: VERSION_DELAY_MS,
        versionCalls: held,
        seconds: (Date.now() - measuredFrom) / 1000,
      }
      console.log(
        `P1 with the version call ${VERSION_DELAY_MS} ms late: ${held} version calls in ${results.versionDelay.seconds.toFixed(0)} s of measuring`,
      )
      if (held === 0) missing('P1 with a delayed version call (the delayed portal never asked for the version)')
    } finally {
      stopDelayed()
      versionProxy.close()
      rmSync(DELAYED_STATE_DIR, { recursive: true, force: true })
    }
    if (!SMOKE) rmSync(twinDir, { recursive: true, force: true })
    // P5 in turns too: measured one after the other, the same build read 1.94 and 2.63 at c=1 on two runs
    // (docs/performance.md#in-turns).
    const payload = '/en/media/news/_payload.json'
    for (const c of CONCURRENCIES) {
      const { ratio } = await measureInTurns(
        [
          { label: 'P5 _payload.json cached', path: payload },
          {
            label: 'P5 _payload.json uncached',
            path: payload,
            key: 'uncached',
            varyPath: (n) => `${payload}?page=${100000 + ((Date.now() + n) % 800000)}`,
          },
        ],
        c,
      )
      ratios[`P5 cached/uncached c=${c}`] = ratio(payload, 'uncached')
    }
    // CPU per render (docs/performance.md: ≤ 3 ms on home): the production bundle's own CPU time over warm renders.
    const { profileRenders, workerdCpuPerRequest, workerdProfile } = await import('./render-cpu.mjs')
    const cpu = await profileRenders({
      gatewayBase: BASE,
      paths: ['/en', '/en/media/news', '/en/post/1', '/_app/build'],
      requests: tiny(5),
      warmup: tiny(3),
    })
    results.renderCpu = cpu.map(({ path, cpuMs, top }) => ({
      path,
      cpuMs: Number(cpuMs.toFixed(2)),
      top: top.slice(0, 10),
    }))
    for (const r of results.renderCpu) {
      console.log(`${'CPU per request'.padEnd(34)} ${r.path.padEnd(16)} ${r.cpuMs.toFixed(2)} ms`)
      ratios[`CPU ms per request ${r.path}`] = r.cpuMs
    }
    // The same in workerd itself, whole requests (runtime plumbing and local KV simulation included): an upper bound.
    const workerd = await workerdCpuPerRequest({
      rootPid: server.pid,
      base: BASE,
      paths: ['/_app/build', '/en/_payload.json', '/en'],
      requests: tiny(10),
      warmup: tiny(3),
    })
    if (workerd) {
      results.workerdCpu = workerd.map(({ path, cpuMs }) => ({ path, cpuMs: Number(cpuMs.toFixed(2)) }))
      for (const r of results.workerdCpu) {
        console.log(`${'workerd CPU per request'.padEnd(34)} ${r.path.padEnd(16)} ${r.cpuMs.toFixed(2)} ms`)
        ratios[`workerd CPU ms per request ${r.path}`] = r.cpuMs
      }
    } else missing('workerd CPU per request (no workerd process found)')
    // Where workerd spends a home render: its own inspector's sampling profile (the raw profile goes to bench-results/).
    const hot = await workerdProfile({
      rootPid: server.pid,
      base: BASE,
      path: '/en',
      requests: tiny(20),
      warmup: tiny(30),
    })
    if (hot) {
      mkdirSync(RESULTS_DIR, { recursive: true })
      writeFileSync(`${RESULTS_DIR}/workerd-en.cpuprofile`, JSON.stringify(hot.profile))
      results.workerdProfile = { path: hot.path, top: hot.top.slice(0, 12) }
      console.log('workerd profile /en, hottest functions by share of the sampled self time:')
      for (const { fn, share } of hot.top.slice(0, 8)) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${fn}`)
    } else missing("workerd profile of /en (no inspector answered with the isolate's profile)")
    results.ratios = Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, Number(v.toFixed(2))]))
  })

  // Heap after GC of the portal's and the gateway's isolates across thousands of requests
  // (docs/performance.md#heap-after-gc), on a fresh server; growth over the budget of budgets.json fails the bench
  // once every figure is written.
  await phase('heap after GC', async (server) => {
    const { measureHeap, reportHeap } = await import('./heap.mjs')
    const budget = budgets.heapAfterGc
    const heap = await measureHeap({
      rootPid: server.pid,
      base: BASE,
      requests: SMOKE ? 50 : Number(process.env.BENCH_HEAP_REQUESTS ?? budget.requests),
      warmup: tiny(50),
    })
    if (heap) {
      results.heap = { ...heap, maxGrowthMB: budget.maxGrowthMB }
      heapOverBudget = !reportHeap(heap, budget.maxGrowthMB) && !SMOKE
      for (const [isolate, mb] of Object.entries(heap.growthMB))
        results.ratios[`heap growth MB over ${2 * heap.requests} requests, ${isolate}`] = mb
    } else missing('heap after GC (no workerd inspector found)')
  })

  // P2 (streaming against a 1 s upstream; ports BENCH_PORT+1 and +2) and Lighthouse share one server: it is P2's
  // reference gateway behind the delay proxy and Lighthouse's target. `BENCH_SKIP_LIGHTHOUSE=1` leaves Lighthouse out.
  await phase('P2, first view, main thread and Lighthouse', async () => {
    const { measureStreaming } = await import('./streaming.mjs')
    results.p2 = await measureStreaming({
      upstream: BASE,
      port: Number(PORT) + 1,
      proxyPort: Number(PORT) + 2,
      runs: tiny(1),
    })
    results.ratios['P2 shell first byte / buffered render'] = results.p2.ratio
    // What a first view costs in Chromium (JavaScript until the network is idle, the document's size and elements) and
    // the main thread's tasks between first paint and interactive, on home, a list and a post.
    const { contentPages, measureFirstView } = await import('./first-view.mjs')
    const pages = await contentPages(BASE)
    const firstViewPages = SMOKE ? { home: pages.home } : pages
    results.firstView = await measureFirstView(BASE, firstViewPages)
    const { measureMainThread } = await import('./main-thread.mjs')
    results.mainThread = await measureMainThread(
      BASE,
      SMOKE ? { home: pages.home } : { home: pages.home, list: pages['list news'], post: pages.post },
      { runs: tiny(1) },
    )
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      const { runLighthouse } = await import('./lighthouse.mjs')
      results.lighthouse = await runLighthouse(BASE, {
        runs: tiny(1),
        only: SMOKE ? ['home'] : undefined,
        outDir: RESULTS_DIR,
      })
    }
  })

  // Realtime fan-out (docs/decisions/0018-realtime-hub.md): publish → delivered for 1 subscriber (the local stack's own
  // cost) and for 1,000 subscribers of one channel.
  await phase('realtime', async () => {
    const { measureRealtime } = await import('./realtime.mjs')
    results.realtime = {
      one: await measureRealtime({ base: BASE, subscribers: 1, events: tiny(3) }),
      thousand: await measureRealtime({ base: BASE, subscribers: SMOKE ? 20 : 1000, events: tiny(3) }),
    }
    results.ratios['realtime 1,000 subscribers: median ms publish → delivered'] =
      results.realtime.thousand.deliveryMs.median
    results.ratios['realtime 1,000 subscribers: p99 ms publish → delivered'] = results.realtime.thousand.deliveryMs.p99
    mkdirSync(RESULTS_DIR, { recursive: true })
    writeFileSync(`${RESULTS_DIR}/realtime.json`, JSON.stringify({ date: results.date, ...results.realtime }, null, 2))
  })
} finally {
  smokeServer?.()
  rmSync(twinDir, { recursive: true, force: true })
}

// First-load JS from the client manifest (test/budgets.test.ts checks the same statically).
const { firstLoad } = await import('./first-load.ts')
results.firstLoad = ['home', 'post', 'media', 'about', 'sign-in', 'profile'].map((r) => firstLoad(r))
for (const f of results.firstLoad)
  console.log(`first-load JS ${f.route.padEnd(10)} ${(f.gzipBytes / 1024).toFixed(1)} KiB gzip`)
results.loadAverage = loadavg().map((x) => Number(x.toFixed(2)))
console.table(results.ratios)
mkdirSync(RESULTS_DIR, { recursive: true })
// The last `--peers` run's figures stay beside the new full run's.
let peers
try {
  peers = JSON.parse(readFileSync(`${RESULTS_DIR}/latest.json`, 'utf8')).peers
} catch {}
writeFileSync(`${RESULTS_DIR}/latest.json`, JSON.stringify({ ...results, ...(peers ? { peers } : {}) }, null, 2))
console.log(`written to ${RESULTS_DIR}/latest.json`)
if (SMOKE) {
  rmSync(RESULTS_DIR, { recursive: true, force: true })
  console.log(`bench smoke: every step ran, in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
// P1 (with the document memory) and P5 against their budgets (docs/performance.md#budgets); the smoke's one-second
// figures are not judged.
const { p1SsrOverStatic, p5CachedOverUncached } = budgets.throughput
const under = Object.entries(SMOKE ? {} : (results.ratios ?? {})).filter(
  ([name, value]) =>
    (/^P1 SSR\/static c=\d+$/.test(name) && value < p1SsrOverStatic) ||
    (name.startsWith('P5 cached/uncached') && value < p5CachedOverUncached),
)
for (const [name, value] of under)
  console.error(
    `${name}: ${value}, under its budget of ${name.startsWith('P1') ? p1SsrOverStatic : p5CachedOverUncached}`,
  )
if (under.length) process.exitCode = 1
if (heapOverBudget) {
  console.error("An isolate's heap after GC grew over its budget (docs/performance.md#heap-after-gc).")
  process.exitCode = 1
}
