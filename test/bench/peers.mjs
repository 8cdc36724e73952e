// `npm run bench -- --peers` (docs/performance.md#peers): the portal's home page `/en` against the same page in two
// peers, React Router (framework mode) and Astro (React islands), each a Workers app in `test/bench/peers/` built in
// production mode and served by workerd through `vite preview` / `astro preview`, as the portal is. The peers render
// the portal's own components from the same seeded reference gateway (over HTTP, through the portal's `/gateway`).
//
// In one run: the visible text of the three documents must be the same (else the run stops); then, measured in turns
// (portal, React Router, Astro, repeated), requests per second rendering every request at c=1 and c=10 against the
// same bytes served as a static asset by the same server; workerd's CPU per request; first byte and last byte with
// the upstream delayed 1 s (who streams); and in Chromium, the JavaScript a first view fetches and the document's size.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import autocannon from 'autocannon'
import { workerdCpuPerRequest } from './render-cpu.mjs'
import { BROWSER_UA, startDelayProxy, startPortal, timeDocument } from './streaming.mjs'

const PEERS_DIR = 'test/bench/peers'
/** The peers, each its own npm project: how it builds, where its client files are, how it is served. */
const PEERS = [
  { name: 'react-router', client: 'dist/client', serve: ['node_modules/vite/bin/vite.js', 'preview', '--strictPort'] },
  { name: 'astro', client: 'dist/client', serve: ['node_modules/astro/bin/astro.mjs', 'preview'] },
]
/** Every request rendered: a query the home route does not know is never answered from the portal's document memory
 * (docs/decisions/0023-document-memory.md); the peers render every request anyway. */
const RENDERED = '/en?peers'
const TWIN = '/__bench/home'
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const round = (x, digits = 2) => Number(x.toFixed(digits))
const load = () => loadavg().map((x) => round(x))

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`)
}

/**
 * Installs a peer from its lockfile on first use (and after its lockfile changes), from the npm registry only, and
 * builds it for production. The project's own `npm ci` never installs the peers.
 */
function preparePeer(name, { build = true } = {}) {
  const dir = path.join(PEERS_DIR, name)
  const installed = path.join(dir, 'node_modules/.package-lock.json')
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(path.join(dir, 'package-lock.json')).mtimeMs)
    sh('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
  if (build) sh('npm', ['run', 'build', '--silent'], { cwd: dir })
}

/** The installed versions that make a peer (for the results). */
function versionsOf(name) {
  const dir = path.join(PEERS_DIR, name)
  const packages = {
    'react-router': ['react-router', '@react-router/dev', '@cloudflare/vite-plugin', 'vite'],
    astro: ['astro', '@astrojs/cloudflare', '@astrojs/react', '@cloudflare/vite-plugin', 'vite'],
  }[name]
  const version = (pkg) => JSON.parse(readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version
  return Object.fromEntries([...packages, 'react', 'react-dom', 'workerd'].map((pkg) => [pkg, version(pkg)]))
}

/**
 * Serves a built peer on `port` with its upstream at `gatewayUrl` and the given payload memory. The variables reach the
 * worker from the environment (CLOUDFLARE_INCLUDE_PROCESS_ENV), so the environment is kept minimal; the peers find
 * each other in a registry of their own, never in the machine's.
 */
async function startPeer(name, { port, gatewayUrl, memoryMs = 30_000 }) {
  const dir = path.join(PEERS_DIR, name)
  const { serve } = PEERS.find((p) => p.name === name)
  const registry = path.resolve('.wrangler/bench-peers-registry')
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GATEWAY_URL: gatewayUrl,
    PAYLOAD_MEMORY_MS: String(memoryMs),
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
    X_LOCAL_OBSERVABILITY: 'false',
    MINIFLARE_REGISTRY_PATH: registry,
    WRANGLER_REGISTRY_PATH: registry,
  }
  const [bin, ...args] = serve
  const child = spawn(process.execPath, [bin, ...args, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env,
    stdio: 'ignore',
    detached: true,
  })
  const stop = () => {
    process.off('exit', stop)
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
  stop.pid = child.pid
  // However the bench ends, the peer's server (a process group of its own) ends with it.
  process.once('exit', stop)
  for (let i = 0; i < 480; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/favicon.svg`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return stop
    await sleep(250)
  }
  stop()
  throw new Error(`peer ${name} did not start on ${port}`)
}

