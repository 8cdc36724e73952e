// Lighthouse budgets (docs/performance.md): mobile preset (simulated throttling), Debian's Chromium, the local
// production
// build. Each figure is the median of RUNS (5) runs per page; every run gets a fresh Chromium. The profile page runs
// signed in: the demo investor signs in through the edge's gateway proxy and each run sends its `token` cookie.

import { mkdirSync, writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { isBot } from '../../worker/render/bots.ts'

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Goals: scores are 0–100, times in ms. */
const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, seo: 100, lcpMs: 1500, cls: 0.02, tbtMs: 150 }

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * One run in a fresh Chromium. Trace-recording failures (NO_NAVSTART and the like) come and go on a busy machine:
 * up to four attempts, each in a new browser.
 */
async function runOnce(url, headers, attemptsLeft = 4) {
  try {
    return await runInFreshChrome(url, headers)
  } catch (error) {
    if (attemptsLeft <= 1) throw error
    console.warn(`${String(error)} (trying again)`)
    return runOnce(url, headers, attemptsLeft - 1)
  }
}

async function runInFreshChrome(url, headers) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      ...(headers ? { extraHeaders: headers } : {}),
    }
    const result = await lighthouse(url, flags)
    if (!result || result.lhr.runtimeError)
      throw new Error(`lighthouse ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`)
    return result.lhr
  } finally {
    await chrome.kill()
  }
}

function readFigures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric('total-blocking-time')),
  }
}

/** Audits scored below 1 in the three categories (what to fix), from one run's report. */
function readMisses(lhr) {
  const misses = []
  for (const id of ['performance', 'accessibility', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        misses.push(`${id}: ${ref.id} (${audit.displayValue ?? audit.score})`)
    }
  }
  return misses
}

const passes = (f) => ({
  performance: f.performance >= LIGHTHOUSE_GOALS.performance,
  accessibility: f.accessibility >= LIGHTHOUSE_GOALS.accessibility,
  seo: f.seo >= LIGHTHOUSE_GOALS.seo,
  lcpMs: f.lcpMs <= LIGHTHOUSE_GOALS.lcpMs,
  cls: f.cls <= LIGHTHOUSE_GOALS.cls,
  tbtMs: f.tbtMs <= LIGHTHOUSE_GOALS.tbtMs,
})

/**
 * Runs Lighthouse `runs` times on each page of `base`, writes `lighthouse.json` (medians, every run, the missed audits)
 * and the last report of each page as `lighthouse-{page}.json` to `outDir`, prints the table.
 */
export async function runLighthouse(
  base,
  { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5), postId, only, outDir = 'bench-results' } = {},
) {
  // The budgets are about what visitors get: the emulated phone must be served as a browser (streamed), not a crawler.
  const { emulatedUserAgent } = (await import('lighthouse/core/config/constants.js')).defaultSettings
  if (isBot(emulatedUserAgent)) throw new Error(`Lighthouse's user agent is treated as a crawler: ${emulatedUserAgent}`)
  const id = postId ?? (await findPostId(base))
  const cookie = await signInDemoInvestor(base)
  const all = {
    home: { path: '/en' },
    list: { path: '/en/media/news' },
    detail: { path: `/en/post/${id}` },
    'sign-in': { path: '/en/auth/sign-in?role=investor' },
    profile: { path: '/en/profile', headers: { cookie } },
  }
  // `only`: some of the pages (the bench's smoke runs one).
  const pages = only ? Object.fromEntries(only.map((name) => [name, all[name]])) : all
  const out = {
    date: new Date().toISOString(),
    preset: 'mobile (simulated throttling)',
    userAgent: emulatedUserAgent,
    runs,
    goals: LIGHTHOUSE_GOALS,
    pages: {},
  }
  // Lighthouse's own measure of the host's CPU speed per run: simulated throttling scales what this machine measured by
  // a fixed factor, so blocking time on a slow or busy host reads longer than on the phone it emulates.
  const benchmarkIndexes = []
  mkdirSync(outDir, { recursive: true })
  for (const [name, { path, headers }] of Object.entries(pages)) {
    const all = []
    let last
    for (let i = 0; i < runs; i++) {
      last = await runOnce(base + path, headers)
      if (last.finalDisplayedUrl && !last.finalDisplayedUrl.endsWith(path))
        throw new Error(`lighthouse ${path} ended on ${last.finalDisplayedUrl}`)
      const benchmarkIndex = Math.round(last.environment?.benchmarkIndex ?? Number.NaN)
      all.push({ ...readFigures(last), benchmarkIndex })
      benchmarkIndexes.push(benchmarkIndex)
    }
    const figures = Object.fromEntries(Object.keys(LIGHTHOUSE_GOALS).map((k) => [k, median(all.map((f) => f[k]))]))
    out.pages[name] = { path, median: figures, pass: passes(figures), runs: all, misses: readMisses(last) }
    writeFileSync(`${outDir}/lighthouse-${name}.json`, JSON.stringify(last))
  }
  out.benchmarkIndex = {
    median: median(benchmarkIndexes),
    min: Math.min(...benchmarkIndexes),
    max: Math.max(...benchmarkIndexes),
  }
  writeFileSync(`${outDir}/lighthouse.json`, JSON.stringify(out, null, 2))
  printTable(out)
  return out
}

