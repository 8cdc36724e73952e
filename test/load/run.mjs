#!/usr/bin/env node
import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
// The load step of `npm test` (docs/architecture.md#tests): the production build served by workerd
// (`scripts/start.mjs`,
// SKIP_BUILD=1) on its own fresh state, LOAD_SECONDS (60) at 100 connections over public pages, `_payload.json`
// endpoints and gateway reads, while 50 contact-form submissions and 50 appeals are sent. Asserts correctness only
// (the load tool and the server share the machine's cores): no 5xx or other non-200, no errors, timeouts or dropped
// responses, every write answered and stored exactly once. Prints p99 latency and requests/s. Loopback only.
import autocannon from 'autocannon'

const PORT = process.env.LOAD_PORT ?? '8798'
const BASE = `http://127.0.0.1:${PORT}`
const STATE_DIR = '.wrangler/load-state'
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 100
const WRITES = 50
/** Generous: on 2 shared cores a correct server is slow under load, never silent. */
const TIMEOUT_S = 30
const RUN = `load-${Date.now().toString(36)}`
const DEMO = { email: 'investor@demo.invest.example', password: 'Investor#2026', role: 'investor' }
const SAME_ORIGIN_JSON = { origin: BASE, 'content-type': 'application/json', accept: 'application/json' }

const failures = []
const serverLog = []
function check(ok, message) {
  if (!ok) failures.push(message)
  return ok
}

/**
 * Starts the server, again up to twice when a port it picked was taken before it bound it: wrangler probes for free
 * ports and binds them later, and in `npm test` the bench's servers start beside this one.
 */
async function startServer() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce()
    } catch (error) {
      if (attempt === 3 || !String(error.message).includes('Address already in use')) throw error
      console.log(`load: a port the server picked was taken; starting it again (${attempt + 1} of 3)`)
      serverLog.length = 0
    }
  }
}

async function startServerOnce() {
  rmSync(STATE_DIR, { recursive: true, force: true })
  const server = spawn('node', ['scripts/start.mjs', '--wrangler'], {
    env: { ...process.env, PORT, STATE_DIR, SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  // The server's own log is shown only when something went wrong (it is noisy offline, and on shutdown).
  server.stderr.on('data', (d) => serverLog.push(String(d)) > 500 && serverLog.shift())
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => String(d).includes('is running at') && resolve())
    server.on('exit', (code) => reject(new Error(`server exited ${code}:\n${serverLog.join('')}`)))
  })
  return () => {
    server.removeAllListeners('exit')
    try {
      process.kill(-server.pid, 'SIGTERM')
    } catch {}
    return new Promise((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', resolve)
      setTimeout(resolve, 5000)
    })
  }
}