/** The page's visible text in Chromium (title and `innerText` after hydration), whitespace normalised. */
async function visibleText(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  // What a reader sees: the rendered text (hidden elements left out, one line per block), not every text node.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point of the check.
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`)
  await context.close()
  return {
    text: text
      .replace(/[^\S\n]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim(),
    errors,
  }
}

/** Fails unless the three pages show the same text (the first difference is in the message). */
async function checkSameText(targets) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
  try {
    const texts = {}
    for (const t of targets) texts[t.name] = await visibleText(browser, `${t.base}/en`)
    const [first, ...rest] = targets.map((t) => t.name)
    for (const name of [first, ...rest]) {
      if (texts[name].errors.length) throw new Error(`${name} /en: page errors: ${texts[name].errors.join('; ')}`)
    }
    for (const name of rest) {
      if (texts[name].text === texts[first].text) continue
      const a = texts[first].text.split('\n')
      const b = texts[name].text.split('\n')
      const at = a.findIndex((line, i) => line !== b[i])
      throw new Error(
        `${name} /en does not show the portal's text: line ${at + 1} is ${JSON.stringify(b[at])}, the portal's ${JSON.stringify(a[at])}`,
      )
    }
    const lines = texts[first].text.split('\n').length
    console.log(`Peers: the three pages show the same text (${texts[first].text.length} characters, ${lines} lines)`)
    return { characters: texts[first].text.length, lines }
  } finally {
    await browser.close()
  }
}

/**
 * Requests per second of each target's rendered page and of the same bytes as a static asset of the same server, in
 * turns (a warm-up each, then `rounds` rounds of `seconds` per measurement); ratios are medians of per-round ratios.
 */
async function inTurns(targets, connections, { rounds, seconds }) {
  const once = async (base, urlPath, duration) => {
    const r = await autocannon({ url: base, connections, duration, requests: [{ method: 'GET', path: urlPath }] })
    if (r.non2xx || r.errors) throw new Error(`${base}${urlPath}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return r.requests.average
  }
  for (const t of targets) for (const p of [RENDERED, TWIN]) await once(t.base, p, Math.min(2, seconds))
  const perRound = []
  for (let i = 0; i < rounds; i++) {
    const round = {}
    for (const t of targets)
      round[t.name] = { ssr: await once(t.base, RENDERED, seconds), static: await once(t.base, TWIN, seconds) }
    perRound.push(round)
  }
  return Object.fromEntries(
    targets.map(({ name }) => [
      name,
      {
        ssrRps: Math.round(median(perRound.map((r) => r[name].ssr))),
        staticRps: Math.round(median(perRound.map((r) => r[name].static))),
        ratio: round(median(perRound.map((r) => r[name].ssr / r[name].static))),
      },
    ]),
  )
}

