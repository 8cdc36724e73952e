/** docs/product.md#session session and §6 guards at the edge, with real tokens from the reference gateway. */
import { beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import type { RouteId } from '../../shared/routing/routes'
import {
  fetchPortal,
  getPage,
  payloadUrlOf,
  readState,
  setCookieFor,
  signInNonResident,
  signInResident,
  tokenCookie,
} from './helpers'

const en = { locale: 'en' } as const
const PROTECTED: readonly RouteId[] = [
  'profile',
  'profile-company',
  'profile-appeals',
  'profile-my-projects',
  'profile-project-form',
  'profile-enquiries',
  'profile-account',
]

describe('without a token', () => {
  it('answers 403 Forbidden on protected profile pages', async () => {
    for (const id of PROTECTED) {
      const { status, html } = await getPage(href(id, en))
      expect(status, id).toBe(403)
      expect(html).toContain('Forbidden')
    }
    expect((await getPage(href('profile-appeals', { ...en, params: { id: '4' } }))).status).toBe(403)
  })

  it('answers 401 Unauthorized on my-services and password', async () => {
    for (const id of ['profile-my-services', 'profile-password'] as const) {
      const { status, html } = await getPage(href(id, en))
      expect(status, id).toBe(401)
      expect(html).toContain('Unauthorized')
    }
  })
})

describe('with an invalid token cookie', () => {
  it('clears the token cookie and redirects to the locale home', async () => {
    for (const locale of ['en', 'ru'] as const) {
      const res = await fetchPortal(href('profile', { locale }), {
        headers: { cookie: tokenCookie('not-a-real-token') },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(href('home', { locale }))
      expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/^token=;.*Max-Age=0/i)
    }
  })

  it('clears the session on public pages too', async () => {
    const res = await fetchPortal(href('sitemap', en), { headers: { cookie: tokenCookie('expired-or-forged') } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(href('home', en))
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/^token=;.*Max-Age=0/i)
  })

  it('tells client navigation to go home through _payload.json', async () => {
    const res = await fetchPortal(payloadUrlOf(href('profile', en)), {
      headers: { cookie: tokenCookie('not-a-real-token') },
    })
    expect(await res.json()).toMatchObject({ redirect: href('home', en) })
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/^token=;.*Max-Age=0/i)
  })
})

describe('signed in as a non-resident (email and password)', () => {
  let cookie = ''
  beforeAll(async () => {
    cookie = tokenCookie(await signInNonResident())
  })

  it('serves the profile pages with 200 and the profile in the session', async () => {
    for (const id of PROTECTED) {
      const { status, html } = await getPage(href(id, en), { cookie })
      expect(status, id).toBe(200)
      expect(readState(html).session).toMatchObject({ hasToken: true, profile: { is_resident: false } })
    }
  })

  it('serves password with 200', async () => {
    expect((await getPage(href('profile-password', en), { cookie })).status).toBe(200)
  })

  it('answers 403 on my-services', async () => {
    const { status, html } = await getPage(href('profile-my-services', en), { cookie })
    expect(status).toBe(403)
    expect(html).toContain('Forbidden')
  })

  it('answers profile pages with Cache-Control: no-store', async () => {
    for (const id of [...PROTECTED, 'profile-password', 'profile-my-services'] as const) {
      const { res } = await getPage(href(id, en), { cookie })
      expect(res.headers.get('cache-control'), id).toMatch(/\bno-store\b/)
    }
  })

  it('keeps the session cookie untouched on success', async () => {
    const { res } = await getPage(href('profile', en), { cookie })
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
  })
})

describe('signed in as a resident (OneID)', () => {
  let cookie = ''
  beforeAll(async () => {
    cookie = tokenCookie(await signInResident())
  })

  it('serves my-services with 200', async () => {
    const { status, html } = await getPage(href('profile-my-services', en), { cookie })
    expect(status).toBe(200)
    expect(readState(html).session).toMatchObject({ hasToken: true, profile: { is_resident: true } })
  })

  it('answers 403 on password', async () => {
    const { status, html } = await getPage(href('profile-password', en), { cookie })
    expect(status).toBe(403)
    expect(html).toContain('Forbidden')
  })

  it('answers the same statuses through _payload.json', async () => {
    const services = await fetchPortal(payloadUrlOf(href('profile-my-services', en)), { headers: { cookie } })
    expect(services.status).toBe(200)
    const password = await fetchPortal(payloadUrlOf(href('profile-password', en)), { headers: { cookie } })
    expect(password.status).toBe(403)
    expect(await password.json()).toMatchObject({ error: { statusCode: 403, code: 'forbidden' } })
  })
})

describe('a session cookie another host planted', () => {
  let owner = ''
  let planted = ''
  beforeAll(async () => {
    owner = await signInResident()
    // The attacker's own valid session, as a page on a sibling subdomain could set it for a parent domain.
    planted = await signInNonResident()
  })

  const emailOf = async (cookie: string) => {
    const res = await fetchPortal('/gateway/core/profile', { headers: { cookie } })
    return res.status === 200 ? ((await res.json()) as { content: { email: string } }).content.email : res.status
  }

  it('is no session without the portal’s host-bound companion: pages and the proxy treat the visitor as signed out', async () => {
    const cookie = `${TOKEN_COOKIE}=${planted}`
    expect((await getPage(href('profile', en), { cookie })).status).toBe(403)
    expect(await emailOf(cookie)).toBe(401)
    expect(readState((await getPage(href('about', en), { cookie })).html).session).toEqual({
      hasToken: false,
      profile: null,
    })
  })

  it('never wins over the portal’s own session, whichever comes first in the Cookie header', async () => {
    const ownEmail = await emailOf(tokenCookie(owner))
    expect(ownEmail).toEqual(expect.stringContaining('@'))
    expect(await emailOf(`${TOKEN_COOKIE}=${planted}; ${tokenCookie(owner)}`)).toBe(ownEmail)
    expect(await emailOf(`${tokenCookie(owner)}; ${TOKEN_COOKIE}=${planted}`)).toBe(ownEmail)
  })

  it('cannot be paired with a companion of its own: only the portal’s host sets a __Host- cookie, and it must match', async () => {
    expect(await emailOf(`${TOKEN_COOKIE}=${planted}; __Host-token_bind=not-the-hash`)).toBe(401)
  })
})

describe('the session cookies a sign-in sets', () => {
  it('are the spec’s HttpOnly `token` and a __Host- companion: Secure, Path=/, no Domain', async () => {
    const res = await fetchPortal('/gateway/core/auth/login', {
      method: 'POST',
      headers: { origin: 'http://portal.test', 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'investor@demo.invest.example',
        password: 'Investor#2026',
        hash: '',
        role: 'investor',
      }),
    })
    expect(res.status).toBe(200)
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/HttpOnly/i)
    const companion = setCookieFor(res, '__Host-token_bind')!
    expect(companion).toMatch(/HttpOnly/i)
    expect(companion).toMatch(/Secure/i)
    expect(companion).toMatch(/Path=\//i)
    expect(companion).not.toMatch(/Domain=/i)
  })
})
