/**
 * The content version off a page's path (docs/decisions/0042-content-version-off-the-path.md): pages answer with the
 * version their isolate knows and never wait for the upstream's version call; the isolate that takes a push shows a
 * publish at once, every other within its refresh of the shared record, and a publish nobody pushed within the
 * interval the isolate asks the upstream itself, in the background.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PUBLISH_HEADERS } from '../../shared/realtime/realtime'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { CONTENT_VERSION_PUSH_PATH } from '../../worker/endpoints/content-version-push'
import {
  forgetContentVersion,
  setVersionClock,
  VERSION_BACKSTOP_MS,
  VERSION_POLL_MS,
  VERSION_RECORD_KEY,
  VERSION_REFRESH_MS,
} from '../../worker/payloads/content-version'
import { signPublish } from '../../worker/realtime/signature'
import { decodeEntities, fetchPortal, ORIGIN } from './helpers'
import { cleanUpPublishing, createNewsDraft, gatewayVersion, signInEditor, uniqueMark } from './publishing-helpers'

const app = createApp()
const SECRET = 'local-realtime-secret-for-development-only'
const VERSION_PATH = '/core/content/version'
const PAGES = [
  href('media', { locale: 'en', params: { id: 'news' } }),
  href('home', { locale: 'en' }),
  href('media', { locale: 'ru', params: { id: 'news' } }),
]
const NEWS = PAGES[0]!

let token = ''
const created: number[] = []
/** The isolate's clock for the content version, moved by the tests. */
let now = 0

beforeAll(async () => {
  token = await signInEditor()
})
afterAll(() => cleanUpPublishing(created))
beforeEach(() => {
  now = Date.now()
  setVersionClock(() => now)
  forgetContentVersion()
})
afterEach(() => setVersionClock())

/**
 * The reference gateway with its version call under the test's control: each call is held until the test releases it
 * (then the gateway answers it), or until the portal gives up on it. `states` says what became of each call.
 */
function versionCallsHeld() {
  const held: Array<() => void> = []
  const states: Array<'held' | 'aborted' | 'answered'> = []
  const gateway = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init)
      if (new URL(req.url).pathname !== VERSION_PATH) return env.GATEWAY.fetch(req)
      const call = states.push('held') - 1
      return new Promise<Response>((resolve, reject) => {
        req.signal.addEventListener('abort', () => {
          states[call] = 'aborted'
          reject(req.signal.reason)
        })
        held.push(() => {
          states[call] = 'answered'
          resolve(env.GATEWAY.fetch(req))
        })
      })
    },
  }
  const release = () => {
    for (const answer of held.splice(0)) answer()
  }
  return { gateway, states, release }
}

/**
 * Reads a page while the version call is held, and checks that the page came back while every version call it made
 * was still held: had it waited for one, the portal would have given up on it (its timeout) before answering.
 */
async function readWithoutWaiting(path: string, calls: ReturnType<typeof versionCallsHeld>, pushes = true) {
  const before = calls.states.length
  const page = await read(path, calls.gateway, pushes)
  expect(page.status).toBe(200)
  const made = calls.states.slice(before)
  expect(made).toEqual(made.map(() => 'held'))
  return page
}

/** The reference gateway, counting its version calls. */
function versionCallsCounted() {
  const calls = { made: 0 }
  const gateway = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init)
      if (new URL(req.url).pathname === VERSION_PATH) calls.made++
      return env.GATEWAY.fetch(req)
    },
  }
  return { gateway, calls }
}

/**
 * A page as a reader gets it, with the payload memory on (as deployed). `pushes: false` is an upstream that cannot
 * push (no realtime secret to sign with). `settled` waits for the work the request left running (its `waitUntil`).
 */
/** What stands in for the GATEWAY binding: the binding itself or a wrapper around it. */
type Upstream = { fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> }

