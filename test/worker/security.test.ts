/**
 * The security review's findings at the edge (docs/security.md), each against the real worker in workerd: the
 * development surface, proxy hygiene on one canonical path, request logs, the bounded cache key space and debug
 * headers.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { mediaKeys } from '../../shared/keys/media-keys'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { MAX_CACHED_PAGE, payloadCacheKey } from '../../worker/payloads/payloads'
import { faultUpstream, scenarioHits, setScenario } from './fault-helpers'
import { DEMO_NON_RESIDENT, ORIGIN, pickOneIdIdentity, setCookieFor, signInNonResident, tokenCookie } from './helpers'

const app = createApp()

type Envelope = { result: { code: string }; content: unknown }
type Seen = { method: string; url: string }

/**
 * Runs the portal with its GATEWAY binding wrapped: every request the edge sends upstream is recorded, then answered
 * by `answer` (default: the real reference gateway).
 */
async function callSpied(
  path: string,
  init: RequestInit = {},
  opts: { vars?: Record<string, string>; answer?: (req: Request) => Promise<Response> } = {},
) {
  const seen: Seen[] = []
  const gateway = {
    fetch: async (input: RequestInfo, requestInit?: RequestInit) => {
      const req = new Request(input, requestInit)
      seen.push({ method: req.method, url: req.url })
      return opts.answer ? opts.answer(req) : env.GATEWAY.fetch(req)
    },
  }
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }),
    { ...env, ...opts.vars, GATEWAY: gateway } as unknown as Env,
    ctx,
  )
  const body = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, body, seen }
}

const sameOriginJson = { origin: ORIGIN, 'content-type': 'application/json' }

