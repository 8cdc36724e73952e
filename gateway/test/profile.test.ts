import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createUser, ensureSeeded } from './helpers'

beforeAll(ensureSeeded)

async function loginDemo(email: string, password: string, role: string, lang = 'en') {
  const r = await call('/core/auth/login', { body: { email, password, hash: '', role }, lang })
  return r.body.content as { token: string; profile: Record<string, any> }
}

describe('GET /core/profile', () => {
  it('answers the investor profile with exactly the fields of docs/gateway-contract.md', async () => {
    const { token } = await loginDemo('investor@demo.invest.example', 'Investor#2026', 'investor')
    const { body } = await call('/core/profile', { token })
    expect(Object.keys(body.content).sort()).toEqual(['email', 'investor', 'is_resident', 'role'])
    expect(Object.keys(body.content.investor).sort()).toEqual(
      [
        'id',
        'name',
        'surname',
        'email',
        'phone',
        'pin',
        'country',
        'website',
        'position',
        'company_name',
        'contact_person',
        'region',
        'source',
        'comments',
        'is_resident',
      ].sort(),
    )
    expect(body.content.investor).toMatchObject({
      name: 'Lukas',
      company_name: 'Brenner Solar Capital GmbH',
      region: { id: 1726, region: 'Tashkent city', code: '1726' },
      country: { code: 'DE', country: 'Germany' },
      is_resident: false,
    })
  })

  it('answers the businessmen profile with its company fields, localised by Accept-Language', async () => {
    const { token } = await loginDemo('business@demo.invest.example', 'Business#2026', 'businessmen')
    const { body } = await call('/core/profile', { token, lang: 'ru' })
    expect(body.content.role).toBe('businessmen')
    expect(Object.keys(body.content.businessmen).sort()).toEqual(
      [
        'id',
        'company_name',
        'tin',
        'website',
        'legal_address',
        'name',
        'surname',
        'email',
        'phone',
        'pin',
        'region',
        'is_resident',
      ].sort(),
    )
    expect(body.content.businessmen).toMatchObject({ tin: '309572184', region: { region: 'город Ташкент' } })
    const uz = await call('/core/profile', { token, lang: 'uz' })
    expect(uz.body.content.businessmen.region.region).toBe('Toshkent shahri')
  })
})

describe('PATCH /core/profile/change-password', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    call('/core/profile/change-password', { method: 'PATCH', token, body })

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser({ password: 'Old#Password1' })
    const other = (
      await call('/core/auth/login', { body: { email: user.email, password: 'Old#Password1', role: 'investor' } })
    ).body.content.token
    const r = await change(user.token, {
      old_password: 'Old#Password1',
      new_password: 'New#Password2',
      password_confirmation: 'New#Password2',
      hash: '',
    })
    expect(r.body.result.code).toBe('ok')
    // Read before signing in again: that sign-in, from a browser with no device token, is mailed as a new one.
    expect((await call(`/dev/outbox?email=${user.email}`)).body.content[0].subject).toBe(
      'Your Invest Portal password was changed',
    )
    expect((await call('/core/profile', { token: user.token })).status).toBe(200)
    expect((await call('/core/profile', { token: other })).status).toBe(401)
    const login = (password: string) =>
      call('/core/auth/login', { body: { email: user.email, password, role: 'investor' } })
    expect((await login('Old#Password1')).status).toBe(401)
    expect((await login('New#Password2')).status).toBe(200)
  })

  it('names a wrong old password, a short new one and a mismatched confirmation', async () => {
    const user = await createUser({ password: 'Old#Password1' })
    expect(
      (
        await change(user.token, {
          old_password: 'Nope#1234',
          new_password: 'New#Password2',
          password_confirmation: 'New#Password2',
        })
      ).body.errors,
    ).toEqual(['old_password'])
    expect(
      (
        await change(user.token, {
          old_password: 'Old#Password1',
          new_password: 'short',
          password_confirmation: 'short',
        })
      ).body.errors,
    ).toEqual(['new_password'])
    expect(
      (
        await change(user.token, {
          old_password: 'Old#Password1',
          new_password: 'New#Password2',
          password_confirmation: 'New#Password3',
        })
      ).body.errors,
    ).toEqual(['password_confirmation'])
    expect((await change(user.token, {})).body.errors).toEqual(
      expect.arrayContaining(['old_password', 'new_password', 'password_confirmation']),
    )
  })

  it('rate-limits wrong old passwords, 5 per window, counted before they are checked', async () => {
    const user = await createUser({ password: 'Old#Password1' })
    for (let i = 0; i < 5; i++)
      await change(user.token, {
        old_password: 'Nope#1234',
        new_password: 'New#Password2',
        password_confirmation: 'New#Password2',
      })
    const r = await change(user.token, {
      old_password: 'Old#Password1',
      new_password: 'New#Password2',
      password_confirmation: 'New#Password2',
    })
    expect(r.status).toBe(429)
    expect(r.body.result.code).toBe('too_many_attempts')
  })

  it('is forbidden for residents, who have no password', async () => {
    const user = await createUser({ isResident: true, pin: '12345678901234' })
    const r = await change(user.token, {
      old_password: 'x',
      new_password: 'New#Password2',
      password_confirmation: 'New#Password2',
    })
    expect(r.status).toBe(403)
    expect(r.body.result.code).toBe('forbidden')
  })

  it('needs a bearer token', async () => {
    expect((await call('/core/profile/change-password', { method: 'PATCH', body: {} })).body.result.code).toBe(
      'expired_token',
    )
  })
})

