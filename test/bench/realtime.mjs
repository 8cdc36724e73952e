// Realtime fan-out (docs/decisions/0018-realtime-hub.md): publish → delivered latency for 1,000 subscribers of one channel,
// on the production build in workerd (`vite preview`, as `npm start` serves it). One process opens the sockets through
// the edge's `/_app/realtime`, signs publishes as an upstream does and times each delivery from just before the
// publish request leaves to the moment the message is read, on the same clock. Figures include the local stack
// (Node → vite preview → workerd → the hub and back) and this process reading 1,000 messages in turn; loopback only.
// Used by `npm run bench` (test/bench/run.mjs); alone: `node test/bench/realtime.mjs` against a running build
// (BENCH_BASE, default http://127.0.0.1:${BENCH_PORT:-8799}), or it starts one (SKIP_BUILD=1 implied).
import { createHmac, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** The local environment's development key (wrangler.toml [env.local.vars]); production uses a secret. */
function localSecret() {
  const toml = readFileSync('wrangler.toml', 'utf8')
  const secret = /^REALTIME_SECRET = "([^"]+)"/m.exec(toml.slice(toml.indexOf('[env.local.vars]')))?.[1]
  if (!secret) throw new Error('no REALTIME_SECRET in wrangler.toml [env.local.vars]')
  return secret
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const round = (x) => Number(x.toFixed(2))

/**
 * Opens `subscribers` sockets on one lot channel, publishes `events` lot events one after another, and answers the
 * delivery latencies: every (socket, event) pair, and per event the time until the last socket had it.
 */
export async function measureRealtime({ base, subscribers = 1000, events = 40, gapMs = 100 }) {
  const origin = new URL(base).origin
  const wsBase = origin.replace(/^http/, 'ws')
  const secret = localSecret()
  // A seeded lot: the edge opens a lot's channel only for a lot the upstream knows (docs/security.md#realtime).
  const lot = '17242639'
  const channel = `lot:${lot}`
  const sent = new Map()
  const delays = []
  const lastByEvent = new Map()
  const countByEvent = new Map()
  const sockets = []

  // The hub takes at most 64 sockets of a channel per client address, as in production; the local stack passes the
  // address header through, so the subscribers come from 16 addresses (63 each).
  const opened = []
  for (let i = 0; i < subscribers; i++) {
    const ws = new WebSocket(`${wsBase}/_app/realtime?channel=${encodeURIComponent(channel)}`, {
      headers: { origin, 'cf-connecting-ip': `10.250.${Math.floor(i / 63)}.${(i % 63) + 1}` },
    })
    sockets.push(ws)
    ws.onmessage = (e) => {
      const now = performance.now()
      if (e.data === 'ready' || e.data === 'pong') return
      const { id } = JSON.parse(String(e.data))
      const t0 = sent.get(id)
      if (t0 === undefined) return
      delays.push(now - t0)
      countByEvent.set(id, (countByEvent.get(id) ?? 0) + 1)
      lastByEvent.set(id, now - t0)
    }
    opened.push(
      new Promise((resolve, reject) => {
        ws.onopen = resolve
        ws.onerror = () => reject(new Error(`socket ${i} did not open`))
      }),
    )
    // Open in batches, as a crowd arrives; workerd and the proxy accept them in turn.
    if (i % 50 === 49) await Promise.all(opened.slice(-50))
  }
  const openStarted = performance.now()
  await Promise.all(opened)
  console.log(
    `realtime: ${subscribers} sockets open on ${channel} (${Math.round(performance.now() - openStarted)} ms for the last batch)`,
  )

  const publishRtt = []
  for (let n = 0; n < events; n++) {
    const body = JSON.stringify({
      channel,
      event: {
        type: 'lot',
        lot,
        price: 1_000_000 + n,
        deposit: 100_000,
        status: { uz: 'Bench', ru: 'Bench', en: 'Bench' },
        order_end_time: '2031-01-01T00:00:00.000Z',
      },
    })
    const id = `bench-${randomUUID()}`
    const timestamp = String(Date.now())
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${id}.${body}`).digest('hex')}`
    const t0 = performance.now()
    sent.set(id, t0)
    const res = await fetch(`${origin}/_app/realtime/publish`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-realtime-timestamp': timestamp,
        'x-realtime-id': id,
        'x-realtime-signature': signature,
      },
      body,
    })
    publishRtt.push(performance.now() - t0)
    const answer = await res.json()
    if (res.status !== 202 || answer.content?.delivered !== subscribers)
      throw new Error(`publish ${n}: ${res.status} ${JSON.stringify(answer)}`)
    // Wait for every socket before the next event, so events do not queue behind each other.
    const until = performance.now() + 10_000
    while ((countByEvent.get(id) ?? 0) < subscribers) {
      if (performance.now() > until)
        throw new Error(`event ${n}: ${countByEvent.get(id) ?? 0} of ${subscribers} delivered after 10 s`)
      await sleep(1)
    }
    await sleep(gapMs)
  }
  for (const ws of sockets) ws.close(1000)

  const all = [...delays].sort((a, b) => a - b)
  const last = [...lastByEvent.values()].sort((a, b) => a - b)
  const rtt = [...publishRtt].sort((a, b) => a - b)
  const result = {
    loadAverage: (await import('node:os')).loadavg().map(round),
    subscribers,
    events,
    deliveries: all.length,
    deliveryMs: { median: round(percentile(all, 50)), p99: round(percentile(all, 99)), max: round(all.at(-1)) },
    lastSocketMs: { median: round(percentile(last, 50)), p99: round(percentile(last, 99)) },
    publishRoundTripMs: { median: round(percentile(rtt, 50)), p99: round(percentile(rtt, 99)) },
  }
  console.log(
    `realtime publish → delivered, ${subscribers} subscribers × ${events} events: median ${result.deliveryMs.median} ms, p99 ${result.deliveryMs.p99} ms;` +
      ` last of ${subscribers} sockets: median ${result.lastSocketMs.median} ms, p99 ${result.lastSocketMs.p99} ms; publish round trip median ${result.publishRoundTripMs.median} ms`,
  )
  return result
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import('node:fs')
  let base = process.env.BENCH_BASE
  let stop = () => {}
  if (!base) {
    const { spawn } = await import('node:child_process')
    const port = process.env.BENCH_PORT ?? '8799'
    base = `http://127.0.0.1:${port}`
    const server = spawn('node', ['scripts/start.mjs'], {
      env: { ...process.env, PORT: port, STATE_DIR: '.wrangler/bench-state', SKIP_BUILD: '1', CONSOLE_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    })
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (d) => String(d).includes('is running at') && resolve())
      server.on('exit', (code) => reject(new Error(`server exited ${code}`)))
    })
    stop = () => {
      try {
        process.kill(-server.pid, 'SIGTERM')
      } catch {}
    }
  }
  try {
    const result = {
      one: await measureRealtime({ base, subscribers: 1 }),
      thousand: await measureRealtime({ base, subscribers: 1000 }),
    }
    mkdirSync('bench-results', { recursive: true })
    writeFileSync('bench-results/realtime.json', JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2))
    console.log('written to bench-results/realtime.json')
  } finally {
    stop()
  }
}