/** What a first view costs in Chromium: JavaScript and CSS until the network is idle (gzip), the document's size. */
async function firstView(browser, base) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const bodies = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    bodies.push(
      response.body().then(
        (body) => ({ type, url: response.url(), gzip: gzipSync(body).length }),
        () => ({ type, url: response.url(), gzip: 0 }),
      ),
    )
  })
  await page.goto(`${base}/en`, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  await page.waitForLoadState('networkidle')
  const files = await Promise.all(bodies)
  await context.close()
  const html = await (await fetch(`${base}/en`, { headers: { 'user-agent': BROWSER_UA } })).text()
  const noJs = await browser.newContext({ javaScriptEnabled: false })
  const bare = await noJs.newPage()
  await bare.goto(`${base}/en`)
  const elements = await bare.evaluate(() => document.getElementsByTagName('*').length)
  await noJs.close()
  const sum = (type) => files.filter((f) => f.type === type).reduce((s, f) => s + f.gzip, 0)
  return {
    jsGzipBytes: sum('script'),
    scripts: files.filter((f) => f.type === 'script').length,
    files: files.map((f) => `${new URL(f.url).pathname} ${f.gzip}`),
    linkedCssGzipBytes: sum('stylesheet'),
    docBytes: Buffer.byteLength(html),
    docGzipBytes: gzipSync(html).length,
    inlineCssBytes: [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((s, m) => s + m[1].length, 0),
    elements,
  }
}

/** First byte and last byte of `/en` for a browser, against an upstream that holds every call 1 s. */
async function slowUpstream({ upstream, port, proxyPort, peerPorts, runs, delayMs = 1000 }) {
  const proxy = await startDelayProxy(proxyPort, upstream, delayMs)
  const out = {}
  const time = async (base) => {
    const before = proxy.stats.calls
    // Identity: what a server sends first, not how a compressor in front of it buffers.
    const r = await timeDocument(`${base}/en`, BROWSER_UA, 0, 'identity')
    if (r.status !== 200) throw new Error(`${base}/en answered ${r.status} with a slow upstream`)
    if (proxy.stats.calls === before) throw new Error(`${base}/en made no upstream call (a cached copy)`)
    return { firstByteMs: r.firstByteMs, lastByteMs: r.lastByteMs }
  }
  const summarise = (samples) => ({
    firstByteMs: round(median(samples.map((s) => s.firstByteMs)), 1),
    lastByteMs: round(median(samples.map((s) => s.lastByteMs)), 1),
    samples: samples.map((s) => ({ firstByteMs: round(s.firstByteMs, 1), lastByteMs: round(s.lastByteMs, 1) })),
  })
  try {
    // The portal keeps payloads in KV: each run is a fresh portal with an empty one, warmed on a page without data.
    const portal = []
    for (let i = 0; i < runs; i++) {
      const stop = await startPortal(port, `http://127.0.0.1:${proxyPort}`)
      try {
        await timeDocument(`http://127.0.0.1:${port}/en/success-registration`, BROWSER_UA)
        portal.push(await time(`http://127.0.0.1:${port}`))
      } finally {
        stop()
        await sleep(500)
      }
    }
    out.portal = summarise(portal)
    // The peers keep nothing (PAYLOAD_MEMORY_MS=0): one warm-up request, then every request asks the upstream.
    for (const [i, { name }] of PEERS.entries()) {
      const stop = await startPeer(name, {
        port: peerPorts[i],
        gatewayUrl: `http://127.0.0.1:${proxyPort}`,
        memoryMs: 0,
      })
      try {
        await time(`http://127.0.0.1:${peerPorts[i]}`)
        const samples = []
        for (let r = 0; r < runs; r++) samples.push(await time(`http://127.0.0.1:${peerPorts[i]}`))
        out[name] = summarise(samples)
      } finally {
        stop()
        await sleep(500)
      }
    }
  } finally {
    proxy.close()
  }
  return { upstreamDelayMs: delayMs, runs, ...out }
}

/**
 * The whole comparison. `startServer` starts the portal's bench server (the reference gateway, seeded) on `base`;
 * ports `port + 1` to `port + 4` serve the slow-upstream portal, the delay proxy and the two peers.
 */
export async function measurePeers({ base, port, startServer, smoke = false }) {
  const counts = smoke
    ? { rounds: 1, seconds: 0.5, cpuRequests: 10, streamRuns: 1 }
    : {
        rounds: Number(process.env.BENCH_ROUNDS ?? 7),
        seconds: Number(process.env.BENCH_SECONDS ?? 5) / 2,
        cpuRequests: 400,
        streamRuns: Number(process.env.PEERS_STREAM_RUNS ?? 3),
      }
  const peerPorts = [port + 3, port + 4]
  for (const { name } of PEERS) preparePeer(name)
  const result = {
    date: new Date().toISOString(),
    loadAverageAtStart: load(),
    page: '/en',
    rendered: RENDERED,
    versions: Object.fromEntries(PEERS.map(({ name }) => [name, versionsOf(name)])),
  }
  const gatewayUrl = `${base}/gateway`
  const startAll = async () => {
    const stops = [await startServer()]
    for (const [i, { name }] of PEERS.entries()) stops.push(await startPeer(name, { port: peerPorts[i], gatewayUrl }))
    return stops
  }
  const targets = [
    { name: 'portal', base },
    ...PEERS.map(({ name }, i) => ({ name, base: `http://127.0.0.1:${peerPorts[i]}` })),
  ]

  // The same page, and each one's document as its static twin (assets are read when a server starts).
  let stops = await startAll()
  let twins
  try {
    for (const t of targets) for (let i = 0; i < 3; i++) await fetch(`${t.base}/en`).then((r) => r.text())
    result.sameText = await checkSameText(targets)
    twins = await Promise.all(targets.map((t) => fetch(t.base + RENDERED).then((r) => r.text())))
  } finally {
    for (const stop of stops) stop()
    await sleep(1000)
  }
  const clientDirs = ['dist/client', ...PEERS.map((p) => path.join(PEERS_DIR, p.name, p.client))]
  for (const [i, dir] of clientDirs.entries()) {
    mkdirSync(path.join(dir, '__bench'), { recursive: true })
    writeFileSync(path.join(dir, '__bench/home.html'), twins[i])
  }

  stops = await startAll()
  try {
    for (const t of targets) for (let i = 0; i < 20; i++) await fetch(t.base + RENDERED).then((r) => r.text())
    result.throughput = {}
    for (const c of [1, 10]) {
      result.throughput[`c${c}`] = await inTurns(targets, c, counts)
      for (const [name, r] of Object.entries(result.throughput[`c${c}`]))
        console.log(
          `Peers c=${String(c).padEnd(3)} ${name.padEnd(13)} rendered ${String(r.ssrRps).padStart(5)} req/s, static ${String(r.staticRps).padStart(5)} req/s, ratio ${r.ratio}`,
        )
    }
    result.workerdCpuMs = {}
    for (const [i, t] of targets.entries()) {
      const cpu = await workerdCpuPerRequest({
        rootPid: stops[i].pid,
        base: t.base,
        paths: [RENDERED],
        requests: counts.cpuRequests,
      })
      if (!cpu) throw new Error(`${t.name}: no workerd process found for the CPU figure`)
      result.workerdCpuMs[t.name] = round(cpu[0].cpuMs)
      console.log(`Peers workerd CPU per request ${t.name.padEnd(13)} ${result.workerdCpuMs[t.name]} ms`)
    }
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
    try {
      result.firstView = {}
      for (const t of targets) result.firstView[t.name] = await firstView(browser, t.base)
    } finally {
      await browser.close()
    }
    console.table(
      Object.fromEntries(
        Object.entries(result.firstView).map(([name, f]) => [
          name,
          {
            'JS gz KiB': round(f.jsGzipBytes / 1024, 1),
            scripts: f.scripts,
            'linked CSS gz KiB': round(f.linkedCssGzipBytes / 1024, 1),
            'doc KiB': round(f.docBytes / 1024, 1),
            'doc gz KiB': round(f.docGzipBytes / 1024, 1),
            'inline CSS KiB': round(f.inlineCssBytes / 1024, 1),
            elements: f.elements,
          },
        ]),
      ),
    )
    // The peers' servers make way for the slow-upstream ones on the same ports; the portal's stays as the upstream.
    for (const stop of stops.slice(1)) stop()
    await sleep(1000)
    result.slowUpstream = await slowUpstream({
      upstream: base,
      port: port + 1,
      proxyPort: port + 2,
      peerPorts,
      runs: counts.streamRuns,
    })
    for (const name of ['portal', ...PEERS.map((p) => p.name)]) {
      const s = result.slowUpstream[name]
      console.log(
        `Peers with a 1 s upstream ${name.padEnd(13)} first byte ${s.firstByteMs} ms, last byte ${s.lastByteMs} ms`,
      )
    }
  } finally {
    for (const stop of stops) stop()
    for (const dir of clientDirs) rmSync(path.join(dir, '__bench'), { recursive: true, force: true })
  }
  result.loadAverageAtEnd = load()
  return result
}
