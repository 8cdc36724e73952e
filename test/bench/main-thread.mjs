// Main-thread work of a first view in unthrottled Chromium: a DevTools trace of each page from navigation until the
// network has been idle for a while after hydration. Reports, per page, the main thread's tasks over 50 ms (and over
// 12.5 ms, which Lighthouse's 4× simulated CPU counts as blocking) from the first paint on, the longest task, and the
// page's total script time (CDP `Performance.getMetrics`). Median over RUNS loads, each in a fresh browser context.
//
// `node --experimental-strip-types test/bench/main-thread.mjs http://127.0.0.1:8899` against a running server.
import { chromium } from '@playwright/test'

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
]
const LONG_TASK_MS = 50
const BLOCKING_AT_4X_MS = 12.5

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function traceLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const events = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  await cdp.send('Tracing.end')
  await done
  await context.close()
  return {
    events,
    scriptMs: metrics.ScriptDuration * 1000,
    taskMs: metrics.TaskDuration * 1000,
    layoutMs: metrics.LayoutDuration * 1000,
    styleMs: metrics.RecalcStyleDuration * 1000,
  }
}

/** The renderer main thread's top-level tasks from the first paint on, in ms. */
function readTasks(events) {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'firstPaint'),
  )
  if (!main) throw new Error('no renderer main thread with a first paint in the trace')
  const firstPaint = Math.min(...events.filter((e) => e.pid === main.pid && e.name === 'firstPaint').map((e) => e.ts))
  return events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.ts + (e.dur ?? 0) >= firstPaint,
    )
    .map((e) => ({ atMs: (e.ts - firstPaint) / 1000, ms: (e.dur ?? 0) / 1000 }))
}

export async function measureMainThread(base, pages, { runs = Number(process.env.MAIN_THREAD_RUNS ?? 5) } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS,
  })
  const out = { runs, pages: {} }
  try {
    // A first load warms the edge's payload memory and the browser's compile caches are per context anyway.
    for (const path of Object.values(pages)) await fetch(base + path).then((r) => r.text())
    for (const [name, path] of Object.entries(pages)) {
      const all = []
      for (let i = 0; i < runs; i++) {
        const { events, scriptMs, taskMs, layoutMs, styleMs } = await traceLoad(browser, base + path)
        const tasks = readTasks(events)
        const long = tasks.filter((t) => t.ms > LONG_TASK_MS)
        all.push({
          longestMs: Number(Math.max(0, ...tasks.map((t) => t.ms)).toFixed(1)),
          longTasks: long.map((t) => Number(t.ms.toFixed(1))),
          blockingAt4xMs: Number(
            tasks
              .filter((t) => t.ms > BLOCKING_AT_4X_MS)
              .reduce((s, t) => s + t.ms - BLOCKING_AT_4X_MS, 0)
              .toFixed(1),
          ),
          scriptMs: Number(scriptMs.toFixed(1)),
          taskMs: Number(taskMs.toFixed(1)),
          styleMs: Number(styleMs.toFixed(1)),
          layoutMs: Number(layoutMs.toFixed(1)),
        })
      }
      const pick = (k) => median(all.map((r) => r[k]))
      out.pages[name] = {
        path,
        median: {
          longestMs: pick('longestMs'),
          longTasks: median(all.map((r) => r.longTasks.length)),
          blockingAt4xMs: pick('blockingAt4xMs'),
          scriptMs: pick('scriptMs'),
          taskMs: pick('taskMs'),
          styleMs: pick('styleMs'),
          layoutMs: pick('layoutMs'),
        },
        runs: all,
      }
    }
  } finally {
    await browser.close()
  }
  printTable(out)
  return out
}

function printTable(out) {
  console.log(
    `Main thread from first paint, unthrottled Chromium, median of ${out.runs} loads (tasks over ${LONG_TASK_MS} ms count as long)`,
  )
  const rows = {}
  for (const [name, p] of Object.entries(out.pages)) {
    rows[`${name} ${p.path}`] = {
      'long tasks': p.median.longTasks,
      'longest ms': p.median.longestMs,
      'script ms': p.median.scriptMs,
      'style ms': p.median.styleMs,
      'layout ms': p.median.layoutMs,
      'all tasks ms': p.median.taskMs,
      'TBT at 4x ms': p.median.blockingAt4xMs,
    }
  }
  console.table(rows)
  for (const [name, p] of Object.entries(out.pages))
    console.log(`${name} long tasks per run: ${p.runs.map((r) => `[${r.longTasks.join(', ')}]`).join(' ')}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8799'
  const html = await (await fetch(`${base}/en/media/news`)).text()
  const postId = /href="\/en\/post\/([^"/?#]+)"/.exec(html)?.[1]
  await measureMainThread(base, { home: '/en', list: '/en/media/news', post: `/en/post/${postId}` })
}
