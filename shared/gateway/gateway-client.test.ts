import { describe, expect, it } from 'vitest'
import { apiKey } from '../keys/api-keys'
import { createGatewayClient, type GatewayClientOptions, type Notice } from './gateway-client'

type Call = { url: string; method: string; headers: Headers; body: string | null }
type Reply = Response | Error

const ok = (content: unknown = null, code = 'ok') => Response.json({ result: { code, description: '' }, content })
const envelope = (status: number, code: string, description = '') =>
  Response.json({ result: { code, description }, content: null }, { status })

/** A fake fetch that answers from a script and records what it was asked. */
function fakeFetch(...replies: Reply[]) {
  const calls: Call[] = []
  const fn: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : null,
    })
    const reply = replies.shift() ?? new Error('no scripted reply')
    if (reply instanceof Error) throw reply
    return reply
  }
  return { fn, calls }
}

function setup(replies: Reply[], options: Partial<GatewayClientOptions> = {}) {
  const { fn, calls } = fakeFetch(...replies)
  const notices: Notice[] = []
  const client = createGatewayClient({ fetch: fn, locale: 'ru', notify: (n) => notices.push(n), ...options })
  return { client, calls, notices }
}

const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504]

describe('gateway client transport', () => {
  it('calls the /gateway base with JSON, cookies and the current locale as Accept-Language', async () => {
    const captured: RequestInit[] = []
    const client = createGatewayClient({
      fetch: async (_input, init) => {
        captured.push(init ?? {})
        return ok({ id: 1 })
      },
      locale: 'uz',
      origin: 'http://portal.internal',
    })
    const res = await client.request('POST', '/siw/public/contact-us', { body: { name: 'A' }, query: { x: 1 } })
    expect(res).toEqual({ ok: true, envelope: { result: { code: 'ok', description: '' }, content: { id: 1 } } })
    const headers = new Headers(captured[0]!.headers)
    expect(headers.get('accept-language')).toBe('uz')
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.get('accept')).toBe('application/json')
    expect(captured[0]!.credentials).toBe('include')
    expect(captured[0]!.body).toBe('{"name":"A"}')
  })

  it('prefixes the base path and keeps the query of a key', async () => {
    const { client, calls } = setup([ok()], { origin: 'http://portal.internal' })
    await client.getEnvelope(apiKey('/siw/public/post?category=news&page=0'))
    expect(calls[0]!.url).toBe('http://portal.internal/gateway/siw/public/post?category=news&page=0')
    expect(calls[0]!.method).toBe('GET')
  })

  it('sends each client its own Accept-Language', async () => {
    const a = setup([ok()], { locale: 'en' })
    const b = setup([ok()], { locale: 'uz' })
    await Promise.all([a.client.getEnvelope(apiKey('/x')), b.client.getEnvelope(apiKey('/x'))])
    expect(a.calls[0]!.headers.get('accept-language')).toBe('en')
    expect(b.calls[0]!.headers.get('accept-language')).toBe('uz')
  })
})

describe('gateway client bearer (docs/product.md#guards)', () => {
  it('adds the bearer from the token', async () => {
    const { client, calls } = setup([ok()], { token: 'tok-1' })
    await client.getEnvelope(apiKey('/core/profile'))
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-1')
  })

  it('never adds the bearer to a URL that contains "public"', async () => {
    const { client, calls } = setup([ok(), ok()], { token: 'tok-1' })
    await client.getEnvelope(apiKey('/siw/public/post/1'))
    await client.getEnvelope(apiKey('/core/thing?scope=public'))
    expect(calls.map((c) => c.headers.has('authorization'))).toEqual([false, false])
  })

  it('keeps an Authorization header the caller already set', async () => {
    const { client, calls } = setup([ok()], { token: 'tok-1' })
    await client.request('GET', '/core/profile', { headers: { Authorization: 'Bearer other' } })
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer other')
  })

  it('sends no bearer without a token', async () => {
    const { client, calls } = setup([ok()])
    await client.getEnvelope(apiKey('/core/profile'))
    expect(calls[0]!.headers.has('authorization')).toBe(false)
  })
})

describe('gateway client retry (docs/product.md#transport)', () => {
  for (const status of RETRY_STATUSES) {
    it(`retries a GET once on ${status}`, async () => {
      const { client, calls } = setup([envelope(status, 'busy'), ok({ n: 2 })])
      await expect(client.getEnvelope(apiKey('/siw/public/post'))).resolves.toMatchObject({
        ok: true,
        envelope: { content: { n: 2 } },
      })
      expect(calls).toHaveLength(2)
    })
  }

  it('retries a GET only once, then answers the second status as a failure', async () => {
    const { client, calls } = setup([envelope(503, 'busy'), envelope(502, 'bad_gateway'), ok()])
    await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({
      ok: false,
      status: 502,
      code: 'bad_gateway',
    })
    expect(calls).toHaveLength(2)
  })

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    for (const status of RETRY_STATUSES) {
      it(`never retries ${method} on ${status}`, async () => {
        const { client, calls } = setup([envelope(status, 'busy'), ok()])
        await expect(client.request(method, '/siw/appeal', { body: {} })).resolves.toMatchObject({ ok: false })
        expect(calls).toHaveLength(1)
      })
    }
  }

  it('does not retry a GET on other statuses', async () => {
    for (const status of [400, 401, 403, 404, 422, 501]) {
      const { client, calls } = setup([envelope(status, 'nope'), ok()])
      await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({ ok: false, status })
      expect(calls, String(status)).toHaveLength(1)
    }
  })

  it('retries a GET once after a network error', async () => {
    const { client, calls } = setup([new TypeError('fetch failed'), ok({ n: 1 })])
    await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({ ok: true, envelope: { content: { n: 1 } } })
    expect(calls).toHaveLength(2)
  })

  it('answers status 0 and network_error after two network errors on a GET', async () => {
    const { client, calls } = setup([new TypeError('fetch failed'), new TypeError('fetch failed again')])
    await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({
      ok: false,
      status: 0,
      code: 'network_error',
    })
    expect(calls).toHaveLength(2)
  })

  it('never retries a POST after a network error', async () => {
    const { client, calls } = setup([new TypeError('fetch failed'), ok()])
    await expect(client.request('POST', '/x')).resolves.toMatchObject({ ok: false, status: 0, code: 'network_error' })
    expect(calls).toHaveLength(1)
  })
})