describe('the development and operator surfaces', () => {
  it.each([
    ['GET', '/gateway/dev/outbox?email=investor%40demo.invest.example'],
    ['GET', '/gateway/dev/oneid/pick?user_id=1&role=investor'],
    ['POST', '/gateway/dev/reset'],
    ['POST', '/gateway/dev/moderate'],
    ['GET', '/gateway/dev/moderate'],
    ['GET', '/gateway/%64ev/outbox?email=a%40b.uz'],
    ['GET', '/gateway/admin/users'],
    ['GET', '/gateway/core'],
    ['GET', '/gateway/core/operator/registrations'],
    ['POST', '/gateway/core/operator/registrations/1/approve'],
    ['GET', '/gateway/core/%6fperator/registrations'],
    ['GET', '/gateway/core/operator'],
    // A trailing slash is no way around the edge-only rule: the canonical path drops it before any check.
    ['POST', '/gateway/core/auth/'],
    ['POST', '/gateway/core/%61uth/?code=x&role=investor'],
    ['GET', '/gateway/core/operator/'],
    ['POST', '/gateway/core/operator/registrations/1/approve/'],
  ])('answers %s %s with the 404 envelope and never calls the upstream', async (method, path) => {
    const { res, body, seen } = await callSpied(path, {
      method,
      headers: sameOriginJson,
      body: method === 'POST' ? '{}' : undefined,
    })
    expect(res.status).toBe(404)
    expect((JSON.parse(body) as Envelope).result.code).toBe('not_found')
    expect(seen).toEqual([])
  })

  it('reaches the gateway’s helpers at /_dev only when the portal runs in local mode', async () => {
    const local = await callSpied('/_dev/outbox?email=investor%40demo.invest.example', {}, { vars: { DEV_MODE: '1' } })
    expect(local.res.status).toBe(200)
    expect(local.seen.map((s) => new URL(s.url).pathname)).toEqual(['/dev/outbox'])
    // The helpers' own pages (the OneID stand-in) keep their own policy, which the portal's proxied-answer policy would
    // otherwise sit beside: they exist only on a developer's machine.
    const authorize = new URLSearchParams({
      response_type: 'one_code',
      client_id: 'invest-portal-local',
      redirect_uri: 'http://localhost/en/sso?role=investor',
    })
    const standIn = await callSpied(`/_dev/oneid?${authorize}`, {}, { vars: { DEV_MODE: '1' } })
    expect(standIn.res.status).toBe(200)
    expect(standIn.res.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'")
    expect(standIn.res.headers.get('content-security-policy')).not.toContain(',')
    const deployed = await callSpied(
      '/_dev/outbox?email=investor%40demo.invest.example',
      {},
      { vars: { DEV_MODE: '0' } },
    )
    expect(deployed.res.status).toBe(404)
    expect(deployed.seen).toEqual([])
  })

  it('never sends /_dev to another upstream (GATEWAY_ORIGIN): npm start can neither seed nor wipe it', async () => {
    const foreign = 'dev-foreign-upstream'
    await setScenario(foreign, { mode: 'ok', content: {} })
    const vars = { DEV_MODE: '1', GATEWAY_ORIGIN: `${faultUpstream.origin}/${foreign}` }
    const headers = { ...sameOriginJson, 'x-requested-with': 'invest-portal' }
    for (const path of ['/_dev/seed', '/_dev/reset']) {
      const { res, seen } = await callSpied(path, { method: 'POST', headers, body: '{}' }, { vars })
      expect(res.status, path).toBe(404)
      expect(seen, path).toEqual([])
    }
    expect((await callSpied('/_dev/outbox?email=a%40b.uz', {}, { vars })).res.status).toBe(404)
    expect(await scenarioHits(foreign)).toBe(0)
  })

  it('never lets a browser exchange a OneID code through the proxy: only /sso does, after its nonce check', async () => {
    const { sso } = await pickOneIdIdentity()
    const code = new URL(sso, ORIGIN).searchParams.get('code')!
    const { res, seen } = await callSpied(`/gateway/core/auth?code=${code}&role=investor`, {
      method: 'POST',
      headers: sameOriginJson,
    })
    expect(res.status).toBe(404)
    expect(seen).toEqual([])
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
  })
})

describe('one canonical path for every proxy decision', () => {
  it('treats /gateway/core/auth/%6cogin as the sign-in exchange: the token goes into the cookie, never into the body', async () => {
    const { email, password, role } = DEMO_NON_RESIDENT
    const { res, body, seen } = await callSpied('/gateway/core/auth/%6cogin', {
      method: 'POST',
      headers: sameOriginJson,
      body: JSON.stringify({ email, password, hash: '', role }),
    })
    expect(res.status).toBe(200)
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/core/auth/login'])
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/HttpOnly/i)
    const content = (JSON.parse(body) as Envelope).content as Record<string, unknown>
    expect(content).not.toHaveProperty('token')
    expect(body).not.toContain(
      setCookieFor(res, TOKEN_COOKIE)!
        .split(';')[0]!
        .slice(TOKEN_COOKIE.length + 1),
    )
  })

  it('removes a token from any /core answer an upstream sends, whatever the call', async () => {
    const leaky = async () =>
      Response.json({ result: { code: 'ok', description: '' }, content: { token: 'upstream-secret', email: 'x@y.uz' } })
    const { body } = await callSpied('/gateway/core/profile', {}, { answer: leaky })
    expect(body).not.toContain('upstream-secret')
    expect((JSON.parse(body) as Envelope).content).toEqual({ email: 'x@y.uz' })
  })
})

