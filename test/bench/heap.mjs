// Heap after GC of the portal's and the reference gateway's isolates across thousands of requests
// (docs/performance.md#heap-after-gc): an isolate whose heap keeps what it served passes Cloudflare's 128 MB limit and
// is killed with requests in flight. Through workerd's own inspector (`/json/list` names the isolates
// `core:user:invest-portal` and `core:user:invest-portal-gateway`): two `HeapProfiler.collectGarbage`, then
// `Runtime.getHeapUsage`, after a warm-up, after N requests through the portal's pages and payloads (some uncached, so
// they reach the gateway), and after N requests through the gateway's own reads and a realtime write.
// Used by `npm run bench` (test/bench/run.mjs); alone: `node test/bench/heap.mjs <base> <pid of scripts/start.mjs>`
// against a running `npm start` build (BENCH_HEAP_REQUESTS, default from budgets.json), or with `--soak 300,180,60`
// for rounds of that many seconds at 50 connections over the load test's URLs.

import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { listeningPorts, workerdPid } from './render-cpu.mjs'

const ISOLATES = { portal: 'core:user:invest-portal', gateway: 'core:user:invest-portal-gateway' }
/** Requests that reach each isolate and cost it little, so it handles its inspector's messages (see `Isolate.send`). */
const POKE = { portal: '/_app/build', gateway: '/gateway/core/profile' }
const MB = 1024 * 1024

/** The inspector websocket of each isolate, or null when workerd exposes none. */
async function inspectorTargets(rootPid) {
  const pid = workerdPid(rootPid)
  if (!pid) return null
  for (const port of listeningPorts(pid)) {
    const list = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.json())
      .catch(() => null)
    if (!Array.isArray(list)) continue
    const urls = Object.fromEntries(
      Object.entries(ISOLATES).map(([name, id]) => [name, list.find((t) => t.id === id)?.webSocketDebuggerUrl]),
    )
    if (urls.portal && urls.gateway) return urls
  }
  return null
}

/**
 * A DevTools Protocol session on one isolate. workerd reads an isolate's inspector messages only while that isolate
 * runs, so requests reach it until it answers; and it sometimes leaves a session unanswered (always the first one
 * opened on an isolate), so a call that gets no answer is sent again on a new session.
 */
class Isolate {
  static async open(url, pokeUrl) {
    const isolate = new Isolate(url, pokeUrl)
    await isolate.call('Runtime.getHeapUsage')
    return isolate
  }

  constructor(url, pokeUrl) {
    this.url = url
    this.pokeUrl = pokeUrl
    this.ws = null
    this.id = 0
    this.waiting = new Map()
  }

  async connect() {
    this.close()
    const ws = new WebSocket(this.url)
    await new Promise((resolve, reject) => {
      ws.onopen = resolve
      ws.onerror = () => reject(new Error(`cannot open ${this.url}`))
    })
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data)
      if (!message.id || !this.waiting.has(message.id)) return
      this.waiting.get(message.id)(message)
      this.waiting.delete(message.id)
    }
    this.ws = ws
  }

  async call(method, params = {}) {
    for (let attempt = 0; attempt < 4; attempt++) {
      if (!this.ws) await this.connect()
      const answer = await this.send(method, params, 5_000)
      if (answer) {
        if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
        return answer.result
      }
      this.close()
    }
    throw new Error(`${method}: no answer from ${this.url}`)
  }

  /** The answer, or null after `timeoutMs`. */
  async send(method, params, timeoutMs) {
    const n = ++this.id
    let answer = null
    const answered = new Promise((resolve) => this.waiting.set(n, resolve)).then((m) => (answer = m))
    this.ws.send(JSON.stringify({ id: n, method, params }))
    const deadline = Date.now() + timeoutMs
    while (!answer && Date.now() < deadline) {
      await Promise.race([
        answered,
        fetch(this.pokeUrl)
          .then((r) => r.arrayBuffer())
          .catch(() => null),
      ])
      if (!answer) await sleep(20)
    }
    this.waiting.delete(n)
    return answer
  }

  /** Bytes in use after full collections (two: the second frees what the first's finalisers released). */
  async heapAfterGc() {
    await this.call('HeapProfiler.collectGarbage')
    await this.call('HeapProfiler.collectGarbage')
    return (await this.call('Runtime.getHeapUsage')).usedSize
  }

  close() {
    this.ws?.close()
    this.ws = null
  }
}