describe('POST /core/profile/fcm-token', () => {
  const ownerOf = (token: string) =>
    env.DB.prepare('SELECT user_id FROM fcm_tokens WHERE token = ?').bind(token).first<number>('user_id')
  const register = (token: string, bearer: string) =>
    call(`/core/profile/fcm-token?fcm_token=${token}`, { method: 'POST', token: bearer })

  it('stores the push token for the user', async () => {
    const a = await createUser()
    const token = `fcm:${crypto.randomUUID()}`
    expect((await register(token, a.token)).body.result.code).toBe('ok')
    expect(await ownerOf(token)).toBe(a.id)
  })

  it('never moves a token another user registered from a live session: 409 push_token_taken, and it stays theirs', async () => {
    const a = await createUser()
    const b = await createUser()
    const token = `fcm:${crypto.randomUUID()}`
    await register(token, a.token)
    const taken = await register(token, b.token)
    expect(taken.status).toBe(409)
    expect(taken.body.result.code).toBe('push_token_taken')
    expect(await ownerOf(token)).toBe(a.id)
    // The device proves itself by subscribing anew: its fresh token is B's.
    const fresh = `fcm:${crypto.randomUUID()}`
    expect((await register(fresh, b.token)).status).toBe(200)
    expect(await ownerOf(fresh)).toBe(b.id)
  })

  it('lets the next user of a device take its token once the session that registered it signed out', async () => {
    const a = await createUser()
    const b = await createUser()
    const token = `fcm:${crypto.randomUUID()}`
    await register(token, a.token)
    await call('/core/auth/logout', { method: 'POST', token: a.token })
    expect((await register(token, b.token)).status).toBe(200)
    expect(await ownerOf(token)).toBe(b.id)
  })

  it('names a missing or malformed token', async () => {
    const a = await createUser()
    expect((await call('/core/profile/fcm-token', { method: 'POST', token: a.token })).body.errors).toEqual([
      'fcm_token',
    ])
    expect(
      (await call('/core/profile/fcm-token?fcm_token=%3Cx%3E', { method: 'POST', token: a.token })).body.errors,
    ).toEqual(['fcm_token'])
  })
})

describe('DELETE /core/profile/fcm-token', () => {
  const ownerOf = (token: string) =>
    env.DB.prepare('SELECT user_id FROM fcm_tokens WHERE token = ?').bind(token).first<number>('user_id')
  const register = (token: string, bearer: string) =>
    call(`/core/profile/fcm-token?fcm_token=${token}`, { method: 'POST', token: bearer })

  it('forgets the token this user names, and never another user’s', async () => {
    const a = await createUser()
    const b = await createUser()
    const mine = `fcm:${crypto.randomUUID()}`
    const theirs = `fcm:${crypto.randomUUID()}`
    await register(mine, a.token)
    await register(theirs, b.token)
    const forgotten = await call(`/core/profile/fcm-token?fcm_token=${theirs}`, { method: 'DELETE', token: a.token })
    expect(forgotten.body.content).toEqual({ forgotten: 0 })
    expect(await ownerOf(theirs)).toBe(b.id)
    const own = await call(`/core/profile/fcm-token?fcm_token=${mine}`, { method: 'DELETE', token: a.token })
    expect(own.body.content).toEqual({ forgotten: 1 })
    expect(await ownerOf(mine)).toBeNull()
  })

  it('forgets every device this session registered when no token is named', async () => {
    const a = await createUser()
    const tokens = [`fcm:${crypto.randomUUID()}`, `fcm:${crypto.randomUUID()}`]
    for (const t of tokens) await register(t, a.token)
    const r = await call('/core/profile/fcm-token', { method: 'DELETE', token: a.token })
    expect(r.body.content).toEqual({ forgotten: 2 })
    for (const t of tokens) expect(await ownerOf(t)).toBeNull()
  })
})