describe('proxy hygiene', () => {
  it.each(['OPTIONS', 'PROPFIND', 'REPORT'])('answers %s with 405 and never calls the upstream', async (method) => {
    const { res, body, seen } = await callSpied('/gateway/siw/public/post', { method })
    expect(res.status).toBe(405)
    expect((JSON.parse(body) as Envelope).result.code).toBe('method_not_allowed')
    expect(seen).toEqual([])
  })

  it('bounds the body of every method it forwards', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { res, seen } = await callSpied('/gateway/siw/appeal', {
        method,
        headers: sameOriginJson,
        body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 16) }),
      })
      expect(res.status, method).toBe(413)
      expect(seen, method).toEqual([])
    }
  })

  it('marks personal answers no-store and leaves public ones cacheable', async () => {
    const token = await signInNonResident()
    const personal = await callSpied('/gateway/core/profile', { headers: { cookie: tokenCookie(token) } })
    expect(personal.res.status).toBe(200)
    expect(personal.res.headers.get('cache-control')).toBe('no-store')
    const notifications = await callSpied('/gateway/siw/notification?page=0&size=5', {
      headers: { cookie: tokenCookie(token) },
    })
    expect(notifications.res.headers.get('cache-control')).toBe('no-store')
    const publicPage = await callSpied('/gateway/siw/public/page/contacts')
    expect(publicPage.res.headers.get('cache-control') ?? '').not.toContain('no-store')
  })

  it('lets an upstream’s security headers only tighten the portal’s: a hostile CSP, HSTS and X-Frame-Options never reach the browser', async () => {
    const hostile = async () =>
      Response.json(
        { result: { code: 'ok', description: '' }, content: [] },
        {
          headers: {
            'content-security-policy': 'default-src *',
            'strict-transport-security': 'max-age=0',
            'x-frame-options': 'ALLOWALL',
            'referrer-policy': 'unsafe-url',
            'cross-origin-opener-policy': 'unsafe-none',
            'content-security-policy-report-only': "default-src 'none'; report-uri https://evil.example/r",
          },
        },
      )
    const { res } = await callSpied('/gateway/siw/public/post', {}, { answer: hostile })
    expect(res.status).toBe(200)
    // Two policies, both enforced: the portal's own, and the upstream's beside it, which cannot widen it.
    const policies = (res.headers.get('content-security-policy') ?? '').split(',').map((p) => p.trim())
    expect(policies[0]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(res.headers.get('content-security-policy-report-only')).toBeNull()
  })

  it('keeps an uploaded file’s sandbox policy from the real gateway beside the portal’s', async () => {
    // A project image uploaded through the portal, as a signed-in investor does from the project form.
    const cookie = tokenCookie(await signInNonResident())
    const write = { ...sameOriginJson, cookie }
    const project = await callSpied('/gateway/siw/personal/project', {
      method: 'POST',
      headers: write,
      body: JSON.stringify({
        title: { en: 'Sandbox check', ru: 'Проверка', uz: 'Tekshiruv' },
        category_id: 1,
        sector_id: 11,
        region_id: 1718,
        budget: 1000,
        draft: true,
      }),
    })
    expect(project.res.status, project.body).toBe(200)
    const form = new FormData()
    form.set('project_id', String((JSON.parse(project.body) as { content: { id: number } }).content.id))
    // The smallest bytes the gateway's sniffing takes for a PNG.
    form.set(
      'file',
      new File(
        [
          new Uint8Array([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
            8, 6, 0, 0, 0,
          ]),
        ],
        'a.png',
        { type: 'image/png' },
      ),
    )
    const uploaded = await callSpied('/gateway/document/project/upload', {
      method: 'POST',
      headers: { origin: ORIGIN, 'x-requested-with': 'invest-portal', cookie },
      body: form,
    })
    expect(uploaded.res.status, uploaded.body).toBe(200)
    const link = (JSON.parse(uploaded.body) as { content: { download_link: string } }).content.download_link
    // Its owner's own view through the portal, with the session's bearer (the project is not approved yet).
    const { res } = await callSpied(link, { headers: { cookie } })
    expect(res.status).toBe(200)
    const policies = (res.headers.get('content-security-policy') ?? '').split(',').map((p) => p.trim())
    expect(policies).toContain("default-src 'none'; sandbox")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('passes none of a hostile upstream’s Set-Cookie, Server or X-Powered-By, and a Location only as a same-origin path', async () => {
    const answerWith = (location: string) => async () =>
      new Response(JSON.stringify({ result: { code: 'ok', description: '' }, content: null }), {
        status: 302,
        headers: {
          'content-type': 'application/json',
          location,
          'set-cookie': 'token=attacker; Path=/',
          server: 'upstream/1.2.3',
          'x-powered-by': 'PHP/5.2',
        },
      })
    for (const [location, passed] of [
      ['https://evil.example/phish', null],
      ['//evil.example/x', null],
      ['/\\evil.example', null],
      ['/en/profile', '/en/profile'],
    ] as const) {
      const { res } = await callSpied('/gateway/siw/public/post', {}, { answer: answerWith(location) })
      expect(res.headers.get('location'), location).toBe(passed)
      expect(res.headers.getSetCookie(), location).toEqual([])
      expect(res.headers.get('server'), location).toBeNull()
      expect(res.headers.get('x-powered-by'), location).toBeNull()
    }
  })

  it('forwards only the allow-listed request headers: never cookies, a forged forwarding header or anything else', async () => {
    let seen: Headers | null = null
    const record = async (req: Request) => {
      seen = req.headers
      return Response.json({ result: { code: 'ok', description: '' }, content: [] })
    }
    await callSpied(
      '/gateway/siw/public/post?page=0',
      {
        headers: {
          cookie: 'token=abc; other=1',
          'cf-connecting-ip': '203.0.113.9',
          'x-forwarded-for': '6.6.6.6',
          'x-forwarded-host': 'evil.example',
          'x-internal-admin': '1',
          authorization: 'Bearer forged',
          'accept-language': 'ru',
          'if-none-match': '"abc"',
        },
      },
      { answer: record },
    )
    const names = [...seen!.keys()].sort()
    expect(names).toEqual([
      'accept-language',
      'if-none-match',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
    ])
    expect(seen!.get('x-forwarded-for')).toBe('203.0.113.9')
    expect(seen!.get('x-forwarded-host')).toBe('portal.test')
  })

  it('drops the upstream’s Access-Control-* headers', async () => {
    const permissive = async () =>
      Response.json(
        { result: { code: 'ok', description: '' }, content: [] },
        {
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-credentials': 'true',
            'access-control-expose-headers': 'x-secret',
          },
        },
      )
    const { res } = await callSpied('/gateway/siw/public/post', {}, { answer: permissive })
    expect(res.status).toBe(200)
    expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([])
  })
})