async function getJson(path, headers = {}) {
  const res = await fetch(BASE + path, { headers: { accept: 'application/json', ...headers }, redirect: 'manual' })
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`)
  return res.json()
}

/**
 * The demo investor's session cookies, from the sign-in exchange through the proxy: `token` and its host-bound
 * companion (docs/security.md#cookies).
 */
async function signIn() {
  const res = await fetch(`${BASE}/gateway/core/auth/login`, {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: JSON.stringify({ ...DEMO, hash: '' }),
  })
  const cookies = res.headers.getSetCookie().filter((c) => /^(token|token_bind)=/.test(c))
  if (res.status !== 200 || cookies.length !== 2) throw new Error(`sign-in failed: ${res.status}`)
  return cookies.map((c) => c.split(';')[0]).join('; ')
}

/** The GET mix: pages, their payloads and gateway reads, with ids taken from the seeded content. */
async function readMix() {
  const news = await getJson('/gateway/siw/public/post?category=news&page=0&size=6')
  const postId = news.content[0].id
  // A service page redirects to its first process and step; load the page it lands on.
  const service = (await fetch(`${BASE}/ru/service/1`, { redirect: 'manual' })).headers.get('location')
  const paths = [
    '/en',
    '/ru/media/news',
    '/uz/event',
    `/en/post/${postId}`,
    service,
    '/en/_payload.json',
    '/ru/media/news/_payload.json',
    `/en/post/${postId}/_payload.json`,
    '/uz/event/_payload.json',
    '/gateway/siw/public/post?category=news&page=0&size=6',
    `/gateway/siw/public/post/${postId}`,
    '/gateway/siw/public/appeal-topic',
    '/gateway/siw/public/service/category',
    '/gateway/siw/public/page/about',
  ]
  for (const path of paths) {
    const res = await fetch(BASE + path, { redirect: 'manual' })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`pre-flight GET ${path}: ${res.status}`)
  }
  return paths
}

const contactBody = (i) => ({
  name: 'Dilnoza',
  last_name: 'Karimova',
  email: `load.contact.${i}@example.com`,
  phone: '998901234567',
  website: '',
  country: 'Uzbekistan',
  designation: '',
  message: `${RUN} contact ${i}: a question about investment opportunities in the Navoi region.`,
  purpose: 'exploring_investment_opportunities',
  company_name: '',
  hash: '',
})

/** One write, never retried (a retry could store it twice); answered within TIMEOUT_S or counted as failed. */
async function send(kind, i, path, body, headers) {
  const started = Date.now()
  try {
    const res = await fetch(BASE + path, {
      method: 'POST',
      headers: { ...SAME_ORIGIN_JSON, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_S * 1000),
    })
    const data = await res.json().catch(() => null)
    return { kind, i, started, finished: Date.now(), status: res.status, code: data?.result?.code }
  } catch (err) {
    return { kind, i, started, finished: Date.now(), status: 0, code: String(err) }
  }
}

/** Sends the writes evenly over the load's middle, one contact form and one appeal at a time. */
async function sendWrites(cookie, topic, regionId) {
  const spacing = ((SECONDS - 8) * 1000) / WRITES
  const writes = []
  for (let i = 0; i < WRITES; i++) {
    await new Promise((r) => setTimeout(r, i === 0 ? 3000 : spacing))
    // The gateway limits public forms per client address; each submission comes from its own address.
    writes.push(
      send('contact', i, '/gateway/siw/public/contact-us', contactBody(i), {
        'cf-connecting-ip': `10.77.${i >> 8}.${(i & 255) + 1}`,
      }),
    )
    const appeal = {
      topic_id: topic.id,
      type_id: topic.typeId,
      region_id: regionId,
      text: `${RUN} appeal ${i}: the road to the industrial zone needs repair before the season.`,
    }
    writes.push(send('appeal', i, '/gateway/siw/appeal', appeal, { cookie }))
  }
  return Promise.all(writes)
}

/** Runs autocannon and counts, per connection, requests that never got an answer (pipelining 1). */
function runLoad(paths) {
  const tally = { sent: 0, answered: 0, dropped: 0, inFlight: new Set() }
  const run = autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: TIMEOUT_S,
    requests: paths.map((path) => ({ method: 'GET', path })),
    setupClient(client) {
      client.on('request', () => {
        tally.sent++
        // A new request while the last one is unanswered: the connection was closed or reset under it.
        if (tally.inFlight.has(client)) tally.dropped++
        tally.inFlight.add(client)
      })
      client.on('response', () => {
        tally.answered++
        tally.inFlight.delete(client)
      })
    },
  })
  return new Promise((resolve, reject) => run.then((result) => resolve({ result, tally }), reject))
}

const countBy = (rows) => new Map(rows.map((r) => [r.marker, r.n]))

/** Rows stored by the gateway whose text carries this run's marker, read from the local D1 after the server stopped. */
function queryStored(sql) {
  const r = spawnSync(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'invest-portal',
      '--local',
      '--config',
      'gateway/wrangler.toml',
      '--env',
      'local',
      '--persist-to',
      STATE_DIR,
      '--json',
      '--command',
      sql,
    ],
    { encoding: 'utf8', env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
  )
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr || r.stdout}`)
  return JSON.parse(r.stdout)[0].results
}

function expectEachOnce(kind, counts) {
  const missing = []
  const twice = []
  for (let i = 0; i < WRITES; i++) {
    const n = counts.get(`${RUN} ${kind} ${i}`) ?? 0
    if (n === 0) missing.push(i)
    if (n > 1) twice.push(i)
  }
  check(missing.length === 0, `${kind}: ${missing.length} not stored (${missing.slice(0, 10).join(', ')})`)
  check(twice.length === 0, `${kind}: ${twice.length} stored more than once (${twice.slice(0, 10).join(', ')})`)
  check(counts.size === WRITES, `${kind}: ${counts.size} distinct stored, expected ${WRITES}`)
  return WRITES - missing.length
}

