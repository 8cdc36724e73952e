import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, createUser, uniqueEmail, uniqueIp } from './helpers'

const PASSWORD = 'Correct#Horse1'

async function login(email: string, password: string, role = 'investor', ip = uniqueIp(), device?: string) {
  return call('/core/auth/login', {
    body: { email, password, hash: '', role },
    ip,
    headers: device ? { 'X-Device-Token': device } : {},
  })
}

async function requestReset(email: string, role = 'investor', extra: Parameters<typeof call>[1] = {}) {
  return call('/core/auth/forgot-password', { body: { email, hash: '', role }, ...extra })
}

/** Follows the newest reset link in the dev outbox. */
async function readResetLink(email: string) {
  const { body } = await call(`/dev/outbox?email=${encodeURIComponent(email)}`)
  const link = new URL(body.content[0].links[0])
  return { link, query: Object.fromEntries(link.searchParams) as Record<string, string> }
}

describe('sign-in lock-out (device tokens)', () => {
  it('keeps the owner signing in from a device that signed in before, after 50 failures spread over 10 clients, while the attackers stay throttled', async () => {
    const user = await createUser({ password: PASSWORD })
    const first = await login(user.email, PASSWORD)
    const device = first.body.content.device as string
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const attackers = Array.from({ length: 10 }, () => uniqueIp())
    for (const ip of attackers)
      for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong#Horse1', 'investor', ip)).status).toBe(401)
    // The account's shared budget is spent: every client without the device waits, the right password included.
    expect((await login(user.email, 'Wrong#Horse2', 'investor', uniqueIp())).body.result.code).toBe('too_many_attempts')
    expect((await login(user.email, PASSWORD, 'investor', uniqueIp())).body.result.code).toBe('too_many_attempts')
    expect((await login(user.email, 'Wrong#Horse2', 'investor', attackers[0])).body.result.code).toBe(
      'too_many_attempts',
    )
    const owner = await login(user.email, PASSWORD, 'investor', uniqueIp(), device)
    expect(owner.status).toBe(200)
    expect(owner.body.content.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('keeps only the SHA-256 of a device token, and gives a known device no new one', async () => {
    const user = await createUser({ password: PASSWORD })
    const device = (await login(user.email, PASSWORD)).body.content.device as string
    const raw = await env.DB.prepare('SELECT count(*) AS n FROM trusted_devices WHERE token_hash = ?')
      .bind(device)
      .first<number>('n')
    expect(raw).toBe(0)
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM trusted_devices WHERE user_id = ?')
        .bind(user.id)
        .first<number>('n'),
    ).toBe(1)
    const again = await login(user.email, PASSWORD, 'investor', uniqueIp(), device)
    expect(again.status).toBe(200)
    expect(again.body.content.device).toBeUndefined()
  })

  it('gives a trusted device five failures of its own, then it waits like any client', async () => {
    const user = await createUser({ password: PASSWORD })
    const device = (await login(user.email, PASSWORD)).body.content.device as string
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, 'Wrong#Horse1', 'investor', uniqueIp(), device)).status).toBe(401)
    expect((await login(user.email, PASSWORD, 'investor', uniqueIp(), device)).body.result.code).toBe(
      'too_many_attempts',
    )
    // Its failures were its own: the account's other clients are not held back by them.
    expect((await login(user.email, PASSWORD, 'investor', uniqueIp())).status).toBe(200)
  })

  it('trusts a device token only for the account it signed in to', async () => {
    const owner = await createUser({ password: PASSWORD })
    const victim = await createUser({ password: PASSWORD })
    const device = (await login(owner.email, PASSWORD)).body.content.device as string
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 50, ?)')
      .bind(`login:account:${victim.email}`, Date.now())
      .run()
    expect((await login(victim.email, PASSWORD, 'investor', uniqueIp(), device)).body.result.code).toBe(
      'too_many_attempts',
    )
    expect(
      (await login(victim.email, PASSWORD, 'investor', uniqueIp(), 'forged-device-token-0123456789')).body.result.code,
    ).toBe('too_many_attempts')
  })
})