describe('request logs', () => {
  afterEach(() => vi.restoreAllMocks())

  it('write one JSON line per request with its route, status, cache outcome and times, and never a reset token, SSO code, cookie or e-mail', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)))
    const secrets = {
      token: 'RESET-TOKEN-3f9a',
      code: 'SSO-CODE-77ab',
      email: 'someone.private@example.com',
      cookie: 'COOKIE-VALUE-19c',
    }
    const reset = href('reset-password', {
      locale: 'en',
      query: { time: '1', token: secrets.token, email: secrets.email, uuid: '8a4ab7a4-1111-4111-8111-111111111111' },
    })
    await callSpied(reset, { headers: { cookie: `other=${secrets.cookie}` } })
    await callSpied(`/en/sso?code=${secrets.code}&state=x&role=investor`)
    await callSpied(`/gateway/core/auth/check-reset-link?uuid=x&email=${encodeURIComponent(secrets.email)}`, {
      method: 'POST',
      headers: sameOriginJson,
    })
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === 'request')
    expect(logged.map((l) => [l.route, l.status])).toEqual([
      ['reset-password', 403],
      ['sso', 200],
      ['gateway', 200],
    ])
    for (const line of logged) {
      expect(Object.keys(line).sort()).toEqual([
        'cache',
        'level',
        'method',
        'ms',
        'msg',
        'path',
        'requestId',
        'route',
        'status',
        'upstreamMs',
      ])
      expect(line.requestId).toMatch(/\S{8,}/)
    }
    const all = lines.join('\n')
    for (const secret of Object.values(secrets)) expect(all).not.toContain(secret)
  })
})