async function getJson(url) {
  const res = await fetch(url, { headers: { accept: 'application/json' } })
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`)
  return res.json()
}

/**
 * The two request mixes. Through the portal: the load test's pages and `_payload.json` (test/load/run.mjs), and a news
 * list page no one asked for before, so its payload is fetched from the gateway. Through the gateway: its public reads
 * and, one request in eleven, an e-auction lot's price change, which the gateway publishes to the portal after its
 * response (docs/decisions/0018-realtime-hub.md).
 */
async function mixes(base) {
  const news = await getJson(`${base}/gateway/siw/public/post?category=news&page=0&size=6`)
  const postId = news.content[0].id
  const service = (await fetch(`${base}/ru/service/1`, { redirect: 'manual' })).headers.get('location')
  const lots = await getJson(`${base}/gateway/integration/public/integration/eauksion/lot?page=0&size=1`).catch(
    () => null,
  )
  const lot = lots?.content?.[0]?.lot_number
  const get = (path) => ({ method: 'GET', path })
  let uncached = 0
  const portal = [
    ...[
      '/en',
      '/ru/media/news',
      '/uz/event',
      `/en/post/${postId}`,
      service,
      '/en/_payload.json',
      '/ru/media/news/_payload.json',
      `/en/post/${postId}/_payload.json`,
      '/uz/event/_payload.json',
    ].map(get),
    {
      method: 'GET',
      path: '/en/media/news/_payload.json',
      setupRequest: (req) => ({ ...req, path: `/en/media/news/_payload.json?page=${200000 + uncached++}` }),
    },
  ]
  const gatewayReads = [
    '/gateway/siw/public/post?category=news&page=0&size=6',
    `/gateway/siw/public/post/${postId}`,
    '/gateway/siw/public/appeal-topic',
    '/gateway/siw/public/service/category',
    '/gateway/siw/public/page/about',
  ].map(get)
  const origin = new URL(base).origin
  let price = 1_000_000
  const lotChange = lot && {
    method: 'POST',
    path: '/_dev/lot',
    headers: {
      origin,
      'content-type': 'application/json',
      'x-requested-with': 'invest-portal',
      'accept-language': 'en',
    },
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ lot_number: lot, price: price++ }) }),
  }
  const gateway = lotChange ? [...gatewayReads, ...gatewayReads, lotChange] : gatewayReads
  for (const r of [...portal, ...gateway].filter((r) => r.method === 'GET')) {
    const res = await fetch(base + r.path, { redirect: 'manual' })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`pre-flight GET ${r.path}: ${res.status}`)
  }
  // The load test's 14 public URLs, for the soak.
  const load = [...portal.slice(0, -1), ...gatewayReads]
  return { portal, gateway, load, realtime: Boolean(lotChange) }
}

async function drive(base, requests, amount, { connections = 10, duration } = {}) {
  const r = await autocannon({ url: base, connections, requests, ...(duration ? { duration } : { amount }) })
  if (r.non2xx || r.errors || r.timeouts)
    throw new Error(`heap load: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return r.requests.total
}

/**
 * Heap after GC of both isolates: after `warmup` requests of both mixes, after `requests` through the portal and after
 * `requests` more through the gateway. Growth is each phase's last reading less the warm-up's. Null without an
 * inspector.
 */
