// CPU per render of the production worker bundle in V8 (the engine of workerd), as Cloudflare's CPU-time metric counts
// it: the process's CPU time over N warm renders, which a busy machine does not inflate, plus a sampling profile of
// the hot spots. The bundle runs unmodified; its bindings are stand-ins at the boundary: an in-memory KV (pre-warmed,
// so every payload is a hit, as on a warm edge) and the GATEWAY service forwarding to a running reference gateway.

import { readFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { createRequire, registerHooks } from 'node:module'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)

// The bundle exports its Durable Object class (the realtime hub), which extends the runtime's `DurableObject` from
// `cloudflare:workers`; Node has no such module, and a render never constructs the class: a bare stand-in suffices.
// It also imports two non-JavaScript modules for the share card, which wrangler's default module rules upload and
// workerd hands over as a compiled `WebAssembly.Module` (`*.wasm`, CompiledWasm) and an `ArrayBuffer` (`*.bin`, Data):
// Node gets the same values from the same files of the build.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== 'cloudflare:workers') return nextResolve(specifier, context)
    const source = 'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env } }'
    return { url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true }
  },
  load(url, context, nextLoad) {
    const kind = /\.(wasm|bin)$/.exec(url)?.[1]
    if (!kind || !url.startsWith('file:')) return nextLoad(url, context)
    const bytes = `readFileSync(new URL(${JSON.stringify(url)}))`
    const value = kind === 'wasm' ? `new WebAssembly.Module(${bytes})` : `new Uint8Array(${bytes}).slice().buffer`
    return {
      format: 'module',
      source: `import { readFileSync } from 'node:fs'\nexport default ${value}\n`,
      shortCircuit: true,
    }
  },
})

/** Profiles `requests` renders of each path; returns CPU ms per request and the hottest functions. */
export async function profileRenders({
  gatewayBase,
  paths,
  requests = 300,
  warmup = 50,
  bundle = 'dist/invest_portal/index.js',
}) {
  const config = JSON.parse(readFileSync(new URL('wrangler.json', pathToFileURL(bundle)), 'utf8'))
  const worker = (await import(pathToFileURL(bundle).href)).default
  const kv = new Map()
  const env = {
    ...config.vars,
    PAYLOADS: {
      async get(key, type) {
        const v = kv.get(key)
        return v == null ? null : type === 'json' ? JSON.parse(v) : v
      },
      async put(key, value) {
        kv.set(key, value)
      },
    },
    GATEWAY: {
      fetch: (req) =>
        fetch(
          new Request(
            gatewayBase + new URL(req.url).pathname.replace(/^\//, '/gateway/') + new URL(req.url).search,
            req,
          ),
        ),
    },
    ASSETS: { fetch: async () => new Response('not found', { status: 404 }) },
  }
  let warm = false
  const call = async (path) => {
    const waits = []
    const res = await worker.fetch(
      new Request(`http://127.0.0.1${path}`, { headers: { 'accept-language': 'en', accept: 'text/html' } }),
      env,
      { waitUntil: (p) => waits.push(p), passThroughOnException() {} },
    )
    await res.arrayBuffer()
    await Promise.all(waits)
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    // Every section's data must come from the warm cache, or the figure would be that of an error page.
    if (/miss|stale|error/.test(res.headers.get('x-payload-cache') ?? '') && warm)
      throw new Error(`${path}: payloads ${res.headers.get('x-payload-cache')}`)
  }
  // The worker writes one log line per request (platform/request-log.ts): building it is the worker's work and
  // counts; printing it is the runtime's and would only fill the bench's output.
  const log = console.log
  console.log = () => {}
  try {
    return await measureRenders(call, paths, { requests, warmup, setWarm: (value) => (warm = value) })
  } finally {
    console.log = log
  }
}

async function measureRenders(call, paths, { requests, warmup, setWarm }) {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 50 })
  const out = []
  for (const path of paths) {
    setWarm(false)
    for (let i = 0; i < warmup; i++) await call(path)
    setWarm(true)
    // The figure: this process's CPU time (user + system) over the renders, which a busy machine does not inflate.
    const before = process.cpuUsage()
    for (let i = 0; i < requests; i++) await call(path)
    const used = process.cpuUsage(before)
    const cpuMs = (used.user + used.system) / 1000 / requests
    // The hot spots: a sampling profile of a second round.
    await session.post('Profiler.start')
    for (let i = 0; i < requests; i++) await call(path)
    const { profile } = await session.post('Profiler.stop')
    if (process.env.CPU_PROFILE_DIR)
      (await import('node:fs')).writeFileSync(
        `${process.env.CPU_PROFILE_DIR}/${path.replace(/\W+/g, '_')}.cpuprofile`,
        JSON.stringify(profile),
      )
    out.push({ path, cpuMs, top: summarise(profile, requests).top })
  }
  session.disconnect()
  return out
}

