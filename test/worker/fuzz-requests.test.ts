/**
 * Whole-request fuzz/property tests against the real worker and the reference gateway (docs/security.md). Generated
 * paths,
 * queries and headers are seeded with the known attack strings of `fuzz-inputs.ts`; most land on cheap answers
 * (redirects, 404s, guard denials, proxy rejections, `_payload.json`), so the 5,650 requests here (the explicit
 * `runs()`
 * below) take about ten seconds on two cores.
 * Properties: no 5xx; every redirect is a same-origin path; a protected page is never served without a token; the
 * payload cache key depends only on allow-listed inputs; the upstream origin never changes.
 */
import { createExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALE_COOKIE } from '../../shared/constants'
import { mediaKeys } from '../../shared/keys/media-keys'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { canonicalPath } from '../../worker/upstream/proxy'
import {
  ATTACK_STRINGS,
  flipCase,
  OVERSIZED_HEADER_VALUE,
  PROTECTED,
  percentEncodeSome,
  proxyPath,
  requestHeaders,
  requestPath,
  requestQuery,
  runs,
} from './fuzz-inputs'
import { isSameOriginPath, ORIGIN, payloadUrlOf, readScripts, signInNonResident, tokenCookie } from './helpers'

const TIMEOUT = 120_000

type Answer = {
  status: number
  location: string | null
  routeId: string | null
  payloadRedirect: string | null
  cache: string | null
  body: string
}

/** Reads what the properties look at: status, Location, the served route (payload JSON or the HTML state). */
async function readAnswer(res: Response): Promise<Answer> {
  const body = await res.text()
  const type = res.headers.get('content-type') ?? ''
  let routeId: string | null = null
  let payloadRedirect: string | null = null
  if (body === '') {
    // HEAD, redirects and empty answers carry no route to check.
  } else if (type.includes('application/json')) {
    const json = JSON.parse(body) as { route?: { id?: string | null } | null; redirect?: string }
    routeId = json.route?.id ?? null
    payloadRedirect = json.redirect ?? null
  } else if (type.includes('text/html')) {
    const state = readScripts(body).find((s) => s.attrs.id === '__STATE__')
    if (state) routeId = (JSON.parse(state.body) as { route: { id: string | null } }).route.id
  }
  return {
    status: res.status,
    location: res.headers.get('location'),
    routeId,
    payloadRedirect,
    cache: res.headers.get('x-payload-cache'),
    body,
  }
}

/**
 * Sends a raw path (kept as it arrives on the wire, `//` and `\` included) to the worker; redirects are not followed.
 */
async function send(
  pathAndQuery: string,
  init: RequestInit = {},
  fetcher: (req: Request) => Response | Promise<Response> = (req) => exports.default.fetch(req),
): Promise<Answer> {
  return readAnswer(await fetcher(new Request(ORIGIN + pathAndQuery, { redirect: 'manual', ...init })))
}

/**
 * The shared assertions: below 500, same-origin redirects (header or payload), no protected route served to a visitor.
 */
function expectSafeAnswer(answer: Answer, signedIn: boolean, what: string) {
  expect(answer.status, what).toBeLessThan(500)
  if (answer.status >= 300 && answer.status < 400) {
    expect(answer.location, what).not.toBeNull()
    expect(isSameOriginPath(answer.location!), `${what} → ${answer.location}`).toBe(true)
  }
  if (answer.payloadRedirect !== null)
    expect(isSameOriginPath(answer.payloadRedirect), `${what} → ${answer.payloadRedirect}`).toBe(true)
  if (!signedIn && answer.status === 200 && answer.routeId !== null)
    expect(PROTECTED.has(answer.routeId), `${what} served ${answer.routeId}`).toBe(false)
}

const method = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST')
const formBody = requestQuery.map((qs) => qs.slice(1))

describe('any request', () => {
  it('answers below 500 with same-origin redirects only and serves no protected page without a token', {
    timeout: TIMEOUT,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        requestPath,
        requestQuery,
        requestHeaders,
        method,
        formBody,
        fc.boolean(),
        async (path, query, headers, verb, body, sameOrigin) => {
          const init: RequestInit = { method: verb, headers }
          if (verb === 'POST') {
            headers.set('content-type', 'application/x-www-form-urlencoded')
            if (sameOrigin) headers.set('origin', ORIGIN)
            init.body = body
          }
          expectSafeAnswer(await send(path + query, init), false, `${verb} ${path}${query}`)
        },
      ),
      {
        ...runs(3000),
        examples: ATTACK_STRINGS.map((s) => [`/${s}`, `?return=${s}`, new Headers(), 'GET', '', false]),
      },
    )
  })
})