/** The demo investor's session cookies (README "Demo accounts"), from a sign-in through the edge's gateway proxy. */
async function signInDemoInvestor(base) {
  const res = await fetch(`${base}/gateway/core/auth/login`, {
    method: 'POST',
    headers: {
      origin: base,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'invest-portal',
    },
    body: JSON.stringify({
      email: 'investor@demo.invest.example',
      password: 'Investor#2026',
      role: 'investor',
      hash: '',
    }),
  })
  // The session is `token` and its host-bound companion (docs/security.md#cookies).
  const cookies = res.headers.getSetCookie().filter((c) => /^(token|token_bind)=/.test(c))
  if (!res.ok || cookies.length !== 2)
    throw new Error(`demo investor sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
  return cookies.map((c) => c.split(';')[0]).join('; ')
}

async function findPostId(base) {
  const html = await (await fetch(`${base}/en/media/news`)).text()
  const id = /href="\/en\/post\/([^"/?#]+)"/.exec(html)?.[1]
  if (!id) throw new Error('no post link on /en/media/news')
  return id
}

function printTable(out) {
  const g = LIGHTHOUSE_GOALS
  const mark = (ok) => (ok ? 'pass' : 'FAIL')
  const rows = {}
  for (const [name, p] of Object.entries(out.pages)) {
    const m = p.median
    rows[`${name} ${p.path}`] = {
      [`perf ≥${g.performance}`]: `${m.performance} ${mark(p.pass.performance)}`,
      [`a11y ≥${g.accessibility}`]: `${m.accessibility} ${mark(p.pass.accessibility)}`,
      [`SEO ≥${g.seo}`]: `${m.seo} ${mark(p.pass.seo)}`,
      [`LCP ≤${g.lcpMs / 1000} s`]: `${(m.lcpMs / 1000).toFixed(2)} ${mark(p.pass.lcpMs)}`,
      [`CLS ≤${g.cls}`]: `${m.cls} ${mark(p.pass.cls)}`,
      [`TBT ≤${g.tbtMs} ms`]: `${m.tbtMs} ${mark(p.pass.tbtMs)}`,
    }
  }
  const bi = out.benchmarkIndex
  console.log(
    `Lighthouse ${out.preset}, median of ${out.runs} runs (lighthouse.json); host benchmarkIndex ${bi.median} (${bi.min}-${bi.max})`,
  )
  console.table(rows)
  for (const [name, p] of Object.entries(out.pages))
    console.log(
      `${name} runs (performance/TBT ms at benchmarkIndex): ${p.runs.map((r) => `${r.performance}/${r.tbtMs} @ ${r.benchmarkIndex}`).join(', ')}`,
    )
  for (const [name, p] of Object.entries(out.pages))
    if (p.misses.length) console.log(`${name} misses: ${p.misses.join('; ')}`)
}

// `node --experimental-strip-types test/bench/lighthouse.mjs http://127.0.0.1:8831` against a running server.
if (import.meta.url === `file://${process.argv[1]}`) await runLighthouse(process.argv[2] ?? 'http://127.0.0.1:8799')
