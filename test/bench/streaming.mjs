// P2 of docs/performance.md: with every upstream call taking 1 s, how soon does a browser get the first byte of the
// home page's
// shell, against the fully buffered render of the same page (what a crawler gets, `allReady`)? Goal: ≤ 1/10.
//
// A second portal (production build, its own empty KV) runs with GATEWAY_ORIGIN pointing at a Node proxy that waits
// `delayMs` and forwards to the reference gateway of the main bench server (`{upstream}/gateway/*`). `vite preview`
// reads the built wrangler.json and ignores the plugin's `config` callback, so GATEWAY_ORIGIN is passed as a
// preview-time variable (CLOUDFLARE_INCLUDE_PROCESS_ENV, with a minimal environment) instead of rebuilding. The KV
// payload cache keys by locale, so each fresh start gives one uncached request per locale: the browser and the
// crawler request take different locales, rotating over the runs.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import zlib from 'node:zlib'
import { isBot } from '../../worker/render/bots.ts'

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const LOCALES = ['en', 'ru', 'uz']
const STATE_DIR = '.wrangler/bench-p2-state'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * A proxy on `port` that holds every call `delayMs` (or only the calls whose path `delays` accepts, the others at
 * once), then forwards it to the reference gateway under `upstream`. `stats` counts the calls and the held ones.
 */
export function startDelayProxy(port, upstream, delayMs, delays = () => true) {
  const stats = { calls: 0, held: 0 }
  const server = http.createServer((req, res) => {
    stats.calls++
    const held = delays(req.url ?? '')
    if (held) stats.held++
    setTimeout(
      () => {
        const target = new URL(`/gateway${req.url}`, upstream)
        const headers = { ...req.headers, host: target.host }
        const out = http.request(target, { method: req.method, headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        })
        out.on('error', () => res.writeHead(502).end())
        req.pipe(out)
      },
      held ? delayMs : 0,
    )
  })
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ stats, close: () => server.close() })),
  )
}

/**
 * A fresh portal (production build, empty KV in `stateDir`) on `port` whose upstream is `gatewayOrigin`; resolves with
 * its stop.
 */
export async function startPortal(port, gatewayOrigin, stateDir = STATE_DIR) {
  rmSync(stateDir, { recursive: true, force: true })
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    STATE_DIR: stateDir,
    GATEWAY_ORIGIN: gatewayOrigin,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    // As `npm start` serves the bench's main server: without the local copy of Workers observability, which costs more
    // than a cached page (docs/operations.md#local-observability).
    X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
  }
  const child = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--host', '127.0.0.1', '--strictPort'],
    {
      env,
      stdio: 'ignore',
      detached: true,
    },
  )
  const stop = () => {
    process.off('exit', stop)
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
  // However the bench ends, this portal (a process group of its own) ends with it.
  process.once('exit', stop)
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/_app/build`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return stop
    await sleep(250)
  }
  stop()
  throw new Error(`P2 portal did not start on ${port}`)
}

/**
 * Time to the first decoded body byte and to the last, for one GET (gzip accepted, as a browser would, unless
 * `acceptEncoding` says otherwise), and the text that arrived within `earlyMs` (before a delayed upstream could have
 * answered).
 */
export function timeDocument(url, userAgent, earlyMs = 0, acceptEncoding = 'gzip') {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const headers = { 'user-agent': userAgent, 'accept-encoding': acceptEncoding, accept: 'text/html' }
    http
      .get(url, { headers }, (res) => {
        const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res
        let firstByteMs = null
        let early = ''
        body.on('data', (chunk) => {
          const at = performance.now() - started
          firstByteMs ??= at
          if (at < earlyMs) early += String(chunk)
        })
        body.on('end', () =>
          resolve({ status: res.statusCode, firstByteMs, lastByteMs: performance.now() - started, early }),
        )
        body.on('error', reject)
      })
      .on('error', reject)
  })
}

/** Runs P2 and returns medians: browser TTFB and last byte, crawler (buffered) last byte, and their ratio. */
export async function measureStreaming({
  upstream,
  port,
  proxyPort,
  runs = Number(process.env.P2_RUNS ?? 5),
  delayMs = 1000,
}) {
  if (isBot(BROWSER_UA) || !isBot(CRAWLER_UA)) throw new Error('P2: the user agents are not classified as expected')
  const proxy = await startDelayProxy(proxyPort, upstream, delayMs)
  const base = `http://127.0.0.1:${port}`
  const samples = []
  try {
    for (let i = 0; i < runs; i++) {
      const stop = await startPortal(port, `http://127.0.0.1:${proxyPort}`)
      try {
        // Warm the isolate on a page without gateway data, so neither measured request pays the cold start.
        for (const ua of [BROWSER_UA, CRAWLER_UA]) await timeDocument(`${base}/en/success-registration`, ua)
        const measure = async (locale, ua) => {
          const before = proxy.stats.calls
          const r = await timeDocument(`${base}/${locale}`, ua, delayMs / 2)
          if (r.status !== 200) throw new Error(`P2: /${locale} answered ${r.status}`)
          if (proxy.stats.calls === before) throw new Error(`P2: /${locale} made no upstream call (payload cache hit)`)
          return r
        }
        const browser = await measure(LOCALES[i % 3], BROWSER_UA)
        const crawler = await measure(LOCALES[(i + 1) % 3], CRAWLER_UA)
        // What arrived before the upstream could answer is the shell: the header is in it, the latest posts are not.
        const shellFirst =
          browser.early.includes('<header') && !browser.early.includes('data-payload="/siw/public/post')
        samples.push({
          browserTtfbMs: browser.firstByteMs,
          browserLastByteMs: browser.lastByteMs,
          bufferedMs: crawler.lastByteMs,
          shellFirst,
        })
      } finally {
        stop()
        await sleep(500)
      }
    }
  } finally {
    proxy.close()
    rmSync(STATE_DIR, { recursive: true, force: true })
  }
  const pick = (k) => Number(median(samples.map((s) => s[k])).toFixed(1))
  const result = {
    upstreamDelayMs: delayMs,
    runs,
    browserTtfbMs: pick('browserTtfbMs'),
    browserLastByteMs: pick('browserLastByteMs'),
    bufferedMs: pick('bufferedMs'),
    shellFirstInEveryRun: samples.every((s) => s.shellFirst),
    samples,
  }
  result.ratio = Number((result.browserTtfbMs / result.bufferedMs).toFixed(3))
  result.pass = result.ratio <= 0.1
  console.log(
    `P2 home with a ${delayMs} ms upstream (median of ${runs} uncached runs): browser first byte ${result.browserTtfbMs} ms, ` +
      `last byte ${result.browserLastByteMs} ms; buffered (crawler) ${result.bufferedMs} ms; ratio ${result.ratio} (goal ≤ 0.1) ${result.pass ? 'pass' : 'FAIL'}` +
      `${result.shellFirstInEveryRun ? '' : '; the early bytes were not the shell in every run'}`,
  )
  return result
}