describe('gateway client without an answer (docs/architecture.md#rule-7)', () => {
  /** A fetch that never answers: it only gives up when the caller's signal ends the call. */
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true })
    })

  it('answers a call its signal timed out as status 0 and timeout, without retrying or a notice', async () => {
    let calls = 0
    const notices: Notice[] = []
    const client = createGatewayClient({
      fetch: (input, init) => {
        calls++
        return hanging(input, init)
      },
      locale: 'en',
      notify: (n) => notices.push(n),
    })
    await expect(client.getEnvelope(apiKey('/x'), AbortSignal.timeout(5))).resolves.toEqual({
      ok: false,
      status: 0,
      code: 'timeout',
      errors: [],
    })
    expect(calls).toBe(1)
    expect(notices).toEqual([])
  })

  it('answers a call its caller aborted as status 0 and aborted', async () => {
    const client = createGatewayClient({ fetch: hanging, locale: 'en' })
    const controller = new AbortController()
    const answer = client.getEnvelope(apiKey('/x'), controller.signal)
    controller.abort()
    await expect(answer).resolves.toEqual({ ok: false, status: 0, code: 'aborted', errors: [] })
  })

  it('answers a body cut off while it is read as network_error', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"result":'))
        controller.error(new TypeError('connection reset'))
      },
    })
    const { client } = setup([new Response(body, { status: 200 })])
    await expect(client.request('POST', '/x')).resolves.toEqual({
      ok: false,
      status: 0,
      code: 'network_error',
      errors: [],
    })
  })
})

describe('gateway client envelope (docs/product.md#errors)', () => {
  it('accepts ok in any case', async () => {
    for (const code of ['ok', 'OK', 'Ok']) {
      const { client } = setup([ok({ code }, code)])
      await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({
        ok: true,
        envelope: { content: { code } },
      })
    }
  })

  it('answers a 200 answer whose code is not ok as a failure carrying the code and the fields it names', async () => {
    const { client } = setup([
      Response.json({
        result: { code: 'validation_error', description: 'validation_error' },
        content: null,
        errors: ['content.ru', 'budgets.2.sum'],
      }),
    ])
    await expect(client.getEnvelope(apiKey('/x'))).resolves.toEqual({
      ok: false,
      status: 200,
      code: 'validation_error',
      errors: ['content.ru', 'budgets.2.sum'],
    })
  })

  it('answers a 200 answer that is not an envelope as malformed_response', async () => {
    for (const body of ['', 'not json', '{"content":1}', 'null']) {
      const { client } = setup([new Response(body, { status: 200 })])
      await expect(client.getEnvelope(apiKey('/x')), body).resolves.toMatchObject({
        ok: false,
        code: 'malformed_response',
      })
    }
  })

  it('shows no notice for expired_token and user_not_found', async () => {
    for (const code of ['expired_token', 'user_not_found']) {
      const { client, notices } = setup([envelope(200, code, code)])
      await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({ ok: false, code })
      expect(notices).toEqual([])
    }
  })

  it('shows the translated message for a description with an underscore', async () => {
    const { client, notices } = setup([envelope(200, 'error', 'too_many_attempts')])
    await expect(client.request('POST', '/x')).resolves.toMatchObject({ ok: false })
    expect(notices).toEqual([{ translate: true, key: 'messages.error.too_many_attempts' }])
  })

  it('shows the raw description otherwise', async () => {
    const { client, notices } = setup([envelope(200, 'error', 'The lot is closed.')])
    await expect(client.request('POST', '/x')).resolves.toMatchObject({ ok: false })
    expect(notices).toEqual([{ translate: false, text: 'The lot is closed.' }])
  })

  it('shows the translated unauthorized and forbidden notices for 401 and 403', async () => {
    const a = setup([envelope(401, 'unauthorized', 'unauthorized')])
    await expect(a.client.getEnvelope(apiKey('/core/profile'))).resolves.toMatchObject({ ok: false, status: 401 })
    expect(a.notices).toEqual([{ translate: true, key: 'messages.error.unauthorized' }])
    const b = setup([new Response('denied', { status: 403 })])
    await expect(b.client.getEnvelope(apiKey('/core/profile'))).resolves.toMatchObject({
      ok: false,
      status: 403,
      code: 'http_403',
    })
    expect(b.notices).toEqual([{ translate: true, key: 'messages.error.forbidden' }])
  })

  it('answers other failing statuses as failures without a notice', async () => {
    for (const status of [400, 404, 422, 500]) {
      const { client, notices } = setup([
        envelope(status, 'some_code', 'some_code'),
        envelope(status, 'some_code', 'some_code'),
      ])
      await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({ ok: false, status, code: 'some_code' })
      expect(notices, String(status)).toEqual([])
    }
  })

  it('works without a notifier, as on the server', async () => {
    const { fn } = fakeFetch(envelope(200, 'error', 'some_code'))
    const client = createGatewayClient({ fetch: fn, locale: 'en' })
    await expect(client.getEnvelope(apiKey('/x'))).resolves.toMatchObject({ ok: false, code: 'error' })
  })
})