function summarise(profile, requests) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  let busy = 0
  const self = new Map()
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i])
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const name = node.callFrame.functionName
    if (name === '(idle)' || name === '(program)') continue
    busy += dt
    const key = `${name || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + dt)
  }
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([fn, ms]) => ({ fn, msPerRequest: +(ms / requests).toFixed(3) }))
  return { sampledMs: busy / requests, top }
}

if (import.meta.main) {
  const [gatewayBase, ...paths] = process.argv.slice(2)
  for (const r of await profileRenders({ gatewayBase, paths: paths.length ? paths : ['/en'] })) {
    console.log(`${r.path}: ${r.cpuMs.toFixed(2)} ms CPU per request`)
    console.table(r.top)
  }
}

/** Every process below `pid` (Linux /proc). */
function descendants(pid) {
  const { readdirSync, readFileSync: read } = require('node:fs')
  const parents = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = read(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {}
  }
  const out = []
  const walk = (p) => {
    for (const [child, parent] of parents) {
      if (parent !== p) continue
      out.push(child)
      walk(child)
    }
  }
  walk(pid)
  return out
}

/** The workerd process under `rootPid` (Linux /proc), or null. */
export function workerdPid(rootPid) {
  const { readFileSync: read } = require('node:fs')
  const found = descendants(rootPid).filter((p) => {
    try {
      return read(`/proc/${p}/cmdline`, 'utf8').includes('workerd')
    } catch {
      return false
    }
  })
  return found.length === 1 ? found[0] : null
}

/** The TCP ports a process listens on, from /proc/<pid>/fd and /proc/net/tcp. */
export function listeningPorts(pid) {
  const { readdirSync, readFileSync: read, readlinkSync } = require('node:fs')
  const inodes = new Set()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m) inodes.add(m[1])
    } catch {}
  }
  const ports = []
  for (const line of read('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    if (f[3] === '0A' && inodes.has(f[9])) ports.push(parseInt(f[1].split(':')[1], 16))
  }
  return ports
}

/**
 * A sampling CPU profile of the portal's isolate inside workerd, through workerd's own inspector (its `/json/list`
 * names the isolate `core:user:invest-portal`), over `requests` sequential requests of `path`. Returns the hottest
 * functions by their share of the sampled self time, or null when no inspector answers. workerd sometimes leaves a
 * session unanswered (always the first one opened on an isolate, as heap.mjs found), so a session that gets no
 * profile is followed by one more.
 */
export async function workerdProfile({ rootPid, base, path, requests = 400, warmup = 100 }) {
  const pid = workerdPid(rootPid)
  if (!pid) return null
  let target = null
  for (const port of listeningPorts(pid)) {
    const list = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.json())
      .catch(() => null)
    const entry = Array.isArray(list) ? list.find((t) => t.id === 'core:user:invest-portal') : null
    if (entry) target = entry.webSocketDebuggerUrl
  }
  if (!target) return null
  for (let attempt = 0; attempt < 2; attempt++) {
    const profile = await profileSession(target, () => fetch(base + path).then((r) => r.arrayBuffer()), {
      warmup,
      requests,
    })
    if (!profile) continue
    // The profiler starts at some point of the warm-up and slows the isolate down: shares, not milliseconds.
    const { sampledMs, top } = summarise(profile, 1)
    return {
      path,
      profile,
      top: top.map(({ fn, msPerRequest }) => ({ fn, share: Number((msPerRequest / sampledMs).toFixed(3)) })),
    }
  }
  return null
}

/** One inspector session's profile over `warmup + requests` calls of `get`, or null without an answer. */
async function profileSession(target, get, { warmup, requests }) {
  const ws = new WebSocket(target)
  try {
    await new Promise((resolve, reject) => {
      ws.onopen = resolve
      ws.onerror = reject
    })
    let id = 0
    const waiting = new Map()
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data)
      if (!message.result || !waiting.has(message.id)) return
      waiting.get(message.id)(message.result)
      waiting.delete(message.id)
    }
    const send = (method, params = {}) => {
      const n = ++id
      ws.send(JSON.stringify({ id: n, method, params }))
      return new Promise((resolve) => waiting.set(n, resolve))
    }
    // workerd answers only `Profiler.stop` (with the profile); the isolate handles inspector messages between
    // requests, so the profiler starts during the warm-up requests.
    void send('Profiler.enable')
    void send('Profiler.setSamplingInterval', { interval: 100 })
    void send('Profiler.start')
    for (let i = 0; i < warmup + requests; i++) await get()
    const stopped = send('Profiler.stop')
    await get()
    const answer = await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5000))])
    return answer?.profile ?? null
  } catch {
    return null
  } finally {
    ws.close()
  }
}

/**
 * The workerd process's own CPU time per request (user + system from /proc), for paths served by the running
 * server under `rootPid`. Unlike `profileRenders` it includes everything workerd does for a request: the runtime's
 * request and stream plumbing and the local KV simulation, which on Cloudflare is not the isolate's CPU.
 */
export async function workerdCpuPerRequest({ rootPid, base, paths, requests = 400, warmup = 30 }) {
  const { readFileSync: read } = require('node:fs')
  const pid = workerdPid(rootPid)
  if (!pid) return null
  const ticks = () => {
    const fields = read(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(fields[11]) + Number(fields[12])
  }
  const hz = 100
  const out = []
  for (const path of paths) {
    for (let i = 0; i < warmup; i++) await fetch(base + path).then((r) => r.arrayBuffer())
    const before = ticks()
    for (let i = 0; i < requests; i++) await fetch(base + path).then((r) => r.arrayBuffer())
    out.push({ path, cpuMs: ((ticks() - before) * 1000) / hz / requests })
  }
  return out
}
