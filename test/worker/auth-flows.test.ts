/** Account actions and route rules in workerd against the reference gateway (docs/product.md#profile-area). */
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import {
  decodeEntities,
  fetchPortal,
  ORIGIN,
  pickOneIdIdentity,
  readState,
  SSO_NONCE_COOKIE,
  setCookieFor,
  signInResident,
  tokenCookie,
} from './helpers'

const BUSINESSMAN = { email: 'business@demo.invest.example', password: 'Business#2026' }

/** A form post as a browser sends it without JavaScript: same-origin, url-encoded. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchPortal(path, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'cf-connecting-ip': '10.0.0.7',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('sign-in action', () => {
  const path = href('sign-in', { locale: 'en', query: { role: 'businessmen' } })

  it('sets the HttpOnly session cookie and redirects to the profile (303) without JavaScript', async () => {
    const res = await postForm(path, BUSINESSMAN)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/en/profile')
    const cookie = setCookieFor(res, TOKEN_COOKIE)!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('answers a script with the redirect as JSON and never with the token', async () => {
    const res = await postForm(path, BUSINESSMAN, { accept: 'application/json' })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ redirect: '/en/profile' })
    expect(text).not.toContain(
      setCookieFor(res, TOKEN_COOKIE)!
        .split(';')[0]!
        .slice(TOKEN_COOKIE.length + 1),
    )
  })

  it('re-renders the page with the auth-error dialog (401), keeping the e-mail and dropping the password', async () => {
    const res = await postForm(path, { email: BUSINESSMAN.email, password: 'wrong-password' })
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('<dialog open=""')
    expect(decodeEntities(html)).toContain('User not found or not activated.')
    expect(readState(html)).toMatchObject({ form: { values: { email: BUSINESSMAN.email }, code: 'user_not_found' } })
    expect(html).not.toContain('wrong-password')
  })

  it('names missing fields (422) before asking the gateway', async () => {
    const res = await postForm(path, { email: 'not-an-email' }, { accept: 'application/json' })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      form: {
        values: { email: 'not-an-email' },
        errors: { email: 'forms.errors.email', password: 'forms.errors.required' },
        code: null,
      },
    })
  })

  it('refuses a cross-site post', async () => {
    const res = await postForm(path, BUSINESSMAN, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
  })

  it('honours a safe return path and ignores an off-site one', async () => {
    const safe = await postForm(
      href('sign-in', { locale: 'en', query: { role: 'businessmen', return: '/en/profile/appeals' } }),
      BUSINESSMAN,
    )
    expect(safe.headers.get('location')).toBe('/en/profile/appeals')
    const evil = await postForm(
      href('sign-in', { locale: 'en', query: { role: 'businessmen', return: '//evil.example/en' } }),
      BUSINESSMAN,
    )
    expect(evil.headers.get('location')).toBe('/en/profile')
  })
})

describe('OneID route rules', () => {
  it('sends /auth/one-id to the SSO with a fresh nonce as state, and keeps only a safe return path', async () => {
    const res = await fetchPortal(
      href('one-id', { locale: 'en', query: { role: 'businessmen', state: '//evil.example' } }),
    )
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!, ORIGIN)
    expect(location.pathname).toBe('/_dev/oneid')
    expect(location.searchParams.get('response_type')).toBe('one_code')
    expect(new URL(location.searchParams.get('redirect_uri')!).searchParams.get('role')).toBe('businessmen')
    const nonce = location.searchParams.get('state')!
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const cookie = setCookieFor(res, SSO_NONCE_COOKIE)!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Secure/i)
    expect(cookie).toMatch(/Max-Age=600/i)
    expect(decodeURIComponent(cookie.split(';')[0]!.slice(SSO_NONCE_COOKIE.length + 1))).toBe(`${nonce}./en/profile`)
    const another = await fetchPortal(href('one-id', { locale: 'en', query: { role: 'businessmen' } }))
    expect(new URL(another.headers.get('location')!, ORIGIN).searchParams.get('state')).not.toBe(nonce)
  })

  it('exchanges the code on /sso once, in the browser that started the sign-in: the cookie and the return path, then the auth-error page', async () => {
    const { sso, cookie } = await pickOneIdIdentity({ state: '/en/profile/appeals' })
    expect(sso).toMatch(/^\/en\/sso\?/)

    const first = await fetchPortal(sso, { headers: { cookie } })
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe('/en/profile/appeals')
    expect(setCookieFor(first, TOKEN_COOKIE)).toMatch(/HttpOnly/i)
    expect(setCookieFor(first, SSO_NONCE_COOKIE)).toMatch(/Max-Age=0/i)

    const again = await fetchPortal(sso, { headers: { cookie } })
    expect(again.status).toBe(200)
    expect(setCookieFor(again, TOKEN_COOKIE)).toBeUndefined()
    expect(decodeEntities(await again.text())).toContain('User not found or not activated.')
  })

  it('signs nobody in on /sso without the nonce cookie (login CSRF): an attacker’s own code sent to a victim does nothing', async () => {
    const { sso } = await pickOneIdIdentity()
    const res = await fetchPortal(sso)
    expect(res.status).toBe(200)
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
    expect(decodeEntities(await res.text())).toContain('User not found or not activated.')
  })

  it('signs nobody in on /sso with another sign-in’s nonce, and spends the cookie', async () => {
    const { sso } = await pickOneIdIdentity()
    const { cookie: otherBrowsers } = await pickOneIdIdentity()
    const res = await fetchPortal(sso, { headers: { cookie: otherBrowsers } })
    expect(res.status).toBe(200)
    expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
    expect(setCookieFor(res, SSO_NONCE_COOKIE)).toMatch(/Max-Age=0/i)
  })
})

describe('appeal action', () => {
  it('creates an appeal without JavaScript and opens it', async () => {
    const token = await signInResident()
    const res = await postForm(
      href('profile-appeals', { locale: 'en', query: { new: '1' } }),
      {
        intent: 'create',
        type: '1:7',
        region_id: '1726',
        text: 'Customs clearance of solar panels takes more than three weeks.',
      },
      { cookie: tokenCookie(token) },
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/en\/profile\/appeals\/\d+\?notice=notices\.appealSent$/)
    const view = await fetchPortal(res.headers.get('location')!, { headers: { cookie: tokenCookie(token) } })
    expect(view.status).toBe(200)
    expect(decodeEntities(await view.text())).toContain('Customs clearance of solar panels')
  })

  it('names the type, region and a too-short text', async () => {
    const token = await signInResident()
    const res = await postForm(
      href('profile-appeals', { locale: 'en', query: { new: '1' } }),
      { intent: 'create', type: 'x', text: 'short' },
      { cookie: tokenCookie(token), accept: 'application/json' },
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as { form: { errors: unknown } }).form.errors).toEqual({
      type: 'forms.errors.required',
      region_id: 'forms.errors.required',
      text: 'forms.errors.textLength',
    })
  })
})

describe('vendor configuration at the edge', () => {
  const app = createApp()
  const call = (path: string, vars: Record<string, string>) =>
    app.fetch(new Request(new URL(path, ORIGIN)), { ...env, ...vars }, createExecutionContext())

  it('adds the Turnstile origin to the CSP only when a provider and site key are configured', async () => {
    const off = (await call('/en/search', {})).headers.get('content-security-policy')!
    expect(off).not.toContain('challenges.cloudflare.com')
    const on = (await call('/en/search', { BOT_PROVIDER: 'turnstile', BOT_SITE_KEY: 'site-key' })).headers.get(
      'content-security-policy',
    )!
    expect(on).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/)
    expect(on).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/)
  })

  it('embeds the bot and Firebase public config and allows the Firebase endpoints only when configured', async () => {
    const vars = {
      FIREBASE_CONFIG: JSON.stringify({ apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a' }),
      VAPID_KEY: 'vapid',
    }
    const res = await call('/en/search', vars)
    expect(res.headers.get('content-security-policy')).toMatch(
      /connect-src [^;]*https:\/\/fcmregistrations\.googleapis\.com/,
    )
    const state = readState(await res.text()) as unknown as { config: { firebase: unknown; vapidKey: string } }
    expect(state.config).toMatchObject({ firebase: { projectId: 'p' }, vapidKey: 'vapid' })
  })

  it('shows the OneID page with a retry when the SSO cannot be reached', async () => {
    const res = await call(href('one-id', { locale: 'en', query: { role: 'investor' } }), {
      GATEWAY_ORIGIN: 'http://127.0.0.1:9',
    })
    expect(res.status).toBe(200)
    const html = decodeEntities(await res.text())
    expect(html).toContain('We could not reach OneID.')
    expect(html).toContain('href="/en/auth/one-id?role=investor"')
  })

  it('serves the push service worker when push is configured, and 404 without it', async () => {
    expect((await call('/firebase-messaging-sw.js', {})).status).toBe(404)
    const res = await call('/firebase-messaging-sw.js', {
      FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-project' }),
      VAPID_KEY: 'vapid',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    // It reads pushes without the Firebase SDK: it may load its own module and fetch nothing.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; script-src 'self'; img-src 'self'")
    const body = await res.text()
    // The worker's module (its dev path under these tests): it installs the handlers itself when it loads.
    expect(body).toMatch(/^import "\/[^"]+firebase-sw[^"]*"\n$/)
  })
})