export async function measureHeap({
  rootPid,
  base,
  requests = Number(process.env.BENCH_HEAP_REQUESTS ?? 10_000),
  warmup = 1_000,
}) {
  const urls = await inspectorTargets(rootPid)
  if (!urls) return null
  const isolates = {
    portal: await Isolate.open(urls.portal, base + POKE.portal),
    gateway: await Isolate.open(urls.gateway, base + POKE.gateway),
  }
  const read = async () => ({
    portal: await isolates.portal.heapAfterGc(),
    gateway: await isolates.gateway.heapAfterGc(),
  })
  try {
    const mix = await mixes(base)
    await drive(base, [...mix.portal, ...mix.gateway], warmup)
    const readings = [{ after: `warm-up (${warmup} requests)`, ...(await read()) }]
    for (const phase of ['portal', 'gateway']) {
      const served = await drive(base, mix[phase], requests)
      readings.push({ after: `${served} requests through the ${phase}`, ...(await read()) })
    }
    const first = readings[0]
    const last = readings.at(-1)
    return {
      requests,
      realtimeWrites: mix.realtime,
      readings: readings.map((r) => ({
        after: r.after,
        portalMB: +(r.portal / MB).toFixed(2),
        gatewayMB: +(r.gateway / MB).toFixed(2),
      })),
      growthMB: {
        portal: +((last.portal - first.portal) / MB).toFixed(2),
        gateway: +((last.gateway - first.gateway) / MB).toFixed(2),
      },
      bytesPerRequest: {
        portal: Math.round((last.portal - first.portal) / (2 * requests)),
        gateway: Math.round((last.gateway - first.gateway) / (2 * requests)),
      },
    }
  } finally {
    isolates.portal.close()
    isolates.gateway.close()
  }
}

/**
 * The soak: rounds of `seconds` each at 50 connections over the load test's 14 URLs, heap after GC of both isolates
 * before the first round and after each. Null without an inspector.
 */
async function soakHeap({ rootPid, base, rounds }) {
  const urls = await inspectorTargets(rootPid)
  if (!urls) return null
  const isolates = {
    portal: await Isolate.open(urls.portal, base + POKE.portal),
    gateway: await Isolate.open(urls.gateway, base + POKE.gateway),
  }
  const read = async () => ({
    portalMB: +((await isolates.portal.heapAfterGc()) / MB).toFixed(2),
    gatewayMB: +((await isolates.gateway.heapAfterGc()) / MB).toFixed(2),
  })
  try {
    const { load } = await mixes(base)
    const readings = [{ after: 'start', requests: 0, ...(await read()) }]
    let total = 0
    for (const seconds of rounds) {
      total += await drive(base, load, 0, { connections: 50, duration: seconds })
      readings.push({ after: `${seconds} s`, requests: total, ...(await read()) })
      console.log(
        `  after ${String(total).padStart(7)} requests: portal ${readings.at(-1).portalMB} MB, gateway ${readings.at(-1).gatewayMB} MB`,
      )
    }
    return readings
  } finally {
    isolates.portal.close()
    isolates.gateway.close()
  }
}

/** Prints the readings and says whether each isolate's growth is within `maxGrowthMB`. */
export function reportHeap(heap, maxGrowthMB) {
  console.log(`Heap after GC (MB), ${heap.requests} requests a phase:`)
  for (const r of heap.readings)
    console.log(
      `  ${r.after.padEnd(40)} portal ${String(r.portalMB).padStart(7)}  gateway ${String(r.gatewayMB).padStart(7)}`,
    )
  const over = Object.entries(heap.growthMB).filter(([, mb]) => mb > maxGrowthMB)
  for (const [isolate, mb] of Object.entries(heap.growthMB)) {
    console.log(
      `  ${isolate} grew ${mb} MB (${heap.bytesPerRequest[isolate]} bytes a request; budget ${maxGrowthMB} MB)${mb > maxGrowthMB ? '  OVER BUDGET' : ''}`,
    )
  }
  return over.length === 0
}

if (import.meta.main) {
  const [base, rootPid, mode, roundList] = process.argv.slice(2)
  const { readFileSync } = await import('node:fs')
  if (mode === '--soak') {
    const readings = await soakHeap({
      rootPid: Number(rootPid),
      base,
      rounds: (roundList ?? '300,180,60').split(',').map(Number),
    })
    if (!readings) throw new Error('no inspector found under that process')
    console.table(readings)
    process.exit(0)
  }
  const budget = JSON.parse(readFileSync('test/bench/budgets.json', 'utf8')).heapAfterGc
  const heap = await measureHeap({
    rootPid: Number(rootPid),
    base,
    requests: Number(process.env.BENCH_HEAP_REQUESTS ?? budget.requests),
  })
  if (!heap) throw new Error('no inspector found under that process')
  if (!reportHeap(heap, budget.maxGrowthMB)) process.exitCode = 1
}