describe('the payload cache’s key space', () => {
  beforeAll(async () => {
    for (const { name } of (await env.PAYLOADS.list()).keys) await env.PAYLOADS.delete(name)
  })

  const kvKeys = async () => (await env.PAYLOADS.list()).keys.map((k) => k.name)

  it('keeps no entry for a search keyword', async () => {
    const { res } = await callSpied(href('search', { locale: 'en', query: { keyword: 'zzx-unique-keyword' } }))
    expect(res.status).toBe(200)
    expect((await kvKeys()).filter((k) => k.includes('zzx-unique-keyword'))).toEqual([])
  })

  /** A random id of up to ten digits, as a visitor can put in any URL. */
  const randomId = () => String(Math.floor(Math.random() * 9_999_999_999) + 1)
  /** The first id of a gateway list (seeded content). */
  const firstId = async (path: string) => {
    const res = await env.GATEWAY.fetch(`http://gateway.internal${path}`)
    return String(((await res.json()) as { content: { id: number }[] }).content[0]!.id)
  }

  it('keeps the KV key count unchanged across 200 requests with made-up project filter ids', async () => {
    const category = await firstId('/siw/public/project-category?page=0&size=12')
    const page = (query: Record<string, string>) =>
      href('project-category', { locale: 'en', params: { id: category }, query })
    expect((await callSpied(page({}))).res.status).toBe(200)
    const before = (await kvKeys()).length
    for (let i = 0; i < 200; i++) {
      const choices: Record<string, string>[] = [
        { sector_id: randomId() },
        { region_id: randomId() },
        { amount_id: randomId() },
        { sector_id: randomId(), region_id: randomId(), amount_id: randomId() },
      ]
      const filters = choices[i % 4]!
      const url = page(filters)
      const { res } = await callSpied(i % 2 ? url : url.replace(/(\?|$)/, '/_payload.json$1'))
      expect(res.status).toBe(200)
    }
    expect((await kvKeys()).length).toBe(before)
    // 200 pages rendered: more than the default 5 s on a busy two-core machine.
  }, 20_000)

  it('writes nothing for a page whose primary key is a 404, nor for a made-up service stage', async () => {
    const service = await firstId('/siw/public/service?page=0&size=100')
    const ids: string[] = []
    const made = () => {
      const id = randomId()
      ids.push(id)
      return id
    }
    const madeUp = () => [
      href('project-category', { locale: 'en', params: { id: made() } }),
      href('project-category', { locale: 'ru', params: { id: made() }, query: { page: '3' } }),
      href('service', { locale: 'en', params: { service_id: made() }, query: { process: made() } }),
      href('service', { locale: 'en', params: { service_id: service }, query: { process: made() } }),
      href('service-category', { locale: 'uz', params: { category_id: made() } }),
      href('post', { locale: 'en', params: { id: made() } }),
      href('project', { locale: 'en', params: { id: made() } }),
    ]
    // The first round may keep the real lists these pages share (categories, sectors); later rounds add nothing.
    for (const url of madeUp()) expect((await callSpied(url)).res.status).toBeLessThan(500)
    const before = (await kvKeys()).length
    for (let round = 0; round < 10; round++)
      for (const url of madeUp()) expect((await callSpied(url)).res.status).toBeLessThan(500)
    const keys = await kvKeys()
    expect(keys.length).toBe(before)
    expect(keys.filter((k) => ids.some((id) => k.includes(id)))).toEqual([])
  })

  it('sends a zero-padded id to its one address with a 301, before any cache, memory or upstream call', async () => {
    const post = await firstId('/siw/public/post?category=news&page=0&size=1')
    const service = await firstId('/siw/public/service?page=0&size=1')
    const canonical = href('post', { locale: 'en', params: { id: post } })
    const padded = (zeros: string) => href('post', { locale: 'en', params: { id: `${zeros}${post}` } })
    // The canonical page is read once, so its entries are in KV; no spelling of its id may add one.
    expect((await callSpied(canonical)).res.status).toBe(200)
    const before = await kvKeys()
    const cases: [string, string][] = [
      [padded('0'), canonical],
      [padded('000'), canonical],
      [`${padded('00')}?utm_source=mail`, `${canonical}?utm_source=mail`],
      [`${padded('0')}/_payload.json`, `${canonical}/_payload.json`],
      [
        href('service', { locale: 'ru', params: { service_id: `0${service}` }, query: { process: '01', step: '002' } }),
        href('service', { locale: 'ru', params: { service_id: service }, query: { process: '1', step: '2' } }),
      ],
      [href('story', { locale: 'uz', params: { id: '0003' } }), href('story', { locale: 'uz', params: { id: '3' } })],
      [`/_app/card${padded('0')}.png?v=abc`, `/_app/card${canonical}.png?v=abc`],
    ]
    for (const [from, to] of cases) {
      const signedIn = { headers: { cookie: tokenCookie('not-a-real-session') } }
      for (const init of [{}, signedIn]) {
        const { res, seen } = await callSpied(from, init)
        expect(res.status, from).toBe(301)
        expect(res.headers.get('location'), from).toBe(to)
        expect(seen, from).toEqual([])
      }
    }
    // A lot number is the upstream's text, compared as written: it is no id and is not rewritten.
    expect((await callSpied(href('e-auction-lot', { locale: 'en', params: { id: '017240447' } }))).res.status).toBe(404)
    expect(await kvKeys()).toEqual(before)
  })

  it(`keeps list pages up to ${MAX_CACHED_PAGE + 1} and none deeper`, async () => {
    // The seed has eight news items: the second page (page 1, counted from 0) holds two, so it is a list worth keeping.
    await callSpied(href('media', { locale: 'en', params: { id: 'news' }, query: { page: '1' } }))
    await callSpied(href('media', { locale: 'en', params: { id: 'news' }, query: { page: '400' } }))
    const keys = await kvKeys()
    expect(keys).toContain(payloadCacheKey('en', mediaKeys.list('news', 1)))
    expect(keys).not.toContain(payloadCacheKey('en', mediaKeys.list('news', 400)))
  })
})