const startedAt = Date.now()
const stopServer = await startServer()
// `npm test` stops a step that overruns with SIGTERM: take the server (its own process group) down with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopServer().then(() => process.exit(1)))
let load
let writes
let listed
try {
  const cookie = await signIn()
  const topics = (await getJson('/gateway/siw/public/appeal-topic')).content
  const withType = topics.find((t) => t.children.length > 0)
  // A region as the reference data names it (its classifier code), read rather than assumed.
  const regionId = (await getJson('/gateway/integration/public/territorial-entity/regions')).content[0].id
  const paths = await readMix()
  console.log(
    `load: ${SECONDS} s at ${CONNECTIONS} connections over ${paths.length} paths, ${WRITES} contact forms and ${WRITES} appeals meanwhile (${RUN})`,
  )

  const loadStarted = Date.now()
  ;[load, writes] = await Promise.all([
    runLoad(paths),
    sendWrites(cookie, { id: withType.id, typeId: withType.children[0].id }, regionId),
  ])
  const loadEnded = loadStarted + load.result.duration * 1000

  // The signed-in user's appeals as the gateway lists them.
  listed = new Map()
  for (let page = 0; ; page++) {
    const { content } = await getJson(`/gateway/siw/appeal?page=${page}&size=100`, { cookie })
    for (const a of content) {
      const marker = /^(load-\w+ appeal \d+):/.exec(a.text)?.[1]
      if (marker?.startsWith(RUN)) listed.set(marker, (listed.get(marker) ?? 0) + 1)
    }
    if (content.length < 100) break
  }
  const late = writes.filter((w) => w.started > loadEnded)
  check(late.length === 0, `${late.length} writes were sent after the load ended`)
} catch (err) {
  console.error(`server log:\n${serverLog.join('').slice(-20_000)}`)
  throw err
} finally {
  await stopServer()
}

const { result, tally } = load
const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]))
const fiveXx = Object.entries(byStatus)
  .filter(([code]) => Number(code) >= 500)
  .reduce((n, [, c]) => n + c, 0)
const inFlightAtEnd = tally.inFlight.size
check(fiveXx === 0, `${fiveXx} responses with 5xx`)
check(
  Object.keys(byStatus).every((code) => code === '200'),
  `responses other than 200: ${JSON.stringify(byStatus)}`,
)
check(result.errors === 0, `${result.errors} request errors`)
check(result.timeouts === 0, `${result.timeouts} timeouts (> ${TIMEOUT_S} s)`)
check(tally.dropped === 0, `${tally.dropped} requests dropped without an answer`)
// Every request sent got its response, except the one per connection still in flight when the clock ran out.
check(
  tally.sent === tally.answered + inFlightAtEnd,
  `sent ${tally.sent} ≠ answered ${tally.answered} + in flight at the end ${inFlightAtEnd}`,
)
check(inFlightAtEnd <= CONNECTIONS, `${inFlightAtEnd} in flight at the end with ${CONNECTIONS} connections`)

const failedWrites = writes.filter((w) => w.status !== 200 || w.code !== 'ok')
check(failedWrites.length === 0, `writes not accepted: ${JSON.stringify(failedWrites.slice(0, 5))}`)
const contacts = queryStored(
  `SELECT substr(message, 1, instr(message, ':') - 1) AS marker, count(*) AS n FROM contact_requests WHERE message LIKE '${RUN} contact %' GROUP BY marker`,
)
const appeals = queryStored(
  `SELECT substr(text, 1, instr(text, ':') - 1) AS marker, count(*) AS n FROM appeals WHERE text LIKE '${RUN} appeal %' GROUP BY marker`,
)
const storedContacts = expectEachOnce('contact', countBy(contacts))
const storedAppeals = expectEachOnce('appeal', countBy(appeals))
expectEachOnce('appeal', listed)

const writeMs = writes.map((w) => w.finished - w.started).sort((a, b) => a - b)
const figures = {
  'duration (s)': result.duration,
  connections: CONNECTIONS,
  'requests sent': tally.sent,
  responses: tally.answered,
  'in flight when the clock ran out': inFlightAtEnd,
  'dropped / errors / timeouts': `${tally.dropped} / ${result.errors} / ${result.timeouts}`,
  'responses by status': JSON.stringify(byStatus),
  'req/s (mean)': Math.round(result.requests.average),
  'latency p50 (ms)': result.latency.p50,
  'latency p99 (ms)': result.latency.p99,
  'latency max (ms)': result.latency.max,
  'contact forms accepted / stored once': `${writes.filter((w) => w.kind === 'contact' && w.status === 200).length} / ${storedContacts}`,
  'appeals accepted / stored once (D1, list)': `${writes.filter((w) => w.kind === 'appeal' && w.status === 200).length} / ${storedAppeals}, ${listed.size}`,
  'write latency p50 / max (ms)': `${writeMs[Math.floor(writeMs.length / 2)]} / ${writeMs.at(-1)}`,
  'step total (s)': Math.round((Date.now() - startedAt) / 1000),
}
console.table(figures)
if (failures.length) {
  console.error(`server log:\n${serverLog.join('').slice(-20_000)}`)
  console.error(`load: FAILED\n  - ${failures.join('\n  - ')}`)
  process.exit(1)
}
console.log('load: ok')