async function read(path: string, gateway: Upstream = env.GATEWAY, pushes = true) {
  const ctx = createExecutionContext()
  const bindings = {
    ...env,
    GATEWAY: gateway,
    PAYLOAD_MEMORY_MS: '30000',
    ...(pushes ? {} : { REALTIME_SECRET: '' }),
  } as unknown as Env
  const res = await app.fetch(new Request(new URL(path, ORIGIN)), bindings, ctx)
  const html = decodeEntities(await res.text())
  return { status: res.status, html, settled: () => waitOnExecutionContext(ctx) }
}

/** Reads a page and lets what it started in the background finish. */
async function readSettled(...args: Parameters<typeof read>) {
  const page = await read(...args)
  await page.settled()
  return page
}

/**
 * Publishes a draft as an upstream that tells nobody would: its row and its version change in the gateway's database,
 * and no push is sent.
 */
async function publishUntold(id: number): Promise<void> {
  await env.GATEWAY_DB.batch([
    env.GATEWAY_DB.prepare(`UPDATE posts SET publication = 'published', publish_at = ? WHERE id = ?`).bind(
      new Date().toISOString(),
      id,
    ),
    env.GATEWAY_DB.prepare(
      `INSERT INTO content_state (id, version) VALUES (1, max(?1, 2))
       ON CONFLICT (id) DO UPDATE SET version = max(version + 1, ?1)`,
    ).bind(Date.now()),
  ])
}

async function newsDraft(): Promise<{ id: number; mark: string }> {
  const mark = uniqueMark()
  const id = await createNewsDraft(token, mark)
  created.push(id)
  return { id, mark }
}

async function push(version: number) {
  const body = JSON.stringify({ version })
  const timestamp = String(Date.now())
  const id = crypto.randomUUID()
  return fetchPortal(CONTENT_VERSION_PUSH_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PUBLISH_HEADERS.timestamp]: timestamp,
      [PUBLISH_HEADERS.id]: id,
      [PUBLISH_HEADERS.signature]: await signPublish(SECRET, timestamp, id, body),
    },
    body,
  })
}

const sharedRecord = () => env.PAYLOADS.get<{ version: number | null }>(VERSION_RECORD_KEY, 'json')

describe('pages never wait for the version call', () => {
  it('30 page requests over 30 s make one version call in the background with an upstream that pushes', async () => {
    await env.PAYLOADS.put(VERSION_RECORD_KEY, JSON.stringify({ version: await gatewayVersion() }))
    const calls = versionCallsHeld()
    for (let i = 0; i < 30; i++) {
      now += 1000
      await readWithoutWaiting(PAGES[i % PAGES.length]!, calls)
    }
    // A new isolate asks once, in the background; the next ask is the safety net's, VERSION_BACKSTOP_MS later.
    expect(calls.states.length).toBe(1)
    expect(30_000).toBeLessThan(VERSION_BACKSTOP_MS)
    calls.release()
  }, 30_000)

  it('and at most once per VERSION_POLL_MS with an upstream that cannot push', async () => {
    await env.PAYLOADS.put(VERSION_RECORD_KEY, JSON.stringify({ version: await gatewayVersion() }))
    const calls = versionCallsHeld()
    for (let i = 0; i < 30; i++) {
      now += 1000
      const page = await readWithoutWaiting(PAGES[i % PAGES.length]!, calls, false)
      calls.release()
      await page.settled()
    }
    // Asked when the isolate was new, then each time VERSION_POLL_MS had passed: 30 s of requests, 6 calls.
    expect(calls.states.length).toBe(30_000 / VERSION_POLL_MS)
  }, 30_000)

  it('a new deployment asks the upstream in its first request only, and records the version for every isolate', async () => {
    await env.PAYLOADS.delete(VERSION_RECORD_KEY)
    const { gateway, calls } = versionCallsCounted()
    expect((await readSettled(NEWS, gateway)).status).toBe(200)
    expect(calls.made).toBe(1)
    expect(await sharedRecord()).toEqual({ version: await gatewayVersion() })
    for (let i = 0; i < 10; i++) expect((await readSettled(PAGES[i % PAGES.length]!, gateway)).status).toBe(200)
    expect(calls.made).toBe(1)
  }, 30_000)

  it('a failing version call leaves pages answering at the version they had', async () => {
    await env.PAYLOADS.put(VERSION_RECORD_KEY, JSON.stringify({ version: await gatewayVersion() }))
    await readSettled(NEWS)
    const calls = versionCallsHeld()
    now += VERSION_BACKSTOP_MS
    const first = await readWithoutWaiting(NEWS, calls)
    // The portal gives up on the held call after its timeout; the pages after it answer as before, without asking.
    await first.settled()
    expect(calls.states).toEqual(['aborted'])
    for (let i = 0; i < 5; i++) await readWithoutWaiting(NEWS, calls)
    expect(calls.states).toEqual(['aborted'])
  }, 30_000)
})