describe('the headers every document carries', () => {
  it.each([
    ['a content page', href('about', { locale: 'uz' })],
    ['the home page', href('home', { locale: 'ru' })],
    ['a 404 page', '/en/no-such-page-here'],
    ['a protected page refused (403)', href('profile', { locale: 'en' })],
  ])('gives %s the CSP the portal relies on, HSTS and COOP', async (_, path) => {
    const { res } = await callSpied(path)
    const csp = res.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    )
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
    expect(nonce, csp).toBeTruthy()
    expect(directives.get('script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('form-action')).toEqual(["'self'"])
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('writes a fresh nonce into every document, and every inline script carries it', async () => {
    const first = await callSpied(href('about', { locale: 'en' }))
    const second = await callSpied(href('about', { locale: 'en' }))
    const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1]
    const [a, b] = [
      nonceOf(first.res.headers.get('content-security-policy')),
      nonceOf(second.res.headers.get('content-security-policy')),
    ]
    expect(a).not.toBe(b)
    for (const tag of first.body.match(/<script\b[^>]*>/g) ?? []) {
      if (/type="application\/json"/.test(tag)) continue
      expect(tag).toContain(`nonce="${a}"`)
    }
  })

  it('writes JSON-LD as data blocks the CSP does not run: only scripts of another type go without the nonce', async () => {
    const home = await callSpied(href('home', { locale: 'en' }))
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(home.res.headers.get('content-security-policy') ?? '')?.[1]
    const tags = home.body.match(/<script\b[^>]*>/g) ?? []
    expect(tags.filter((tag) => tag.includes('type="application/ld+json"'))).toHaveLength(2)
    for (const tag of tags) {
      if (/type="application\/(ld\+)?json"/.test(tag)) expect(tag).not.toContain('nonce=')
      else expect(tag).toContain(`nonce="${nonce}"`)
    }
  })
})

describe('debug headers', () => {
  it('sends X-Payload-Cache and Server-Timing only when DEBUG_HEADERS is on', async () => {
    const off = await callSpied(href('about', { locale: 'en' }), {}, { vars: { DEBUG_HEADERS: '0' } })
    expect(off.res.headers.get('x-payload-cache')).toBeNull()
    expect(off.res.headers.get('server-timing')).toBeNull()
    const on = await callSpied(href('about', { locale: 'en' }), {}, { vars: { DEBUG_HEADERS: '1' } })
    expect(on.res.headers.get('x-payload-cache')).toMatch(/^(hit|miss)$/)
    expect(on.res.headers.get('server-timing')).toMatch(/\b(kv|upstream|memory);dur=/)
  })
})

describe('route validation before any upstream call', () => {
  it.each(['/en/post/abc', '/en/gallery/1a', '/en/story/x', '/en/media/video'])(
    'answers %s with 404 at once, never asking the upstream for a content page',
    async (path) => {
      const { res, body, seen } = await callSpied(path)
      expect(res.status).toBe(404)
      expect(body).toContain('Page Not Found')
      expect(seen).toEqual([])
    },
  )
})

describe('health', () => {
  it('reports the build and whether the upstream and KV answer, without details', async () => {
    const up = await callSpied('/_app/health')
    expect(up.res.status).toBe(200)
    expect(JSON.parse(up.body)).toEqual({ build: 'test-build', upstream: 'ok', kv: 'ok' })
    const down = await callSpied(
      '/_app/health',
      {},
      { answer: async () => new Response('boom: stack trace at db.internal:5432', { status: 500 }) },
    )
    expect(down.res.status).toBe(503)
    expect(JSON.parse(down.body)).toEqual({ build: 'test-build', upstream: 'down', kv: 'ok' })
    expect(down.body).not.toContain('db.internal')
  })
})
