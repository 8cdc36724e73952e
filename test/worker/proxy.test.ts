/**
 * The `/gateway/*` proxy (docs/architecture.md#gateway) against the real reference gateway: bearer, host pinning, CSRF,
 * limits, session cookie.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import type { AppConfig } from '../../worker/env'
import { upstreamUrl } from '../../worker/upstream/upstream'
import { DEMO_NON_RESIDENT, fetchPortal, ORIGIN, setCookieFor, signInNonResident, tokenCookie } from './helpers'

const MIB = 1024 * 1024
const CONTACTS_PAGE = '/gateway/siw/public/page/contacts'

type Envelope = { result: { code: string }; content: unknown }

const loginBody = () => {
  const { email, password, role } = DEMO_NON_RESIDENT
  return JSON.stringify({ email, password, hash: '', role })
}

/** A JSON body of exactly `size` bytes. */
function jsonOfSize(size: number): string {
  const head = '{"pad":"'
  return `${head + 'x'.repeat(size - head.length - 2)}"}`
}

/** A request body with no Content-Length: the bytes arrive as a stream of chunks. */
function chunkedBody(total: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close()
      const n = Math.min(chunk, total - sent)
      controller.enqueue(new Uint8Array(n).fill(0x20))
      sent += n
    },
  })
}

describe('bearer injection', () => {
  let token = ''
  beforeAll(async () => {
    token = await signInNonResident()
  })

  it('adds the bearer from the token cookie to a protected call', async () => {
    const res = await fetchPortal('/gateway/core/profile', { headers: { cookie: tokenCookie(token) } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { content: { email: string } }).content.email).toBe(DEMO_NON_RESIDENT.email)
  })

  it('sends no bearer without a token cookie', async () => {
    const res = await fetchPortal('/gateway/core/profile')
    expect(res.status).toBe(401)
    expect(((await res.json()) as Envelope).result.code).toBe('expired_token')
  })

  it('never adds the bearer when the query contains public', async () => {
    const res = await fetchPortal('/gateway/core/profile?public=1', { headers: { cookie: tokenCookie(token) } })
    expect(res.status).toBe(401)
  })

  it('serves public content whatever the token cookie holds', async () => {
    for (const cookie of [tokenCookie(token), tokenCookie('forged-token'), '']) {
      const res = await fetchPortal(CONTACTS_PAGE, { headers: cookie ? { cookie } : {} })
      expect(res.status, cookie).toBe(200)
    }
  })

  it('never forwards a client’s own Authorization header: the bearer comes from the token cookie alone', async () => {
    const forgedHeader = await fetchPortal('/gateway/core/profile', {
      headers: { cookie: tokenCookie(token), authorization: 'Bearer forged-token' },
    })
    expect(forgedHeader.status).toBe(200)
    expect(((await forgedHeader.json()) as { content: { email: string } }).content.email).toBe(DEMO_NON_RESIDENT.email)
    const headerOnly = await fetchPortal('/gateway/core/profile', { headers: { authorization: `Bearer ${token}` } })
    expect(headerOnly.status).toBe(401)
    const forgedCookie = await fetchPortal('/gateway/core/profile', {
      headers: { cookie: tokenCookie('forged-token'), authorization: `Bearer ${token}` },
    })
    expect(forgedCookie.status).toBe(401)
  })
})

describe('host pinning', () => {
  const ATTACKS = [
    '/gateway//evil.example/siw/public/page/contacts',
    '/gateway/@evil.example/siw/public/page/contacts',
    '/gateway/siw@evil.example/public/page/contacts',
    '/gateway/%2F%2Fevil.example/siw/public/page/contacts',
    '/gateway/siw%2fpublic/page/contacts',
    '/gateway/siw/public/%5cevil.example',
    '/gateway/siw/public/..%2f..%2fevil',
    '/gateway/siw/public/%2e%2e%2fdev%2fseed',
    '/gateway/siw/%40evil.example/page/contacts',
  ]

  it('answers 400 bad_request for separator and authority smuggling', async () => {
    for (const path of ATTACKS) {
      const res = await fetchPortal(path)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as Envelope).result.code, path).toBe('bad_request')
    }
  })

  it('answers 400 for a backslash that the URL parser keeps as a double slash', async () => {
    const res = await fetchPortal(`${ORIGIN}/gateway/\\evil.example/siw/public/page/contacts`)
    expect(res.status).toBe(400)
  })

  it('never lets a dot segment climb out of /gateway', async () => {
    // The URL parser resolves `..` and `%2e%2e` before the worker sees them, so they can only land on portal pages.
    for (const path of ['/gateway/../dev/seed', '/gateway/%2e%2e/dev/seed', '/gateway/.%2E/dev/seed']) {
      const res = await fetchPortal(path, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
      })
      expect(res.status, path).not.toBe(200)
    }
  })

  it('ignores the request host of an absolute-form target', async () => {
    const res = await fetchPortal(`http://evil.example${CONTACTS_PAGE}`, {
      headers: { 'x-forwarded-host': 'evil.example' },
    })
    expect(res.status).toBe(200)
  })

  it('maps every attack input onto the configured upstream origin', () => {
    const config = { gatewayOrigin: 'https://gateway.example' } as AppConfig
    for (const input of [
      '//evil.example/x',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      '@evil.example/x',
      '/x@evil.example:8080/y',
      'http://evil.example/x',
    ]) {
      const target = new URL(upstreamUrl(config, input))
      expect(target.origin, input).toBe('https://gateway.example')
    }
  })
})

