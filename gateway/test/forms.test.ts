import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, createUser, uniqueEmail, uniqueIp } from './helpers'

const CONTACT = {
  name: 'Elena',
  last_name: 'Petrova',
  email: 'elena.petrova@test.example',
  phone: '+7 (912) 345-67-89',
  website: 'petrova-consulting.example',
  country: 'Kazakhstan',
  designation: 'Partner',
  message: 'We would like to discuss investment opportunities in agro-processing.',
  purpose: 'exploring_investment_opportunities',
  company_name: 'Petrova Consulting',
  hash: '',
}

const INVESTOR_NON_RESIDENT = {
  company_name: 'Nordic Agri Fund AB',
  website: 'https://nordic-agri.example',
  email: 'fund@test.example',
  phone: '46701234567',
  position: 'Investment manager',
  name: 'Erik',
  surname: 'Lund',
  country_id: 156,
  source: 'linkedin',
  source_variant: '',
  comments: 'Greenhouse projects.',
  is_resident: false,
  hash: '',
}

const INVESTOR_RESIDENT = {
  ...INVESTOR_NON_RESIDENT,
  phone: '998901234567',
  pin: '31507860180099',
  country_id: null,
  is_resident: true,
}

const BUSINESS = {
  company_name: 'Nordsee Textil GmbH',
  tin: '305678912',
  pin: '30101850120045',
  legal_address: 'Hamburg, Hafenstrasse 12',
  website: '',
  name: 'Akmal',
  surname: 'Sharipov',
  email: 'akmal@test.example',
  phone: '4915112345678',
  source: 'telegram',
  source_variant: '',
  comments: '',
  is_resident: false,
  hash: '',
}

const EVENT = {
  event_id: 8,
  role: 'participant',
  first_name: 'Maria',
  last_name: 'Rossi',
  middle_name: '',
  birth_date: '1988-04-12',
  gender: 'female',
  email: 'maria.rossi@test.example',
  phone: '393331234567',
  passport: 'ya1234567',
  country_id: 792,
  address: 'Via Roma 10, Milan',
  birthplace: 'Milan',
  organization: 'Rossi Impianti S.r.l.',
  position: 'CEO',
  activity: 'Industrial equipment',
  hash: '',
}

const post = (path: string, body: Record<string, unknown>, ip = uniqueIp()) =>
  call(`/siw/public/${path}`, { body, ip, lang: 'ru' })

describe('POST /siw/public/contact-us', () => {
  it('stores the request with digits-only phone, ignoring unknown fields', async () => {
    const r = await post('contact-us', { ...CONTACT, admin: true, lang: 'xx' })
    expect(r.body.result.code).toBe('ok')
    const row = await env.DB.prepare('SELECT * FROM contact_requests WHERE id = ?')
      .bind(r.body.content.id)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      name: 'Elena',
      phone: '79123456789',
      purpose: 'exploring_investment_opportunities',
      lang: 'ru',
    })
    expect(row).not.toHaveProperty('admin')
  })

  it.each([
    ['name', ''],
    ['last_name', undefined],
    ['email', 'elena@'],
    ['phone', '12-ab'],
    ['phone', '123'],
    ['website', 'not a site'],
    ['message', 'short'],
    ['purpose', 'sales'],
  ])('names an invalid %s', async (field, value) => {
    const r = await post('contact-us', { ...CONTACT, [field]: value })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual([field])
  })

  it('limits submissions per IP (20 per 10 minutes)', async () => {
    const ip = uniqueIp()
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 19, ?)')
      .bind(`form:contact:ip:${ip}`, Date.now())
      .run()
    expect((await post('contact-us', CONTACT, ip)).status).toBe(200)
    const r = await post('contact-us', CONTACT, ip)
    expect(r.status).toBe(429)
    expect(r.body.result.code).toBe('too_many_attempts')
  })

  it('does not pollute prototypes', async () => {
    const body = JSON.stringify({ ...CONTACT, __proto__: { isAdmin: true } }).replace(
      '"name"',
      '"__proto__":{"isAdmin":true},"name"',
    )
    expect((await call('/siw/public/contact-us', { method: 'POST', body })).body.result.code).toBe('ok')
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})

describe('POST /siw/public/investor-registration', () => {
  it('accepts a non-resident with a country and no pin', async () => {
    const r = await post('investor-registration', {
      ...INVESTOR_NON_RESIDENT,
      email: uniqueEmail('fund'),
      pin: '31507860180099',
    })
    const row = await env.DB.prepare('SELECT pin, country_id, is_resident FROM investor_registrations WHERE id = ?')
      .bind(r.body.content.id)
      .first()
    expect(row).toEqual({ pin: null, country_id: 156, is_resident: 0 })
  })

  it('refuses a resident, whose account only OneID opens, naming is_resident; a typed PINFL is stored nowhere', async () => {
    const email = uniqueEmail('resident')
    const r = await post('investor-registration', { ...INVESTOR_RESIDENT, country_id: 860, email })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(['is_resident'])
    const stored = await env.DB.prepare('SELECT count(*) AS n FROM investor_registrations WHERE email = ?')
      .bind(email)
      .first<{ n: number }>()
    expect(stored).toEqual({ n: 0 })
  })

  it('requires a country of non-residents', async () => {
    expect((await post('investor-registration', { ...INVESTOR_NON_RESIDENT, country_id: null })).body.errors).toEqual([
      'country_id',
    ])
    expect((await post('investor-registration', { ...INVESTOR_NON_RESIDENT, country_id: 9999 })).body.errors).toEqual([
      'country_id',
    ])
  })

  it.each([
    ['company_name', ''],
    ['email', 'x'],
    ['name', ''],
    ['surname', ''],
    ['source', 'tv'],
    ['is_resident', 'perhaps'],
  ])('names an invalid %s', async (field, value) => {
    expect((await post('investor-registration', { ...INVESTOR_NON_RESIDENT, [field]: value })).body.errors).toEqual([
      field,
    ])
  })

  it('answers an e-mail that already has an account as it answers a new one, and nothing waits for a decision', async () => {
    const user = await createUser()
    const fresh = await post('investor-registration', { ...INVESTOR_NON_RESIDENT, email: uniqueEmail('new-fund') })
    const r = await post('investor-registration', { ...INVESTOR_NON_RESIDENT, email: user.email.toUpperCase() })
    expect(r.status).toBe(fresh.status)
    expect(r.body.result).toEqual(fresh.body.result)
    expect(Object.keys(r.body.content)).toEqual(Object.keys(fresh.body.content))
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM registrations WHERE email = ? AND state = 'pending'")
        .bind(user.email)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 })
  })
})