describe('a publish reaches every isolate within the bound', () => {
  it('the isolate that takes the push shows it at once, without asking the upstream', async () => {
    const { id, mark } = await newsDraft()
    await readSettled(NEWS)
    const { gateway, calls } = versionCallsCounted()
    expect((await readSettled(NEWS, gateway)).html).not.toContain(mark)
    await publishUntold(id)
    const res = await push(await gatewayVersion())
    expect(res.status).toBe(202)
    expect(await sharedRecord()).toEqual({ version: await gatewayVersion() })
    expect((await readSettled(NEWS, gateway)).html).toContain(`${mark} en`)
    expect(calls.made).toBe(0)
  }, 30_000)

  it('another isolate shows it once VERSION_REFRESH_MS have passed, from the shared record', async () => {
    const { id, mark } = await newsDraft()
    await readSettled(NEWS)
    await publishUntold(id)
    // What the isolate that took the push wrote.
    await env.PAYLOADS.put(VERSION_RECORD_KEY, JSON.stringify({ version: await gatewayVersion() }))
    const { gateway, calls } = versionCallsCounted()
    now += VERSION_REFRESH_MS
    await readSettled(NEWS, gateway)
    expect((await readSettled(NEWS, gateway)).html).toContain(`${mark} en`)
    expect(calls.made).toBe(0)
  }, 30_000)

  it('a push that was lost is made good within VERSION_BACKSTOP_MS by the isolate asking itself', async () => {
    const { id, mark } = await newsDraft()
    await readSettled(NEWS)
    await publishUntold(id)
    now += VERSION_BACKSTOP_MS
    await readSettled(NEWS)
    expect((await readSettled(NEWS)).html).toContain(`${mark} en`)
    // And it shares what it learnt with the other isolates.
    expect(await sharedRecord()).toEqual({ version: await gatewayVersion() })
  }, 30_000)

  it('an upstream that cannot push is seen within VERSION_POLL_MS', async () => {
    const { id, mark } = await newsDraft()
    await readSettled(NEWS, env.GATEWAY, false)
    await publishUntold(id)
    now += VERSION_POLL_MS
    await readSettled(NEWS, env.GATEWAY, false)
    expect((await readSettled(NEWS, env.GATEWAY, false)).html).toContain(`${mark} en`)
  }, 30_000)
})

describe('the push', () => {
  it('refuses what is not signed or not a version, and an older version changes nothing', async () => {
    const unsigned = await fetchPortal(CONTENT_VERSION_PUSH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1 }),
    })
    expect(unsigned.status).toBe(401)
    expect((await push(-1)).status).toBe(400)
    expect((await push(1.5)).status).toBe(400)
    const current = await gatewayVersion()
    expect((await push(current)).status).toBe(202)
    expect((await push(current - 1)).status).toBe(202)
    expect(await sharedRecord()).toEqual({ version: current })
  })
})
