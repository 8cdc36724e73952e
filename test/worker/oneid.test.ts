/**
 * A real OneID sign-in through the portal edge: `/auth/one-id` → OneID → `/sso` → `POST /core/auth`, with the
 * portal's second reference gateway (`GATEWAY_ONEID`, vitest.config.ts) configured for OneID as a deployment is and
 * reaching a OneID stand-in at the network boundary (`test/oneid-stand-in.ts`). A good code signs the resident in;
 * a replayed, expired or foreign code, an error from OneID's token endpoint and a timeout each end on the translated
 * auth-error page with no session (docs/security.md#sso-nonce keeps its checks).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, inject, it, vi } from 'vitest'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import uz from '../../locales/uz.json'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { decodeEntities, ORIGIN, SSO_NONCE_COOKIE, setCookieFor } from './helpers'

const app = createApp()
const MESSAGES = { en, ru, uz } as const
type Locale = keyof typeof MESSAGES

/** The portal with the OneID-configured gateway as its upstream. */
async function portal(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }),
    { ...env, GATEWAY: env.GATEWAY_ONEID } as Env,
    ctx,
  )
  const body = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, body }
}

type Behaviour = { expired?: boolean; client_id?: string; redirect_uri?: string; token_status?: number; hang?: boolean }

/** Registers at OneID a code for a new person (a fresh PINFL) and how OneID treats it. */
async function oneIdCode(behaviour: Behaviour = {}) {
  const pin = `4${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
  const code = crypto.randomUUID()
  const person = { pin, first_name: 'Gulnora', sur_name: 'Saidova' }
  const res = await fetch(`${inject('oneidStandIn').origin}/__control/codes`, {
    method: 'PUT',
    body: JSON.stringify({ code, person, ...behaviour }),
  })
  expect(res.ok).toBe(true)
  return { code, pin }
}

/**
 * Starts a sign-in as a browser would, and answers the `/sso` path OneID would send it back to with `code`, and the
 * nonce cookie the browser holds.
 */
async function signInWith(code: string, locale: Locale = 'en', role: 'investor' | 'businessmen' = 'investor') {
  const start = await portal(href('one-id', { locale, query: { role, state: href('profile-appeals', { locale }) } }))
  expect(start.res.status).toBe(302)
  const authorize = new URL(start.res.headers.get('location')!)
  expect(authorize.origin + authorize.pathname).toBe('https://sso.oneid.test/sso/oauth/Authorization.do')
  expect(authorize.searchParams.get('response_type')).toBe('one_code')
  expect(authorize.searchParams.get('client_id')).toBe(inject('oneidStandIn').client.id)
  const back = new URL(authorize.searchParams.get('redirect_uri')!)
  back.searchParams.set('code', code)
  back.searchParams.set('state', authorize.searchParams.get('state')!)
  const cookie = setCookieFor(start.res, SSO_NONCE_COOKIE)!.split(';')[0]!
  return portal(back.pathname + back.search, { headers: { cookie } })
}

type Failure = 'user_not_found' | 'sso_unavailable' | 'no_legal_entity'

/** The page is the auth-error dialog in `locale` saying why (`failure`), and no session was set. */
function expectAuthError(
  { res, body }: { res: Response; body: string },
  locale: Locale,
  failure: Failure = 'user_not_found',
) {
  expect(res.status).toBe(200)
  expect(setCookieFor(res, TOKEN_COOKIE)).toBeUndefined()
  const text = decodeEntities(body)
  expect(text).toContain(`<html lang="${locale}"`)
  expect(text).toContain(MESSAGES[locale].auth.sso.failedTitle)
  expect(text).toContain(MESSAGES[locale].messages.error[failure])
}

describe('a OneID sign-in through the portal', () => {
  it('signs a resident in with a good code: the session cookie, the return path and the profile OneID’s person made', async () => {
    const { code, pin } = await oneIdCode()
    const { res } = await signInWith(code, 'ru')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(href('profile-appeals', { locale: 'ru' }))
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/HttpOnly/i)
    const account = await env.GATEWAY_DB.prepare(
      'SELECT u.role, u.is_resident, p.name, p.surname FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.pin = ?',
    )
      .bind(pin)
      .first()
    expect(account).toEqual({ role: 'investor', is_resident: 1, name: 'Gulnora', surname: 'Saidova' })
  })

  it.each([
    ['a replayed code', {}, 'uz'],
    ['an expired code', { expired: true }, 'ru'],
    ['a code issued to another client', { client_id: 'someone-else' }, 'en'],
    [
      'a code issued for another return address',
      { redirect_uri: 'https://elsewhere.example/en/sso?role=investor' },
      'en',
    ],
  ] as const)('ends %s on the translated auth-error page with no session', async (name, behaviour, locale) => {
    const { code } = await oneIdCode(behaviour)
    if (name === 'a replayed code') expect((await signInWith(code, locale)).res.status).toBe(302)
    expectAuthError(await signInWith(code, locale), locale)
  })

  it('ends an error from OneID’s token endpoint and a OneID that does not answer in time on the auth-error page, which says OneID is unavailable', async () => {
    // The gateway logs why in its own worker; nothing of it reaches the page.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expectAuthError(await signInWith((await oneIdCode({ token_status: 500 })).code, 'ru'), 'ru', 'sso_unavailable')
    expectAuthError(await signInWith((await oneIdCode({ hang: true })).code, 'uz'), 'uz', 'sso_unavailable')
  })

  it('tells a businessman whom OneID lists with no company why they cannot sign in, and opens no account', async () => {
    const { code, pin } = await oneIdCode()
    expectAuthError(await signInWith(code, 'ru', 'businessmen'), 'ru', 'no_legal_entity')
    expect(await env.GATEWAY_DB.prepare('SELECT 1 FROM users WHERE pin = ?').bind(pin).first()).toBeNull()
  })

  it('keeps the nonce check: a good code without the browser’s nonce signs nobody in and is not spent', async () => {
    const { code, pin } = await oneIdCode()
    const sso = href('sso', { locale: 'en', query: { code, role: 'investor', state: 'made-up-nonce' } })
    expectAuthError(await portal(sso), 'en')
    expect(await env.GATEWAY_DB.prepare('SELECT 1 FROM users WHERE pin = ?').bind(pin).first()).toBeNull()
    // The code is still good for the browser that started the sign-in.
    expect((await signInWith(code)).res.status).toBe(302)
  })
})
