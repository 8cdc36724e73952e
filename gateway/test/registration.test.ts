import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from '../src/areas/profile/accounts'
import { accessAssertion, accessEnv } from './access-helpers'
import { call, moderate, uniqueEmail, uniqueIp } from './helpers'

const HOUR = 3600_000
const OPERATOR = 'moderator@agency.example'

const investor = (email: string) => ({
  company_name: 'Nordic Agri Fund AB',
  website: 'nordic-agri.example',
  email,
  phone: '+46 70 123 45 67',
  position: 'Investment manager',
  name: 'Erik',
  surname: 'Lund',
  country_id: 156,
  source: 'linkedin',
  source_variant: 'A post by the agency',
  comments: 'Greenhouse projects.',
  is_resident: false,
  hash: '',
})

const business = (email: string) => ({
  company_name: 'Nordsee Textil GmbH',
  legal_address: 'Hamburg, Hafenstrasse 12',
  website: '',
  name: 'Akmal',
  surname: 'Sharipov',
  email,
  phone: '4915112345678',
  source: 'telegram',
  source_variant: '',
  comments: '',
  is_resident: false,
  hash: '',
})

/** Sends an application in `lang` and answers the id moderators and operators name it by. */
async function apply(form: 'investor' | 'business', body: Record<string, unknown>, lang = 'en'): Promise<number> {
  const r = await call(`/siw/public/${form}-registration`, { body, lang })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  const row = await env.DB.prepare('SELECT id FROM registrations WHERE kind = ? AND application_id = ?')
    .bind(form, r.body.content.id)
    .first<{ id: number }>()
  return row!.id
}

const outbox = async (email: string) =>
  (await call(`/dev/outbox?email=${encodeURIComponent(email)}`)).body.content as {
    subject: string
    text: string
    links: string[]
  }[]

const registration = (id: number) =>
  env.DB.prepare('SELECT state, reason, decided_at, user_id FROM registrations WHERE id = ?').bind(id).first<{
    state: string
    reason: string | null
    decided_at: string | null
    user_id: number | null
  }>()

const accountsWith = async (email: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())!.n

/** A valid Access token of an operator (a moderator of the table), signed by the stand-in issuer. */
let operatorAssertion = ''
beforeAll(async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO operators (email, name, role, created_at) VALUES (?, 'Test moderator', 'moderator', ?)",
  )
    .bind(OPERATOR, new Date().toISOString())
    .run()
  operatorAssertion = await accessAssertion({ email: OPERATOR })
})

/** Calls an operator route behind Access with the operator's token. */
function operator(path: string, options: { body?: unknown; method?: string } = {}) {
  return call(`/core/operator/registrations${path}`, {
    method: options.method ?? 'POST',
    body: options.body,
    headers: { 'Cf-Access-Jwt-Assertion': operatorAssertion },
    env: accessEnv(),
  })
}

/** The audit rows of a registration, oldest first. */
const auditOf = async (id: number) =>
  (
    await env.DB.prepare(
      `SELECT a.action, a.before, a.after, o.email FROM audit_log a JOIN operators o ON o.id = a.operator_id
       WHERE a.target_kind = 'registration' AND a.target_id = ? ORDER BY a.id`,
    )
      .bind(id)
      .all<{ action: string; before: string; after: string; email: string }>()
  ).results.map((r) => ({ ...r, before: JSON.parse(r.before), after: JSON.parse(r.after) }))