describe('CSRF on state-changing calls', () => {
  const post = (headers: Record<string, string>) =>
    fetchPortal('/gateway/core/auth/login', { method: 'POST', headers, body: loginBody() })

  it('refuses a cross-site Origin with 403 csrf_forbidden', async () => {
    const res = await post({ origin: 'https://evil.example', 'content-type': 'application/json' })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ result: { code: 'csrf_forbidden' }, content: null })
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
  })

  it('refuses a cross-site Sec-Fetch-Site without Origin', async () => {
    const res = await post({ 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' })
    expect(res.status).toBe(403)
  })

  it('refuses a same-origin write without a JSON type or X-Requested-With (a plain form post)', async () => {
    const bare = await fetchPortal('/gateway/core/auth/login', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new Blob([loginBody()]),
    })
    expect(bare.status).toBe(403)
    expect(((await bare.json()) as Envelope).result.code).toBe('csrf_forbidden')
    const form = await post({ origin: ORIGIN, 'content-type': 'text/plain' })
    expect(form.status).toBe(403)
  })

  it('accepts an odd-case JSON content type with a charset', async () => {
    const res = await post({ origin: ORIGIN, 'content-type': 'Application/JSON; charset=utf-8' })
    expect(res.status).toBe(200)
  })

  it('accepts Sec-Fetch-Site: same-origin without Origin', async () => {
    const res = await post({ 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' })
    expect(res.status).toBe(200)
  })

  it('decides an opaque Origin (null, sent by pages with no-referrer) by Sec-Fetch-Site: ours passes, a cross-site page’s does not', async () => {
    expect(
      (await post({ origin: 'null', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' })).status,
    ).toBe(200)
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await post({ origin: 'null', 'sec-fetch-site': site, 'content-type': 'application/json' })
      expect(res.status, site).toBe(403)
    }
    expect((await post({ origin: 'null', 'content-type': 'application/json' })).status).toBe(403)
  })

  it('accepts X-Requested-With: invest-portal in place of the JSON type', async () => {
    const res = await post({ origin: ORIGIN, 'content-type': 'text/plain', 'x-requested-with': 'invest-portal' })
    expect(res.status).not.toBe(403)
  })

  it('lets safe methods through without Origin', async () => {
    expect((await fetchPortal(CONTACTS_PAGE, { headers: { origin: 'https://evil.example' } })).status).toBe(200)
  })
})

describe('body limits', () => {
  const headers = { origin: ORIGIN, 'content-type': 'application/json' }

  it('answers 413 payload_too_large for a JSON body over 1 MiB with Content-Length', async () => {
    const res = await fetchPortal('/gateway/core/auth/login', { method: 'POST', headers, body: jsonOfSize(MIB + 1) })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ result: { code: 'payload_too_large' }, content: null })
  })

  it('passes a body of exactly 1 MiB on to the gateway', async () => {
    const res = await fetchPortal('/gateway/core/auth/login', { method: 'POST', headers, body: jsonOfSize(MIB) })
    expect(res.status).not.toBe(413)
    expect(((await res.json()) as Envelope).result.code).not.toBe('payload_too_large')
  })

  it('answers 413 for a chunked body over the limit', async () => {
    const body = chunkedBody(MIB + 64 * 1024)
    const res = await fetchPortal('/gateway/core/auth/login', {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.headers.get('content-length')).not.toBe(String(MIB))
    expect(res.status).toBe(413)
    expect(((await res.json()) as Envelope).result.code).toBe('payload_too_large')
  })

  it('allows larger bodies on the event-application upload path', async () => {
    const body = chunkedBody(2 * MIB)
    const res = await fetchPortal('/gateway/document/public/event-application', {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
        'x-requested-with': 'invest-portal',
      },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).not.toBe(413)
  })
})

describe('session cookie on sign-in', () => {
  it('sets an HttpOnly SameSite=Lax token cookie and keeps the token out of the body', async () => {
    const res = await fetchPortal('/gateway/core/auth/login', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: loginBody(),
    })
    expect(res.status).toBe(200)
    const line = setCookieFor(res, TOKEN_COOKIE)
    expect(line).toMatch(/^token=[^;]+;/)
    expect(line).toMatch(/;\s*HttpOnly/i)
    expect(line).toMatch(/;\s*SameSite=Lax/i)
    expect(line).toMatch(/;\s*Path=\//i)
    // portal.test is not a loopback host, so the cookie is Secure.
    expect(line).toMatch(/;\s*Secure/i)
    const token = line!.slice(TOKEN_COOKIE.length + 1).split(';')[0]!
    const text = await res.text()
    expect(text).not.toContain(token)
    expect(JSON.parse(text)).not.toHaveProperty('content.token')
  })

  it('omits Secure on plain-http localhost', async () => {
    const res = await fetchPortal('http://localhost/gateway/core/auth/login', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: loginBody(),
    })
    expect(res.status).toBe(200)
    expect(setCookieFor(res, TOKEN_COOKIE)).not.toMatch(/;\s*Secure/i)
  })

  it('passes no other Set-Cookie through from the gateway', async () => {
    const res = await fetchPortal(CONTACTS_PAGE, { headers: { cookie: 'token=abc; other=1' } })
    expect(res.headers.getSetCookie()).toEqual([])
  })
})
