/**
 * Sign-in lock-out through the portal (docs/security.md#sign-in-throttling): a browser that signed in before keeps a
 * sign-in budget of its own through its HttpOnly device cookie, so failures spread over many clients cannot keep the
 * owner out, while the attackers stay throttled. Against the real reference gateway, through the proxy (pages with
 * JavaScript) and the sign-in form's action (without).
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { DEMO_NON_RESIDENT, fetchPortal, ORIGIN, SAME_ORIGIN_JSON, setCookieFor } from './helpers'

/** The device cookie's name on this (non-loopback) test origin. */
const DEVICE_COOKIE = '__Host-device'
/** The new accounts share the demo investor's password hash, so they sign in with its password. */
const PASSWORD = DEMO_NON_RESIDENT.password

function signInThroughProxy(email: string, password: string, ip: string, cookie = '') {
  return fetchPortal('/gateway/core/auth/login', {
    method: 'POST',
    headers: { ...SAME_ORIGIN_JSON, 'cf-connecting-ip': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password, hash: '', role: 'investor' }),
  })
}

function signInWithForm(email: string, password: string, ip: string, cookie = '') {
  return fetchPortal(href('sign-in', { locale: 'en', query: { role: 'investor' } }), {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'cf-connecting-ip': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ email, password }).toString(),
  })
}

const cookieValue = (line: string | undefined) => line?.split(';')[0] ?? ''
const ip = (n: number) => `198.51.100.${n}`

/** A fresh non-resident investor with a password (the demo investor's hash), straight in the gateway's database. */
async function createOwner(label: string): Promise<string> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@lockout.example`
  const now = new Date().toISOString()
  const user = await env.GATEWAY_DB.prepare(
    `INSERT INTO users (email, role, is_resident, password_hash, created_at, updated_at)
     SELECT ?, 'investor', 0, password_hash, ?, ? FROM users WHERE email = ? RETURNING id`,
  )
    .bind(email, now, now, DEMO_NON_RESIDENT.email)
    .first<{ id: number }>()
  await env.GATEWAY_DB.prepare(`INSERT INTO profiles (user_id, name, surname, email) VALUES (?, 'Ada', 'Owner', ?)`)
    .bind(user!.id, email)
    .run()
  return email
}

/** Ten clients, five wrong passwords each: the account's shared budget of 50 is spent. */
async function spreadFailures(email: string): Promise<void> {
  for (let client = 1; client <= 10; client++) {
    for (let i = 0; i < 5; i++) expect((await signInThroughProxy(email, 'Wrong#Guess1', ip(client))).status).toBe(401)
  }
}

describe('a browser that signed in before', () => {
  let email = ''
  let deviceCookie = ''
  beforeAll(async () => {
    email = await createOwner('owner')
    const first = await signInThroughProxy(email, PASSWORD, ip(200))
    expect(first.status).toBe(200)
    const line = setCookieFor(first, DEVICE_COOKIE)
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/Secure/i)
    expect(line).toMatch(/SameSite=Lax/i)
    deviceCookie = cookieValue(line)
    // The page never sees the device token, as it never sees the session token.
    const body = (await first.json()) as { content: Record<string, unknown> }
    expect(body.content).not.toHaveProperty('device')
    expect(body.content).not.toHaveProperty('token')
    await spreadFailures(email)
  })

  it('still signs in after 50 failures spread over 10 clients, through the proxy and the form, while the attackers stay throttled', async () => {
    for (const client of [1, 10, 11]) {
      const attacker = await signInThroughProxy(email, PASSWORD, ip(client))
      expect(attacker.status, `client ${client}`).toBe(429)
      expect(setCookieFor(attacker, TOKEN_COOKIE)).toBeUndefined()
    }
    const withoutJs = await signInWithForm(email, PASSWORD, ip(12))
    expect(withoutJs.status).toBe(429)

    const owner = await signInThroughProxy(email, PASSWORD, ip(201), deviceCookie)
    expect(owner.status).toBe(200)
    expect(cookieValue(setCookieFor(owner, TOKEN_COOKIE))).not.toBe('')
    const ownerWithoutJs = await signInWithForm(email, PASSWORD, ip(202), deviceCookie)
    expect(ownerWithoutJs.status).toBe(303)
    expect(cookieValue(setCookieFor(ownerWithoutJs, TOKEN_COOKIE))).not.toBe('')
  })

  it('is the only one the device cookie helps: another account’s cookie does not lift that account’s limit', async () => {
    const other = await createOwner('other')
    await spreadFailures(other)
    expect((await signInThroughProxy(other, PASSWORD, ip(203), deviceCookie)).status).toBe(429)
  })
})

describe('the no-JavaScript sign-in', () => {
  it('keeps the device token in the same HttpOnly cookie', async () => {
    const email = await createOwner('form')
    const res = await signInWithForm(email, PASSWORD, ip(150))
    expect(res.status).toBe(303)
    expect(setCookieFor(res, DEVICE_COOKIE)).toMatch(/HttpOnly/i)
  })
})