describe('POST /siw/public/business-registration', () => {
  it('accepts a non-resident and keeps no TIN or PINFL it was sent', async () => {
    const r = await post('business-registration', { ...BUSINESS, email: uniqueEmail('akmal') })
    expect(r.body.result.code).toBe('ok')
    const row = await env.DB.prepare('SELECT tin, pin, is_resident FROM business_registrations WHERE id = ?')
      .bind(r.body.content.id)
      .first()
    expect(row).toEqual({ tin: '', pin: null, is_resident: 0 })
  })

  it('refuses a resident business, whose TIN only OneID binds, naming is_resident', async () => {
    const r = await post('business-registration', { ...BUSINESS, is_resident: true, phone: '998912345678' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(['is_resident'])
  })

  it('validates the phone of a non-resident', async () => {
    expect((await post('business-registration', { ...BUSINESS, phone: '12345' })).body.errors).toEqual(['phone'])
  })
})

describe('POST /siw/public/event-application', () => {
  it('answers the application id with its upload capability and reference, and stores the upper-cased passport number', async () => {
    const r = await post('event-application', EVENT)
    expect(r.body.content).toEqual({
      id: expect.any(Number),
      upload_token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      reference: `EV-${new Date(Date.now() + 5 * 3600_000).getUTCFullYear()}-${String(r.body.content.id).padStart(6, '0')}`,
    })
    const row = await env.DB.prepare('SELECT passport, event_id FROM event_applications WHERE id = ?')
      .bind(r.body.content.id)
      .first()
    expect(row).toEqual({ passport: 'YA1234567', event_id: 8 })
  })

  it.each([
    ['event_id', 9999],
    ['role', 'Guest Of Honour!'],
    ['first_name', ''],
    ['birth_date', '2999-01-01'],
    ['birth_date', '1990-13-01'],
    ['gender', 'x'],
    ['email', 'x'],
    ['phone', 'abc'],
    ['passport', '#'],
    ['country_id', 0],
    ['address', ''],
    ['birthplace', ''],
    ['organization', ''],
    ['position', ''],
  ])('names an invalid %s', async (field, value) => {
    expect((await post('event-application', { ...EVENT, [field]: value })).body.errors).toEqual([field])
  })

  it('refuses an event that has ended with event_closed, by the end rule the pages use, and stores nothing', async () => {
    const count = () => env.DB.prepare('SELECT count(*) AS n FROM event_applications').first<number>('n')
    const before = await count()
    // The seed's first event ended 119 days ago; an event whose last day is today is still open.
    const ended = await post('event-application', { ...EVENT, event_id: 1 })
    expect([ended.status, ended.body.result.code]).toEqual([409, 'event_closed'])
    const today = new Date().toISOString().slice(0, 10)
    await env.DB.prepare(
      "INSERT INTO events (id, date_from, date_to, name_en, updated_at) VALUES (990001, ?, ?, 'Open day', ?)",
    )
      .bind(today, today, today)
      .run()
    expect((await post('event-application', { ...EVENT, event_id: 990001 })).status).toBe(200)
    await env.DB.prepare('DELETE FROM event_applications WHERE event_id = 990001').run()
    await env.DB.prepare('DELETE FROM events WHERE id = 990001').run()
    expect(await count()).toBe(before)
  })

  it('names event_id for an event readers do not see (a draft) as for a made-up one', async () => {
    await env.DB.prepare("UPDATE events SET publication = 'draft' WHERE id = 9").run()
    const r = await post('event-application', { ...EVENT, event_id: 9 })
    await env.DB.prepare("UPDATE events SET publication = 'published' WHERE id = 9").run()
    expect([r.status, r.body.errors]).toEqual([422, ['event_id']])
  })

  it('never notifies, pushes to or publishes for the account whose e-mail the applicant typed', async () => {
    const user = await createUser()
    const before = (await call('/siw/notification', { token: user.token })).body.content.length
    const r = await post('event-application', { ...EVENT, email: user.email })
    expect(r.status).toBe(200)
    expect((await call('/siw/notification', { token: user.token })).body.content).toHaveLength(before)
    const pushes = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'event_registration'",
    )
      .bind(user.id)
      .first<{ n: number }>()
    expect(pushes).toEqual({ n: 0 })
  })
})