describe('guards see the path the handler serves', () => {
  const PROTECTED_PATHS = [
    '/profile',
    '/profile/company',
    '/profile/password',
    '/profile/my-services',
    '/profile/appeals',
    '/profile/appeals/3',
    '/profile/my-projects',
    '/profile/my-projects/form',
  ]
  /** A protected path as typed, encoded, doubled, trailing-slashed or re-cased, with or without its locale prefix. */
  const variantOf = (paths: readonly string[]) =>
    fc
      .tuple(
        fc.constantFrom(...paths),
        fc.constantFrom('/en', '/ru', '/uz', ''),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        fc.constantFrom('/', '/', '//', '///'),
        fc.constantFrom('', '/', '//', '/.', '/./', '/x/..', '/%2e/'),
        fc.constantFrom('', '/_payload.json'),
        fc.constantFrom('', '?page=1', '?role=investor', '?__proto__=x'),
      )
      .map(([path, prefix, caseMask, encodeMask, upper, slash, trailing, payload, query]) => {
        // The first slash stays: it separates the path from the host. Later ones may be encoded (`%2F`) like any
        // character.
        const body =
          '/' +
          percentEncodeSome(caseMask.length > 6 ? flipCase(path.slice(1), caseMask) : path.slice(1), encodeMask, upper)
        return prefix + body.replace(/\//g, slash) + trailing + payload + query
      })
  const variant = variantOf(PROTECTED_PATHS)

  /** Follows one same-origin redirect (e.g. the locale prefix) and answers what the page behind it says. */
  async function sendFollowingOnce(pathAndQuery: string, init: RequestInit): Promise<Answer[]> {
    const first = await send(pathAndQuery, init)
    if (first.status < 300 || first.status >= 400 || !first.location || !isSameOriginPath(first.location))
      return [first]
    return [first, await send(first.location, init)]
  }

  it('never serves a protected page or payload to a visitor without a token', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(variant, async (path) => {
        for (const answer of await sendFollowingOnce(path, { headers: { 'accept-language': 'en' } })) {
          expectSafeAnswer(answer, false, path)
          expect(answer.status, path).not.toBe(200)
        }
      }),
      {
        ...runs(800),
        examples: [
          ['/en/%70rofile'],
          ['/en//profile'],
          ['/en/profile/'],
          ['/en/PROFILE'],
          ['/en/profile%2Fcompany'],
          ['/%70rofile/company'],
        ],
      },
    )
  })

  let nonResident = ''
  beforeAll(async () => {
    nonResident = await signInNonResident()
  })

  it('never serves the residents-only page to a non-resident, whatever its spelling', {
    timeout: TIMEOUT,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(variantOf(['/profile/my-services']), async (path) => {
        for (const answer of await sendFollowingOnce(path, {
          headers: { cookie: tokenCookie(nonResident), 'accept-language': 'en' },
        })) {
          expect(answer.status, path).toBeLessThan(500)
          expect(answer.status === 200 && answer.routeId === 'profile-my-services', path).toBe(false)
        }
      }),
      runs(150),
    )
  })

  it('answers 403 for any reset link the gateway did not issue (docs/product.md#validation)', {
    timeout: TIMEOUT,
  }, async () => {
    const value = fc.oneof(fc.constantFrom(...ATTACK_STRINGS), fc.string({ maxLength: 16 }))
    const fields = fc.record({ time: value, token: value, email: value, uuid: value })
    await fc.assert(
      fc.asyncProperty(fields, requestQuery, async (f, noise) => {
        const url = href('reset-password', { locale: 'en', query: f }) + (noise ? `&${noise.slice(1)}` : '')
        const answer = await send(url)
        expect(answer.status, url).toBe(403)
      }),
      runs(200),
    )
  })
})

