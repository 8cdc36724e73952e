/**
 * Realtime through Durable Objects (docs/decisions/0018-realtime-hub.md), in workerd: browsers' sockets at
 * `/_app/realtime`, the hub per channel with hibernation, signed publishes at `/_app/realtime/publish`, and the
 * reference
 * gateway publishing what it records through its PORTAL service binding.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { tradingKeys } from '../../shared/keys/trading-keys'
import {
  LOTS_CHANNEL,
  lotChannel,
  PERSONAL_CHANNEL,
  PUBLISH_HEADERS,
  REAUTHORISE_CLOSE_CODE,
  type RealtimeMessage,
} from '../../shared/realtime/realtime'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { userChannel } from '../../worker/realtime/channels'
import { HUB_LIMITS, type RealtimeHub } from '../../worker/realtime/hub'
import { signPublish } from '../../worker/realtime/signature'
import { fetchPortal, ORIGIN, signInNonResident, signInResident, tokenCookie } from './helpers'

const SECRET = 'local-realtime-secret-for-development-only'
const REALTIME = '/_app/realtime'
const PUBLISH = '/_app/realtime/publish'
/** Seeded lots: one for these tests only, and its list neighbour is left alone. */
const LOT = '17242228'

let address = 0
/** A client address of its own per socket unless a test shares one: the per-address limits are tested on purpose. */
const nextIp = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`

type Socket = { ws: WebSocket; messages: RealtimeMessage[]; closed: Promise<CloseEvent> }

/** Asks the portal for a socket as a browser would; the response (101 or a refusal) and, on 101, the socket. */
async function requestSocket(channel: string, opts: { ip?: string; cookie?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = { upgrade: 'websocket', 'cf-connecting-ip': opts.ip ?? nextIp() }
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN
  if (opts.cookie) headers.cookie = opts.cookie
  return fetchPortal(`${REALTIME}?channel=${encodeURIComponent(channel)}`, { headers })
}

/** The close code of a socket the edge opened only to refuse it (4000 + the status it stands for). */
async function closeCodeOf(res: Response): Promise<number> {
  expect(res.status).toBe(101)
  const ws = res.webSocket!
  const closed = new Promise<CloseEvent>((resolve) => ws.addEventListener('close', resolve))
  let ready = false
  ws.addEventListener('message', (e) => (ready ||= e.data === 'ready'))
  ws.accept()
  const { code } = await closed
  expect(ready, 'a refused socket never hears "ready"').toBe(false)
  return code
}

async function refusal(channel: string, opts: Parameters<typeof requestSocket>[1] = {}): Promise<number> {
  return closeCodeOf(await requestSocket(channel, opts))
}

/** Opens a socket and waits until the hub holds it (its `ready`). */
async function openSocket(channel: string, opts: Parameters<typeof requestSocket>[1] = {}): Promise<Socket> {
  const res = await requestSocket(channel, opts)
  if (res.status !== 101) expect.fail(`socket refused: ${res.status} ${await res.text()}`)
  const ws = res.webSocket!
  const messages: RealtimeMessage[] = []
  const closed = new Promise<CloseEvent>((resolve) => ws.addEventListener('close', resolve))
  const ready = new Promise<void>((resolve, reject) => {
    ws.addEventListener('message', (e) => {
      if (e.data === 'ready') resolve()
      else if (e.data !== 'pong') messages.push(JSON.parse(String(e.data)) as RealtimeMessage)
    })
    ws.addEventListener('close', (e) => reject(new Error(`closed with ${e.code} before ready`)))
  })
  ws.accept()
  await ready
  return { ws, messages, closed }
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs = 5000, what = 'condition') {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

let published = 0
/** A signed publish as an upstream sends it; every part can be overridden to forge one. */
async function publish(
  body: object,
  opts: { secret?: string; timestamp?: number; id?: string; signature?: string | null } = {},
) {
  const text = JSON.stringify(body)
  const timestamp = String(opts.timestamp ?? Date.now())
  const id = opts.id ?? `test-${Date.now()}-${++published}-${crypto.randomUUID()}`.slice(0, 64)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [PUBLISH_HEADERS.timestamp]: timestamp,
    [PUBLISH_HEADERS.id]: id,
  }
  const signature =
    opts.signature === undefined ? await signPublish(opts.secret ?? SECRET, timestamp, id, text) : opts.signature
  if (signature !== null) headers[PUBLISH_HEADERS.signature] = signature
  const res = await fetchPortal(PUBLISH, { method: 'POST', headers, body: text })
  const json = (await res.json()) as { result: { code: string }; content: { delivered: number } | null }
  return { status: res.status, code: json.result.code, delivered: json.content?.delivered, id }
}

const lotEvent = (lot: string, price: number) => ({
  type: 'lot' as const,
  lot,
  price,
  deposit: price / 10,
  status: { uz: 'Arizalar qabul qilinmoqda', ru: 'Приём заявок', en: 'Accepting applications' },
  order_end_time: '2031-01-01T12:00:00.000Z',
})

const hub = (channel: string) => env.REALTIME.get(env.REALTIME.idFromName(channel)) as DurableObjectStub<RealtimeHub>

/** The signed-in user's role and role record id, as the portal names their channel from. */
async function whoIs(token: string): Promise<{ role: 'investor' | 'businessmen'; id: number }> {
  const res = await fetchPortal('/gateway/core/profile', { headers: { cookie: tokenCookie(token) } })
  const profile = ((await res.json()) as { content: Record<string, unknown> & { role: 'investor' | 'businessmen' } })
    .content
  return { role: profile.role, id: (profile[profile.role] as { id: number }).id }
}

describe('subscribing', () => {
  it('opens a public lot channel for any visitor of the same origin, who then receives that lot’s events', async () => {
    const socket = await openSocket(lotChannel(LOT))
    const sent = await publish({ channel: lotChannel(LOT), event: lotEvent(LOT, 1_500_000_000) })
    expect(sent).toMatchObject({ status: 202, code: 'ok', delivered: 1 })
    await eventually(() => socket.messages.length === 1, 5000, 'the lot event')
    expect(socket.messages[0]).toMatchObject({ id: sent.id, event: { type: 'lot', lot: LOT, price: 1_500_000_000 } })
    socket.ws.close(1000)
  })

  it('refuses an upgrade from another site, one without an Origin, and a plain GET', async () => {
    expect((await requestSocket(LOTS_CHANNEL, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await requestSocket(LOTS_CHANNEL, { origin: null })).status).toBe(403)
    const plain = await fetchPortal(`${REALTIME}?channel=${LOTS_CHANNEL}`, { headers: { origin: ORIGIN } })
    expect(plain.status).toBe(426)
  })

  it('refuses channels that do not exist (4400), and any channel a browser names as a user’s (4403)', async () => {
    for (const channel of ['', 'lot:abc', 'lot:1/../2', 'news', 'user'])
      expect(await refusal(channel), channel).toBe(4400)
    const someone = await userChannel({ role: 'investor', id: 1 })
    expect(await refusal(someone)).toBe(4403)
  })

  it('opens a lot’s channel only for a lot the upstream knows: a made-up lot number is refused (4400) and gets no hub', async () => {
    for (const lot of ['1', '99999999999', '424242424242424242']) expect(await refusal(lotChannel(lot)), lot).toBe(4400)
    const socket = await openSocket(lotChannel(LOT))
    socket.ws.close(1000)
  })

  it('refuses the personal channel to an anonymous visitor and to a token the gateway does not accept (4401)', async () => {
    expect(await refusal(PERSONAL_CHANNEL)).toBe(4401)
    expect(await refusal(PERSONAL_CHANNEL, { cookie: tokenCookie('not-a-real-token') })).toBe(4401)
  })

  it('gives each signed-in user their own channel: A hears A’s events, B never does, and B cannot reach A’s channel', async () => {
    const tokenA = await signInNonResident()
    const tokenB = await signInResident()
    const userA = await whoIs(tokenA)
    const userB = await whoIs(tokenB)
    expect(userA).not.toEqual(userB)
    const a = await openSocket(PERSONAL_CHANNEL, { cookie: tokenCookie(tokenA) })
    const b = await openSocket(PERSONAL_CHANNEL, { cookie: tokenCookie(tokenB) })
    // B asking for A's channel by its name gets nothing: names come from the session only.
    expect(await refusal(await userChannel(userA), { cookie: tokenCookie(tokenB) })).toBe(4403)

    const toA = await publish({ user: userA, event: { type: 'appeal', id: 7, status: 'reviewed' } })
    expect(toA).toMatchObject({ status: 202, delivered: 1 })
    await eventually(() => a.messages.length === 1, 5000, 'A’s event')
    expect(a.messages[0]!.event).toEqual({ type: 'appeal', id: 7, status: 'reviewed' })
    const toB = await publish({ user: userB, event: { type: 'notification', kind: 'project_approved' } })
    expect(toB).toMatchObject({ status: 202, delivered: 1 })
    await eventually(() => b.messages.length === 1, 5000, 'B’s event')
    expect(a.messages).toHaveLength(1)
    expect(b.messages.map((m) => m.event.type)).toEqual(['notification'])
    a.ws.close(1000)
    b.ws.close(1000)
  })
})

describe('fan-out', () => {
  it('delivers one publish to all 1,000 sockets of a channel', { timeout: 120_000 }, async () => {
    const channel = lotChannel('17240447')
    const sockets: Socket[] = []
    for (let batch = 0; batch < 20; batch++)
      sockets.push(...(await Promise.all(Array.from({ length: 50 }, () => openSocket(channel)))))
    expect(await runInDurableObject(hub(channel), (instance: RealtimeHub) => instance.sockets().length)).toBe(1000)

    const sent = await publish({ channel, event: lotEvent('900000000001', 42) })
    expect(sent).toMatchObject({ status: 202, delivered: 1000 })
    await eventually(() => sockets.every((s) => s.messages.length === 1), 20_000, 'every socket to receive the event')
    expect(new Set(sockets.map((s) => s.messages[0]!.id))).toEqual(new Set([sent.id]))
    for (const s of sockets) s.ws.close(1000)
  })
})

describe('limits', () => {
  it(`accepts at most ${HUB_LIMITS.socketsPerAddress} sockets of one public channel from one client address`, {
    timeout: 60_000,
  }, async () => {
    const channel = lotChannel('17240584')
    const ip = '10.99.0.1'
    const sockets = await Promise.all(
      Array.from({ length: HUB_LIMITS.socketsPerAddress }, () => openSocket(channel, { ip })),
    )
    expect(await refusal(channel, { ip })).toBe(4429)
    // Another address still gets in, and a freed place is free again.
    const other = await openSocket(channel)
    sockets[0]!.ws.close(1000)
    let again: Socket | null = null
    for (let i = 0; i < 50 && !again; i++) again = await openSocket(channel, { ip }).catch(() => null)
    expect(again).not.toBeNull()
    for (const s of [...sockets, other, again!]) s.ws.close(1000)
  })

  it(`accepts at most ${HUB_LIMITS.personalSockets} sockets on one user’s channel (tabs and devices together)`, {
    timeout: 60_000,
  }, async () => {
    const token = await signInResident()
    const cookie = tokenCookie(token)
    const sockets = await Promise.all(
      Array.from({ length: HUB_LIMITS.personalSockets }, () => openSocket(PERSONAL_CHANNEL, { cookie })),
    )
    expect(await refusal(PERSONAL_CHANNEL, { cookie })).toBe(4429)
    for (const s of sockets) s.ws.close(1000)
  })

  it('makes a personal socket older than 15 minutes reconnect at the next publish, so its session is checked again', async () => {
    const token = await signInNonResident()
    const user = await whoIs(token)
    const cookie = tokenCookie(token)
    const old = await openSocket(PERSONAL_CHANNEL, { cookie })
    // That socket opened 15 minutes and a second ago, as far as the hub remembers (its attachment survives
    // hibernation).
    await runInDurableObject(hub(await userChannel(user)), (_: RealtimeHub, state: DurableObjectState) => {
      for (const ws of state.getWebSockets()) {
        const attachment = ws.deserializeAttachment() as { openedAt: number }
        ws.serializeAttachment({ ...attachment, openedAt: Date.now() - HUB_LIMITS.personalRecheckMs - 1000 })
      }
    })
    const fresh = await openSocket(PERSONAL_CHANNEL, { cookie })
    expect(await publish({ user, event: { type: 'appeal', id: 1, status: 'reviewed' } })).toMatchObject({
      status: 202,
      delivered: 1,
    })
    expect((await old.closed).code).toBe(REAUTHORISE_CLOSE_CODE)
    expect(old.messages).toEqual([])
    await eventually(() => fresh.messages.length === 1, 5000, 'the fresh socket’s event')
    fresh.ws.close(1000)
  })

  it('limits socket upgrades per client address and minute before touching a session or a hub', {
    timeout: 60_000,
  }, async () => {
    // The local limiter counts in windows aligned to the wall-clock minute (as Cloudflare's does), so a run that
    // straddles a minute boundary starts counting again: such a run is repeated from a fresh address.
    const minute = () => Math.floor(Date.now() / 60_000)
    let codes: number[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      const ip = `10.98.0.${attempt + 1}`
      const startedIn = minute()
      codes = []
      // The local environment allows 600 a minute (wrangler.toml); a bad channel is refused after the count.
      for (let i = 0; i < 601; i++) codes.push(await refusal('no-such-channel', { ip }))
      if (minute() === startedIn) break
    }
    expect(codes.slice(0, 600).every((code) => code === 4400)).toBe(true)
    expect(codes[600]).toBe(4429)
    // Another address is not affected.
    expect(await refusal('no-such-channel')).toBe(4400)
  })
})

describe('hibernation', () => {
  it('keeps sockets and their attachments while the hub is evicted, and wakes to deliver the next publish', async () => {
    const channel = lotChannel('17240721')
    const sockets = await Promise.all([
      openSocket(channel, { ip: '10.97.0.1' }),
      openSocket(channel, { ip: '10.97.0.2' }),
    ])
    const stub = hub(channel)
    const before = await runInDurableObject(stub, (instance: RealtimeHub) => instance)
    await evictDurableObject(stub)
    // A new instance, built from nothing but its storage and the hibernated sockets' attachments.
    const attachments = await runInDurableObject(stub, (instance: RealtimeHub) => {
      expect(instance).not.toBe(before)
      return instance.sockets()
    })
    expect(
      attachments
        .map((a) => ({ channel: a.channel, personal: a.personal, ip: a.ip }))
        .sort((x, y) => x.ip.localeCompare(y.ip)),
    ).toEqual([
      { channel, personal: false, ip: '10.97.0.1' },
      { channel, personal: false, ip: '10.97.0.2' },
    ])
    await evictDurableObject(stub)
    const sent = await publish({ channel, event: lotEvent('900000000003', 77) })
    expect(sent).toMatchObject({ status: 202, delivered: 2 })
    await eventually(() => sockets.every((s) => s.messages.length === 1), 5000, 'the event after the wake')
    // The heartbeat is answered by the runtime while the hub sleeps.
    await evictDurableObject(stub)
    const pong = new Promise<string>((resolve) =>
      sockets[0]!.ws.addEventListener('message', (e) => resolve(String(e.data)), { once: true }),
    )
    sockets[0]!.ws.send('ping')
    expect(await pong).toBe('pong')
    for (const s of sockets) s.ws.close(1000)
  })

  it('still refuses a replayed publish after the hub was evicted (publish ids are in its storage)', async () => {
    const channel = lotChannel('17240858')
    const body = { channel, event: lotEvent('900000000004', 1) }
    const first = await publish(body)
    expect(first.status).toBe(202)
    await evictDurableObject(hub(channel)).catch(() => undefined)
    const text = JSON.stringify(body)
    const timestamp = String(Date.now())
    const again = await publish(body, {
      id: first.id,
      timestamp: Number(timestamp),
      signature: await signPublish(SECRET, timestamp, first.id, text),
    })
    expect(again).toMatchObject({ status: 409, code: 'replayed' })
  })
})

describe('publishing', () => {
  const body = { channel: lotChannel(LOT), event: lotEvent(LOT, 10) }

  it('refuses an unsigned publish with 401 and delivers nothing', async () => {
    const socket = await openSocket(lotChannel(LOT))
    expect(await publish(body, { signature: null })).toMatchObject({ status: 401, code: 'unsigned' })
    const res = await fetchPortal(PUBLISH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(401)
    await new Promise((r) => setTimeout(r, 100))
    expect(socket.messages).toEqual([])
    socket.ws.close(1000)
  })

  it('refuses a chunked 100 MB publish with 413 after reading no more than its limit, before any signature check', async () => {
    let pulled = 0
    const total = 100 * 1024 * 1024
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close()
        const chunk = new Uint8Array(64 * 1024).fill(0x20)
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const timestamp = String(Date.now())
    const res = await fetchPortal(PUBLISH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PUBLISH_HEADERS.timestamp]: timestamp,
        [PUBLISH_HEADERS.id]: `huge-${crypto.randomUUID()}`,
        [PUBLISH_HEADERS.signature]: 'a'.repeat(64),
      },
      body: stream,
      // @ts-expect-error: workerd's fetch needs duplex for a stream body, which the DOM types of RequestInit lack
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { result: { code: string } }).result.code).toBe('payload_too_large')
    // A few chunks in flight at most, never the hundred megabytes.
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
  })

  it('refuses a publish signed with another key, or whose body was changed after signing, with 401', async () => {
    expect(await publish(body, { secret: 'another-secret-of-at-least-thirty-two-chars' })).toMatchObject({
      status: 401,
      code: 'bad_signature',
    })
    const timestamp = String(Date.now())
    const id = `tampered-${crypto.randomUUID()}`
    const signature = await signPublish(SECRET, timestamp, id, JSON.stringify(body))
    const res = await fetchPortal(PUBLISH, {
      method: 'POST',
      headers: {
        [PUBLISH_HEADERS.timestamp]: timestamp,
        [PUBLISH_HEADERS.id]: id,
        [PUBLISH_HEADERS.signature]: signature,
      },
      body: JSON.stringify({ ...body, event: lotEvent(LOT, 1) }),
    })
    expect(res.status).toBe(401)
    expect(await publish(body, { signature: `v1=${'0'.repeat(64)}` })).toMatchObject({
      status: 401,
      code: 'bad_signature',
    })
  })

  it('refuses a correctly signed publish older (or newer) than 60 s as stale', async () => {
    expect(await publish(body, { timestamp: Date.now() - 61_000 })).toMatchObject({ status: 401, code: 'stale' })
    expect(await publish(body, { timestamp: Date.now() + 61_000 })).toMatchObject({ status: 401, code: 'stale' })
    expect(await publish(body, { timestamp: Date.now() - 30_000 })).toMatchObject({ status: 202 })
  })

  it('refuses a replayed publish (the same id within the window) with 409, even re-signed with a new timestamp', async () => {
    const socket = await openSocket(lotChannel(LOT))
    const first = await publish(body)
    expect(first.status).toBe(202)
    expect(await publish(body, { id: first.id })).toMatchObject({ status: 409, code: 'replayed' })
    await eventually(() => socket.messages.length === 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(socket.messages).toHaveLength(1)
    socket.ws.close(1000)
  })

  it('refuses a publish whose event does not fit its target with 400', async () => {
    expect(
      await publish({ channel: lotChannel(LOT), event: { type: 'appeal', id: 1, status: 'reviewed' } }),
    ).toMatchObject({ status: 400 })
    expect(await publish({ user: { role: 'investor', id: 1 }, event: lotEvent(LOT, 1) })).toMatchObject({ status: 400 })
    expect(await publish({ channel: 'user:abc', event: lotEvent(LOT, 1) })).toMatchObject({ status: 400 })
  })
})

describe('the reference gateway publishes what it records', () => {
  it('a moderator’s answer to an appeal reaches its author’s socket as an appeal change and new notifications', async () => {
    const token = await signInNonResident()
    const created = await fetchPortal('/gateway/siw/appeal', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: tokenCookie(token) },
      body: JSON.stringify({
        topic_id: 1,
        type_id: 7,
        region_id: 1703,
        text: 'A question about customs duties for equipment.',
      }),
    })
    expect(created.status).toBe(200)
    const appealId = ((await created.json()) as { content: { id: number } }).content.id
    const socket = await openSocket(PERSONAL_CHANNEL, { cookie: tokenCookie(token) })
    const moderated = await env.GATEWAY.fetch('http://gateway.internal/dev/moderate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'appeal', id: appealId, action: 'review' }),
    })
    expect(moderated.status).toBe(200)
    await eventually(() => socket.messages.some((m) => m.event.type === 'appeal'), 5000, 'the appeal event')
    await eventually(
      () => socket.messages.filter((m) => m.event.type === 'notification').length === 2,
      5000,
      'two notifications',
    )
    expect(socket.messages.map((m) => m.event)).toEqual(
      expect.arrayContaining([
        { type: 'appeal', id: appealId, status: 'reviewed', by: 'agency' },
        { type: 'notification', kind: 'appeal_forwarded' },
        { type: 'notification', kind: 'new_appeal_response' },
      ]),
    )
    socket.ws.close(1000)
  })

  it('a lot change (POST /dev/lot) reaches the lot’s page and the lot list, and drops the lot’s cached payload', async () => {
    const lot = '17241954'
    const key = tradingKeys.auctionLot(lot)
    const page = await fetchPortal(`/en/service/e-auction/${lot}`)
    expect(page.status).toBe(200)
    await expect.poll(() => env.PAYLOADS.get(payloadCacheKey('en', key)), { timeout: 5000 }).not.toBeNull()
    const one = await openSocket(lotChannel(lot))
    const list = await openSocket(LOTS_CHANNEL)
    const res = await env.GATEWAY.fetch('http://gateway.internal/dev/lot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lot_number: lot,
        price: 999_000_000,
        status: 'Auction held',
        end_time: '2031-02-03T04:05:00Z',
      }),
    })
    expect(res.status).toBe(200)
    const expected = {
      type: 'lot',
      lot,
      price: 999_000_000,
      status: { uz: 'Auction held', ru: 'Auction held', en: 'Auction held' },
      order_end_time: '2031-02-03T04:05:00.000Z',
    }
    await eventually(() => one.messages.length === 1 && list.messages.length === 1, 5000, 'the lot events')
    expect(one.messages[0]!.event).toMatchObject(expected)
    expect(list.messages[0]!.event).toMatchObject(expected)
    await expect.poll(() => env.PAYLOADS.get(payloadCacheKey('en', key)), { timeout: 5000 }).toBeNull()
    one.ws.close(1000)
    list.ws.close(1000)
  })
})