describe('POST /core/auth/login', () => {
  it('answers a token and the profile for the right email, password and role', async () => {
    const user = await createUser({ password: PASSWORD })
    const { status, body } = await login(user.email.toUpperCase(), PASSWORD)
    expect(status).toBe(200)
    expect(body.result.code).toBe('ok')
    expect(body.content.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.content.profile).toMatchObject({ email: user.email, role: 'investor', is_resident: false })
    const profile = await call('/core/profile', { token: body.content.token })
    expect(profile.body.content.email).toBe(user.email)
  })

  it('stores only the SHA-256 of the token', async () => {
    const user = await createUser({ password: PASSWORD })
    const { body } = await login(user.email, PASSWORD)
    const raw = await env.DB.prepare('SELECT count(*) AS n FROM tokens WHERE token_hash = ?')
      .bind(body.content.token)
      .first<number>('n')
    expect(raw).toBe(0)
  })

  it('answers the same user_not_found for an unknown email, a wrong password and a wrong role', async () => {
    const user = await createUser({ password: PASSWORD })
    const unknown = await login(uniqueEmail('nobody'), PASSWORD)
    const wrong = await login(user.email, 'Wrong#Horse1')
    const role = await login(user.email, PASSWORD, 'businessmen')
    for (const r of [unknown, wrong, role]) {
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ result: { code: 'user_not_found', description: 'user_not_found' }, content: null })
    }
  })

  it('names the invalid fields', async () => {
    const { status, body } = await call('/core/auth/login', { body: { email: 'not-an-email', role: 'admin' } })
    expect(status).toBe(422)
    expect(body.result.code).toBe('validation_error')
    expect(body.errors).toEqual(expect.arrayContaining(['email', 'password', 'role']))
  })

  it('rejects a body that is not a JSON object', async () => {
    for (const body of ['{not json', '[1,2]', '"text"']) {
      const r = await call('/core/auth/login', { method: 'POST', body })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual(['body'])
    }
  })

  it('locks one client out of an account for 15 minutes after 5 failed attempts, even with the right password', async () => {
    const user = await createUser({ password: PASSWORD })
    const attacker = uniqueIp()
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong#Horse1', 'investor', attacker)).status).toBe(401)
    const locked = await login(user.email, PASSWORD, 'investor', attacker)
    expect(locked.status).toBe(429)
    expect(locked.body.result.code).toBe('too_many_attempts')
    await env.DB.prepare('UPDATE rate_limits SET window_start_ms = window_start_ms - 900001 WHERE key = ?')
      .bind(`login:account-client:${user.email}:${attacker}`)
      .run()
    expect((await login(user.email, PASSWORD, 'investor', attacker)).status).toBe(200)
  })

  it('never lets five bad passwords from one client lock the owner out on another', async () => {
    const user = await createUser({ password: PASSWORD })
    const attacker = uniqueIp()
    for (let i = 0; i < 6; i++) await login(user.email, 'Wrong#Horse1', 'investor', attacker)
    expect((await login(user.email, PASSWORD, 'investor', attacker)).status).toBe(429)
    const owner = await login(user.email, PASSWORD, 'investor', uniqueIp())
    expect(owner.status).toBe(200)
    expect(owner.body.result.code).toBe('ok')
  })

  it('answers at most 5 of 50 parallel wrong passwords for one account and client with user_not_found, the rest too_many_attempts', async () => {
    const user = await createUser({ password: PASSWORD })
    const ip = uniqueIp()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login(user.email, 'Wrong#Horse1', 'investor', ip)),
    )
    const codes = answers.map((a) => a.body.result.code)
    expect(codes.filter((code) => code === 'user_not_found').length).toBeLessThanOrEqual(5)
    expect(codes.filter((code) => code === 'too_many_attempts').length).toBeGreaterThanOrEqual(45)
    expect(codes.every((code) => code === 'user_not_found' || code === 'too_many_attempts')).toBe(true)
    expect((await login(user.email, PASSWORD, 'investor', uniqueIp())).status).toBe(200)
  })

  it('caps attempts on one account from many clients together (50 per window)', async () => {
    const user = await createUser({ password: PASSWORD })
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 50, ?)')
      .bind(`login:account:${user.email}`, Date.now())
      .run()
    const blocked = await login(user.email, PASSWORD, 'investor', uniqueIp())
    expect(blocked.status).toBe(429)
    expect(blocked.body.result.code).toBe('too_many_attempts')
  })

  it('clears the client counter after a successful login', async () => {
    const user = await createUser({ password: PASSWORD })
    const ip = uniqueIp()
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong#Horse1', 'investor', ip)
    expect((await login(user.email, PASSWORD, 'investor', ip)).status).toBe(200)
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong#Horse1', 'investor', ip)
    expect((await login(user.email, PASSWORD, 'investor', ip)).status).toBe(200)
  })

  it('limits failed attempts per IP across accounts (20 per window)', async () => {
    const ip = uniqueIp()
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 19, ?)')
      .bind(`login:ip:${ip}`, Date.now())
      .run()
    expect((await login(uniqueEmail('a'), 'Wrong#Horse1', 'investor', ip)).status).toBe(401)
    const user = await createUser({ password: PASSWORD })
    const blocked = await login(user.email, PASSWORD, 'investor', ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body.result.code).toBe('too_many_attempts')
    expect((await login(user.email, PASSWORD, 'investor', uniqueIp())).status).toBe(200)
  })

  it('counts by the X-Forwarded-For address the portal sends when Cloudflare gave none', async () => {
    const ip = uniqueIp()
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 20, ?)')
      .bind(`login:ip:${ip}`, Date.now())
      .run()
    const viaPortal = await call('/core/auth/login', {
      body: { email: uniqueEmail(), password: 'x', role: 'investor' },
      ip: '',
      headers: { 'X-Forwarded-For': `${ip}, 10.0.0.1` },
    })
    expect(viaPortal.status).toBe(429)
    const direct = await call('/core/auth/login', {
      body: { email: uniqueEmail(), password: 'x', role: 'investor' },
      ip: uniqueIp(),
      headers: { 'X-Forwarded-For': ip },
    })
    expect(direct.status).toBe(401)
  })

  it('ignores unknown fields and prototype keys', async () => {
    const user = await createUser({ password: PASSWORD })
    const body = `{"email":"${user.email}","password":"${PASSWORD}","hash":"","role":"investor","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"is_admin":true}`
    const r = await call('/core/auth/login', { method: 'POST', body })
    expect(r.status).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('bearer tokens', () => {
  it('answers 401 expired_token without a token, with an unknown one and with a malformed header', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: 'Basic abc' }] as Record<
      string,
      string
    >[]) {
      const r = await call('/core/profile', { headers })
      expect(r.status).toBe(401)
      expect(r.body.result.code).toBe('expired_token')
    }
  })

  it('expires a token after its absolute lifetime', async () => {
    const user = await createUser()
    await env.DB.prepare("UPDATE tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run()
    expect((await call('/core/profile', { token: user.token })).body.result.code).toBe('expired_token')
  })

  it('expires a token left idle for 7 days and refreshes the idle clock on use', async () => {
    const user = await createUser()
    const sixDaysAgo = new Date(Date.now() - 6 * 86400_000).toISOString()
    await env.DB.prepare('UPDATE tokens SET last_used_at = ? WHERE user_id = ?').bind(sixDaysAgo, user.id).run()
    expect((await call('/core/profile', { token: user.token })).status).toBe(200)
    const touched = await env.DB.prepare('SELECT last_used_at FROM tokens WHERE user_id = ?')
      .bind(user.id)
      .first<string>('last_used_at')
    expect(Date.parse(touched!)).toBeGreaterThan(Date.now() - 60_000)
    const eightDaysAgo = new Date(Date.now() - 8 * 86400_000).toISOString()
    await env.DB.prepare('UPDATE tokens SET last_used_at = ? WHERE user_id = ?').bind(eightDaysAgo, user.id).run()
    expect((await call('/core/profile', { token: user.token })).status).toBe(401)
  })

  it('revokes the token on logout', async () => {
    const user = await createUser()
    const out = await call('/core/auth/logout', { method: 'POST', token: user.token })
    expect(out.body.result.code).toBe('ok')
    expect((await call('/core/profile', { token: user.token })).status).toBe(401)
    expect((await call('/core/auth/logout', { method: 'POST', token: user.token })).status).toBe(401)
  })
})