describe('payload cache key (docs/security.md#cache-keys)', () => {
  const page = href('media', { locale: 'uz', params: { id: 'publication' }, query: { page: 1 } })
  const cacheKey = payloadCacheKey('uz', mediaKeys.list('publication', 1))

  async function listKeys(): Promise<string[]> {
    return (await env.PAYLOADS.list({ prefix: 'payload:' })).keys.map((k) => k.name).sort()
  }

  it('reuses one KV entry whatever the host, forwarding headers, cookies, Accept-Language and unknown query say', {
    timeout: TIMEOUT,
  }, async () => {
    const clean = await send(payloadUrlOf(page))
    expect(clean.status).toBe(200)
    for (let i = 0; i < 100 && (await env.PAYLOADS.get(cacheKey)) === null; i++)
      await new Promise((r) => setTimeout(r, 20))
    expect(await env.PAYLOADS.get(cacheKey)).not.toBeNull()
    const before = await listKeys()
    const payloads = (JSON.parse(clean.body) as { payloads: unknown }).payloads

    const unknownQuery = requestQuery
      .map((qs) => new URLSearchParams(qs.slice(1)))
      .map((params) => {
        params.delete('page')
        return params
      })
    const noise = fc.record({
      host: fc.constantFrom(ORIGIN, 'http://evil.example', 'https://portal.test:8443', 'http://127.0.0.1:8787'),
      pageSpelling: fc.constantFrom('1', '01', '001'),
      unknown: unknownQuery,
      forwarded: fc.subarray([
        ['x-forwarded-host', 'evil.example'],
        ['x-forwarded-proto', 'https'],
        ['x-forwarded-for', '203.0.113.7'],
        ['forwarded', 'host=evil.example'],
        ['host', 'evil.example'],
        ['x-middleware-subrequest', 'middleware'],
        ['x-oversized', OVERSIZED_HEADER_VALUE],
      ] as const),
      cookie: fc.array(
        fc.oneof(
          fc.constantFrom(
            `${LOCALE_COOKIE}=ru`,
            `${LOCALE_COOKIE}=en`,
            '__proto__=x',
            'session=abc',
            `padding=${'p'.repeat(4096)}`,
          ),
          fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,8}$/),
        ),
        { maxLength: 3 },
      ),
      acceptLanguage: fc.oneof(
        fc.constantFrom('ru', 'en-GB,en;q=0.9', 'de', '*', 'ru;q=0.1, uz;q=0.9', `x;q=0.1,${'y,'.repeat(1000)}`),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      ),
    })
    await fc.assert(
      fc.asyncProperty(noise, async (n) => {
        const url = new URL(`${payloadUrlOf(page).split('?')[0]}?page=${n.pageSpelling}`, n.host)
        for (const [k, value] of n.unknown) url.searchParams.append(k, value)
        const headers = new Headers(n.forwarded.map(([k, value]) => [k, value]))
        if (n.cookie.length) headers.set('cookie', n.cookie.join('; '))
        headers.set('accept-language', n.acceptLanguage)
        const answer = await readAnswer(await exports.default.fetch(new Request(url, { headers, redirect: 'manual' })))
        expect(answer.status, url.href).toBe(200)
        expect(answer.cache, url.href).toBe('hit')
        expect((JSON.parse(answer.body) as { payloads: unknown }).payloads).toEqual(payloads)
      }),
      runs(600),
    )
    expect(await listKeys()).toEqual(before)
  })
})

describe('the pinned upstream (docs/architecture.md#gateway)', () => {
  const app = createApp()
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends every loader and proxy call to the GATEWAY binding at its internal origin, proxying exactly the checked path', {
    timeout: TIMEOUT,
  }, async () => {
    const seen: Request[] = []
    const spied = {
      ...env,
      GATEWAY: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const req = new Request(input, init)
          seen.push(req)
          return env.GATEWAY.fetch(req)
        },
      },
    } as unknown as Env
    await fc.assert(
      fc.asyncProperty(fc.oneof(requestPath, proxyPath), requestQuery, requestHeaders, async (path, query, headers) => {
        seen.length = 0
        const url = new URL(ORIGIN + path + query)
        const answer = await send(path + query, { headers }, (req) => app.fetch(req, spied, createExecutionContext()))
        expectSafeAnswer(answer, false, path + query)
        for (const req of seen) expect(new URL(req.url).origin, req.url).toBe('http://gateway.internal')
        const below = url.pathname.startsWith('/gateway/') ? canonicalPath(url.pathname, '/gateway') : null
        if (below !== null && seen.length === 1) expect(new URL(seen[0]!.url).pathname).toBe(below)
      }),
      runs(500),
    )
  })

  it('keeps a configured GATEWAY_ORIGIN and relays only same-origin upstream redirects', {
    timeout: TIMEOUT,
  }, async () => {
    const configured = { ...env, GATEWAY_ORIGIN: 'https://gateway.example' } as unknown as Env
    const LOCATIONS = [
      '',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\t\\evil.example',
      'https://evil.example/',
      '/ok/path',
      '\\\\evil.example',
      ' //evil.example',
      'javascript:alert(1)',
      '/%2F/evil.example',
    ]
    const calls: string[] = []
    let location = ''
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(input instanceof Request ? input.url : String(input))
      return new Response(JSON.stringify({ result: { code: 'not_found', description: '' }, content: null }), {
        status: 404,
        headers: location ? { 'content-type': 'application/json', location } : { 'content-type': 'application/json' },
      })
    })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(requestPath, proxyPath),
        requestQuery,
        requestHeaders,
        fc.constantFrom(...LOCATIONS),
        async (path, query, headers, upstreamLocation) => {
          calls.length = 0
          location = upstreamLocation
          const answer = await send(path + query, { headers }, (req) =>
            app.fetch(req, configured, createExecutionContext()),
          )
          for (const call of calls) expect(new URL(call).origin, call).toBe('https://gateway.example')
          if (answer.location !== null)
            expect(isSameOriginPath(answer.location), `${path}${query} → ${JSON.stringify(answer.location)}`).toBe(true)
        },
      ),
      { ...runs(400), examples: LOCATIONS.map((l) => ['/gateway/siw/public/post/1', '', new Headers(), l]) },
    )
  })
})