describe('approving a registration', () => {
  it('creates the non-resident investor account once, with the application’s fields; approving again is 409', async () => {
    const email = uniqueEmail('approve')
    const id = await apply('investor', investor(email))
    const first = await moderate({ kind: 'registration', id, action: 'approve' })
    expect(first.body.content).toEqual({ id, state: 'approved', user_id: expect.any(Number) })
    const again = await moderate({ kind: 'registration', id, action: 'approve' })
    expect(again.status).toBe(409)
    expect(again.body.result.code).toBe('invalid_state')
    expect(await accountsWith(email)).toBe(1)
    expect(await registration(id)).toMatchObject({
      state: 'approved',
      reason: null,
      decided_at: expect.any(String),
      user_id: first.body.content.user_id,
    })

    const user = await env.DB.prepare('SELECT role, is_resident, password_hash, pin FROM users WHERE email = ?')
      .bind(email)
      .first()
    expect(user).toEqual({ role: 'investor', is_resident: 0, password_hash: null, pin: null })
    const profile = await env.DB.prepare('SELECT * FROM profiles WHERE user_id = ?')
      .bind(first.body.content.user_id)
      .first()
    expect(profile).toMatchObject({
      name: 'Erik',
      surname: 'Lund',
      phone: '46701234567',
      company_name: 'Nordic Agri Fund AB',
      website: 'nordic-agri.example',
      position: 'Investment manager',
      country_id: 156,
      source: 'linkedin',
      comments: 'Greenhouse projects.',
      pin: '',
    })
  })

  it('two approvals at once create one account, and the other answers 409', async () => {
    const email = uniqueEmail('race')
    const id = await apply('investor', investor(email))
    const answers = await Promise.all([
      moderate({ kind: 'registration', id, action: 'approve' }),
      moderate({ kind: 'registration', id, action: 'approve' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(await accountsWith(email)).toBe(1)
    expect((await outbox(email)).filter((m) => m.links.some((l) => l.includes('purpose=welcome')))).toHaveLength(1)
  })

  it('mails a non-resident a set-password link in the application’s language that lives 72 hours; it sets the password and the applicant signs in', async () => {
    const email = uniqueEmail('welcome')
    const id = await apply('investor', investor(email), 'ru')
    const decided = await moderate({ kind: 'registration', id, action: 'approve' })
    const [mail] = await outbox(email)
    expect(mail!.subject).toBe('Ваша учётная запись на Invest Portal готова: задайте пароль')
    expect(mail!.text).toContain('в течение 72 часов')
    const link = new URL(mail!.links[0]!)
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:8787/ru/auth/reset-password')
    const q = Object.fromEntries(link.searchParams)
    expect(q).toMatchObject({
      email,
      role: 'investor',
      purpose: 'welcome',
      uuid: expect.any(String),
      token: expect.any(String),
      time: expect.any(String),
    })

    const stored = await env.DB.prepare('SELECT expires_at, created_at FROM reset_links WHERE uuid = ?')
      .bind(q.uuid)
      .first<{ expires_at: string; created_at: string }>()
    expect(Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)).toBe(72 * HOUR)
    expect(Number(q.time)).toBe(Date.parse(stored!.created_at))
    expect((await call(`/core/auth/check-reset-link?uuid=${q.uuid}`, { method: 'POST' })).body.content).toBe(true)

    const password = 'Welcome#2026ok'
    const set = await call('/core/auth/reset-password', {
      body: {
        password,
        password_confirmation: password,
        hash: '',
        token: q.token,
        email,
        time: q.time,
        role: q.role,
        uuid: q.uuid,
      },
    })
    expect(set.body.result.code).toBe('ok')
    const login = await call('/core/auth/login', { body: { email, password, role: 'investor', hash: '' }, lang: 'ru' })
    expect(login.body.result.code).toBe('ok')
    expect(login.body.content.profile).toMatchObject({
      email,
      role: 'investor',
      is_resident: false,
      investor: { id: decided.body.content.user_id, name: 'Erik', surname: 'Lund' },
    })
  })

  it('keeps a forgot-password link at one hour, and sends one to a non-resident whose set-password link went unused', async () => {
    const email = uniqueEmail('expired')
    const id = await apply('investor', investor(email))
    await moderate({ kind: 'registration', id, action: 'approve' })
    const r = await call('/core/auth/forgot-password', { body: { email, hash: '', role: 'investor' } })
    expect(r.body.result.code).toBe('ok')
    const [mail] = await outbox(email)
    expect(mail!.subject).toBe('Reset your Invest Portal password')
    const uuid = new URL(mail!.links[0]!).searchParams.get('uuid')
    const stored = await env.DB.prepare('SELECT expires_at, created_at FROM reset_links WHERE uuid = ?')
      .bind(uuid)
      .first<{ expires_at: string; created_at: string }>()
    expect(Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)).toBe(HOUR)
    // The newer link replaces the set-password link.
    const live = await env.DB.prepare(
      'SELECT count(*) AS n FROM reset_links r JOIN users u ON u.id = r.user_id WHERE u.email = ? AND r.used_at IS NULL',
    )
      .bind(email)
      .first<{ n: number }>()
    expect(live!.n).toBe(1)
  })

  it('answers 409 already_registered and leaves the application waiting when the e-mail became an account meanwhile', async () => {
    const email = uniqueEmail('meanwhile')
    const id = await apply('investor', investor(email))
    await createAccount(env.DB, { email, password: null, role: 'businessmen', isResident: false }, new Date())
    const r = await moderate({ kind: 'registration', id, action: 'approve' })
    expect(r.status).toBe(409)
    expect(r.body.result.code).toBe('already_registered')
    expect(await registration(id)).toMatchObject({ state: 'pending', decided_at: null, user_id: null })
  })

  it('answers 404 for an unknown registration', async () => {
    expect((await moderate({ kind: 'registration', id: 999999, action: 'approve' })).status).toBe(404)
  })
})

describe('rejecting a registration', () => {
  it('mails the reason in the application’s language, records the decision and creates no account', async () => {
    const email = uniqueEmail('reject')
    const id = await apply('investor', investor(email), 'uz')
    const r = await moderate({
      kind: 'registration',
      id,
      action: 'reject',
      reason: 'Kompaniya maʼlumotlari tasdiqlanmadi.',
    })
    expect(r.body.content).toEqual({ id, state: 'rejected', user_id: null })
    expect(await registration(id)).toMatchObject({
      state: 'rejected',
      reason: 'Kompaniya maʼlumotlari tasdiqlanmadi.',
      decided_at: expect.any(String),
      user_id: null,
    })
    expect(await accountsWith(email)).toBe(0)
    const [mail] = await outbox(email)
    expect(mail!.subject).toBe('Invest Portalda roʻyxatdan oʻtishingiz tasdiqlanmadi')
    // The label, then the moderator's reason quoted on its own.
    expect(mail!.text).toMatch(/Sababi:\s+Kompaniya maʼlumotlari tasdiqlanmadi\./)
    expect((await moderate({ kind: 'registration', id, action: 'approve' })).status).toBe(409)
  })

  it('needs a reason', async () => {
    const id = await apply('investor', investor(uniqueEmail('noreason')))
    const r = await moderate({ kind: 'registration', id, action: 'reject', reason: '  ' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(['reason'])
    expect(await registration(id)).toMatchObject({ state: 'pending' })
  })

  it('lets the applicant apply again afterwards', async () => {
    const email = uniqueEmail('again')
    const id = await apply('investor', investor(email))
    await moderate({ kind: 'registration', id, action: 'reject', reason: 'Incomplete company details.' })
    const second = await apply('investor', investor(email))
    expect(second).not.toBe(id)
  })
})

describe('a second application for the same e-mail', () => {
  const pendingFor = async (email: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM registrations WHERE email = ? AND state = 'pending'")
      .bind(email)
      .first<{ n: number }>())!.n

  it('is answered like a first one while the first waits, from either form, waits for no decision, and the owner is mailed why', async () => {
    const email = uniqueEmail('twice')
    await apply('investor', investor(email))
    const fresh = await call('/siw/public/investor-registration', { body: investor(uniqueEmail('fresh')) })
    for (const [form, body] of [
      ['investor', investor(email.toUpperCase())],
      ['business', business(email)],
    ] as const) {
      const r = await call(`/siw/public/${form}-registration`, { body })
      expect(r.status).toBe(fresh.status)
      expect(Object.keys(r.body.content)).toEqual(Object.keys(fresh.body.content))
      expect(r.body.result).toEqual(fresh.body.result)
    }
    expect(await pendingFor(email)).toBe(1)
    const mails = await outbox(email)
    expect(mails.map((m) => m.subject)).toEqual([
      'A registration on Invest Portal with your e-mail address',
      'A registration on Invest Portal with your e-mail address',
    ])
    expect(mails[0]!.text).toContain('already waiting for a decision')
  })

  it('is answered like a first one once the first is an account, and the owner is mailed a way in, in the form’s language', async () => {
    const email = uniqueEmail('account')
    const id = await apply('investor', investor(email))
    await moderate({ kind: 'registration', id, action: 'approve' })
    const r = await call('/siw/public/business-registration', { body: business(email), lang: 'ru' })
    expect(r.status).toBe(200)
    expect(r.body.content).toEqual({ id: expect.any(Number) })
    expect(await pendingFor(email)).toBe(0)
    const [mail] = await outbox(email)
    expect(mail!.subject).toBe('Регистрация на Invest Portal с вашим адресом электронной почты')
    expect(mail!.text).toContain('уже есть учётная запись')
    expect(mail!.links).toContain('http://127.0.0.1:8787/ru/auth/sign-in?role=businessmen')
  })

  it('sent twice at once, waits for a decision once', async () => {
    const email = uniqueEmail('burst')
    const answers = await Promise.all([
      call('/siw/public/investor-registration', { body: investor(email), ip: uniqueIp() }),
      call('/siw/public/business-registration', { body: business(email), ip: uniqueIp() }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await pendingFor(email)).toBe(1)
    // Past the check, the database itself keeps a second pending record for the e-mail out, whatever its case.
    const second = env.DB.prepare(
      "INSERT INTO registrations (kind, application_id, email, created_at) VALUES ('business', 999999, ?, '2026-01-01')",
    )
      .bind(email.toUpperCase())
      .run()
    await expect(second).rejects.toThrow(/UNIQUE constraint failed: registrations\.email/)
  })
})

describe('identifiers', () => {
  /** A random 9-digit TIN no other test uses. */
  const uniqueTin = () => String(300_000_000 + Math.floor(Math.random() * 99_999_999))

  it('is kept unique by the database itself', async () => {
    const tin = uniqueTin()
    await createAccount(
      env.DB,
      { email: uniqueEmail('db-a'), password: null, role: 'businessmen', isResident: true, profile: { tin } },
      new Date(),
    )
    const second = createAccount(
      env.DB,
      { email: uniqueEmail('db-b'), password: null, role: 'businessmen', isResident: true, profile: { tin } },
      new Date(),
    )
    await expect(second).rejects.toThrow(/UNIQUE constraint failed: profiles\.tin/)
    expect(
      await env.DB.prepare(
        'SELECT count(*) AS n FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE p.user_id IS NULL',
      ).first<{ n: number }>(),
    ).toEqual({ n: 0 })
  })
})

describe('moderation list', () => {
  it('shows pending registrations with the applicant, and no longer once decided', async () => {
    const email = uniqueEmail('listed')
    const id = await apply('investor', investor(email))
    const listed = (await call('/dev/moderate')).body.content.registrations as { id: number }[]
    expect(listed.find((r) => r.id === id)).toEqual({
      id,
      kind: 'investor',
      email,
      name: 'Erik',
      surname: 'Lund',
      company_name: 'Nordic Agri Fund AB',
      is_resident: false,
      lang: 'en',
      created_at: expect.any(String),
    })
    await moderate({ kind: 'registration', id, action: 'approve' })
    expect(
      ((await call('/dev/moderate')).body.content.registrations as { id: number }[]).some((r) => r.id === id),
    ).toBe(false)
  })
})

describe('operator calls', () => {
  it('answer 404 while Access is not configured, even with a valid token', async () => {
    const id = await apply('investor', investor(uniqueEmail('noaccess')))
    const r = await call(`/core/operator/registrations/${id}/approve`, {
      method: 'POST',
      headers: { 'Cf-Access-Jwt-Assertion': operatorAssertion },
      env: { ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '' },
    })
    expect(r.status).toBe(404)
    expect(await registration(id)).toMatchObject({ state: 'pending' })
  })

  it('list pending registrations, approve one and reject another with its reason, each in the audit log', async () => {
    const approvedEmail = uniqueEmail('op-approve')
    const rejectedEmail = uniqueEmail('op-reject')
    const toApprove = await apply('investor', investor(approvedEmail))
    const toReject = await apply('business', business(rejectedEmail), 'ru')
    const list = await operator('', { method: 'GET' })
    expect(list.status).toBe(200)
    expect((list.body.content.items as { id: number }[]).map((r) => r.id)).toEqual(
      expect.arrayContaining([toApprove, toReject]),
    )

    const approved = await operator(`/${toApprove}/approve`)
    expect(approved.body.content).toEqual({ id: toApprove, state: 'approved', user_id: expect.any(Number) })
    expect(await accountsWith(approvedEmail)).toBe(1)
    expect((await operator(`/${toApprove}/approve`)).status).toBe(409)

    expect((await operator(`/${toReject}/reject`, { body: {} })).body.errors).toEqual(['reason'])
    const rejected = await operator(`/${toReject}/reject`, { body: { reason: 'ИНН не найден в реестре.' } })
    expect(rejected.body.content).toEqual({ id: toReject, state: 'rejected', user_id: null })
    const [mail] = await outbox(rejectedEmail)
    expect(mail!.subject).toBe('Ваша регистрация на Invest Portal не одобрена')
    expect(mail!.text).toMatch(/Причина:\s+ИНН не найден в реестре\./)
    expect((await operator('/999999/approve')).status).toBe(404)

    // Each decision once, by whom, before and after; the refused second approval left no row.
    expect(await auditOf(toApprove)).toEqual([
      {
        action: 'registration.approve',
        email: OPERATOR,
        before: { state: 'pending' },
        after: { state: 'approved', user_id: approved.body.content.user_id },
      },
    ])
    expect(await auditOf(toReject)).toEqual([
      {
        action: 'registration.reject',
        email: OPERATOR,
        before: { state: 'pending' },
        after: { state: 'rejected', reason: 'ИНН не найден в реестре.' },
      },
    ])
  })
})