describe('password reset', () => {
  it('answers the same whether or not the email exists, and mails only real accounts', async () => {
    const user = await createUser({ password: PASSWORD })
    const nobody = uniqueEmail('nobody')
    const a = await requestReset(user.email)
    const b = await requestReset(nobody)
    expect(a.status).toBe(b.status)
    expect(a.body).toEqual(b.body)
    expect((await call(`/dev/outbox?email=${nobody}`)).body.content).toEqual([])
    expect((await call(`/dev/outbox?email=${user.email}`)).body.content).toHaveLength(1)
  })

  it('builds the link from PORTAL_ORIGIN and the request language, never from the Host header', async () => {
    const user = await createUser({ password: PASSWORD })
    await requestReset(user.email, 'investor', {
      lang: 'ru',
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    })
    const { link, query } = await readResetLink(user.email)
    expect(link.origin).toBe(env.PORTAL_ORIGIN)
    expect(link.pathname).toBe('/ru/auth/reset-password')
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['time', 'token', 'email', 'uuid']))
    expect(query.email).toBe(user.email)
    const stored = await env.DB.prepare('SELECT token_hash FROM reset_links WHERE uuid = ?')
      .bind(query.uuid)
      .first<string>('token_hash')
    expect(stored).not.toBe(query.token)
  })

  it('resets the password once with a live link; the link is then dead and old sessions end', async () => {
    const user = await createUser({ password: PASSWORD })
    const session = (await login(user.email, PASSWORD)).body.content.token
    await requestReset(user.email)
    const { query } = await readResetLink(user.email)
    expect((await call(`/core/auth/check-reset-link?uuid=${query.uuid}`, { method: 'POST' })).body.content).toBe(true)
    const body = { ...query, password: 'Brand#New#Pass9', password_confirmation: 'Brand#New#Pass9', hash: '' }
    const reset = await call('/core/auth/reset-password', { body })
    expect(reset.body.result.code).toBe('ok')
    // Read before signing in again: that sign-in, from a browser with no device token, is mailed as a new one.
    expect((await call(`/dev/outbox?email=${user.email}`)).body.content[0].subject).toBe(
      'Your Invest Portal password was changed',
    )
    expect((await login(user.email, PASSWORD)).status).toBe(401)
    expect((await login(user.email, 'Brand#New#Pass9')).status).toBe(200)
    expect((await call('/core/profile', { token: session })).status).toBe(401)
    expect((await call(`/core/auth/check-reset-link?uuid=${query.uuid}`, { method: 'POST' })).body.content).toBe(false)
    const again = await call('/core/auth/reset-password', {
      body: { ...body, password: 'Other#Pass99', password_confirmation: 'Other#Pass99' },
    })
    expect(again.status).toBe(400)
    expect(again.body.result.code).toBe('invalid_reset_link')
  })

  it('refuses an expired link', async () => {
    const user = await createUser({ password: PASSWORD })
    await requestReset(user.email)
    const { query } = await readResetLink(user.email)
    await env.DB.prepare('UPDATE reset_links SET expires_at = ? WHERE uuid = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), query.uuid)
      .run()
    expect((await call(`/core/auth/check-reset-link?uuid=${query.uuid}`, { method: 'POST' })).body.content).toBe(false)
    const r = await call('/core/auth/reset-password', {
      body: { ...query, password: 'Brand#New#Pass9', password_confirmation: 'Brand#New#Pass9' },
    })
    expect(r.body.result.code).toBe('invalid_reset_link')
  })

  it('issues links valid for one hour', async () => {
    const user = await createUser({ password: PASSWORD })
    await requestReset(user.email)
    const { query } = await readResetLink(user.email)
    const row = await env.DB.prepare('SELECT time, expires_at FROM reset_links WHERE uuid = ?')
      .bind(query.uuid)
      .first<{ time: string; expires_at: string }>()
    expect(Date.parse(row!.expires_at) - Number(row!.time)).toBe(3600_000)
  })

  it('refuses a link whose token, email, time or role does not match', async () => {
    const user = await createUser({ password: PASSWORD })
    await requestReset(user.email)
    const { query } = await readResetLink(user.email)
    const base = { ...query, password: 'Brand#New#Pass9', password_confirmation: 'Brand#New#Pass9' }
    for (const change of [
      { token: 'x'.repeat(43) },
      { email: uniqueEmail() },
      { time: '123' },
      { role: 'businessmen' },
    ]) {
      const r = await call('/core/auth/reset-password', { body: { ...base, ...change } })
      expect(r.body.result.code).toBe('invalid_reset_link')
    }
    expect((await call(`/core/auth/check-reset-link?uuid=${query.uuid}`, { method: 'POST' })).body.content).toBe(true)
  })

  it('supersedes an earlier link when a new one is requested', async () => {
    const user = await createUser({ password: PASSWORD })
    await requestReset(user.email)
    const first = (await readResetLink(user.email)).query
    await requestReset(user.email)
    const second = (await readResetLink(user.email)).query
    expect(second.uuid).not.toBe(first.uuid)
    expect((await call(`/core/auth/check-reset-link?uuid=${first.uuid}`, { method: 'POST' })).body.content).toBe(false)
    expect((await call(`/core/auth/check-reset-link?uuid=${second.uuid}`, { method: 'POST' })).body.content).toBe(true)
  })

  it('validates every reset field', async () => {
    const r = await call('/core/auth/reset-password', {
      body: {
        password: 'short',
        password_confirmation: 'other',
        token: '',
        email: 'x',
        time: 'soon',
        role: 'x',
        uuid: 'nope',
      },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(expect.arrayContaining(['password', 'token', 'email', 'time', 'role', 'uuid']))
    const mismatch = await call('/core/auth/reset-password', {
      body: {
        password: 'Long#Enough1',
        password_confirmation: 'Long#Enough2',
        token: 't',
        email: 'a@b.uz',
        time: '1',
        role: 'investor',
        uuid: crypto.randomUUID(),
      },
    })
    expect(mismatch.body.errors).toEqual(['password_confirmation'])
  })

  it('answers false for an unknown or malformed uuid and names a missing one', async () => {
    expect(
      (await call(`/core/auth/check-reset-link?uuid=${crypto.randomUUID()}`, { method: 'POST' })).body.content,
    ).toBe(false)
    expect((await call('/core/auth/check-reset-link?uuid=nope', { method: 'POST' })).body.content).toBe(false)
    const missing = await call('/core/auth/check-reset-link', { method: 'POST' })
    expect(missing.body.errors).toEqual(['uuid'])
  })

  it('validates the forgot-password fields', async () => {
    const r = await requestReset('nope', 'admin')
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(expect.arrayContaining(['email', 'role']))
  })

  it('caps reset mail to one account at 3 per hour without changing the answer', async () => {
    const user = await createUser({ password: PASSWORD })
    for (let i = 0; i < 4; i++) expect((await requestReset(user.email)).body.result.code).toBe('ok')
    expect((await call(`/dev/outbox?email=${user.email}`)).body.content).toHaveLength(3)
  })

  it('hides the outbox unless DEV_MODE is on', async () => {
    const r = await call('/dev/outbox?email=a@b.uz', { env: { DEV_MODE: '0' } })
    expect(r.status).toBe(404)
    expect(r.body.result.code).toBe('not_found')
  })
})
