/**
 * A person's own account (docs/gateway-contract.md#account): correcting the profile, a new e-mail address by a mailed
 * link, the list of sessions, the download of one's data and deleting the account, erased after its grace period
 * (docs/decisions/0029-data-residency.md#erasing-an-account).
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_INLINE_RECORDS, EXPORT_LIFETIME_MS, handleExportQueue } from '../src/areas/account/exports'
import { ERASE_AFTER_MS } from '../src/areas/account/states'
import worker from '../src/index'
import {
  call,
  createUser,
  ensureSeeded,
  moderate,
  PNG_BYTES,
  readTopicAndType,
  type TestUser,
  uniqueEmail,
} from './helpers'
import { exchangeOneIdCode, newPin, registerOneIdCode } from './oneid-client'

beforeAll(ensureSeeded)

const PASSWORD = 'Correct#Horse1'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** Signs in with the password as the portal does, with the browser and the place its edge forwards. */
async function signIn(user: TestUser, place: { agent?: string; country?: string; city?: string } = {}) {
  const headers: Record<string, string> = {}
  if (place.agent) headers['User-Agent'] = place.agent
  if (place.country) headers['X-Client-Country'] = place.country
  if (place.city) headers['X-Client-City'] = encodeURIComponent(place.city)
  return call('/core/auth/login', {
    body: { email: user.email, password: user.password, hash: '', role: user.role },
    headers,
  })
}

const outbox = async (email: string) =>
  (await call(`/dev/outbox?email=${encodeURIComponent(email)}`)).body.content as {
    subject: string
    text: string
    links: string[]
  }[]

const countWhere = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...args)
    .first<{ n: number }>())!.n

describe('correcting one’s profile', () => {
  it('lets a non-resident correct names, phone, company and position by the registration’s rules', async () => {
    const user = await createUser({ profile: { name: 'Erik', surname: 'Lund', company_name: 'Old AB' } })
    const r = await call('/core/profile', {
      method: 'PATCH',
      token: user.token,
      body: { name: ' Erika ', phone: '+46 70 123-45-67', company_name: 'Nordic Agri Fund AB', position: 'CFO' },
    })
    expect(r.status).toBe(200)
    expect(r.body.content.investor).toMatchObject({
      name: 'Erika',
      surname: 'Lund',
      phone: '46701234567',
      company_name: 'Nordic Agri Fund AB',
      position: 'CFO',
    })
    const bad = await call('/core/profile', {
      method: 'PATCH',
      token: user.token,
      body: { name: '', phone: '12', website: 'not a site', position: 'x'.repeat(151) },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual(expect.arrayContaining(['name', 'phone', 'website', 'position']))
    expect((await call('/core/profile', { token: user.token })).body.content.investor.name).toBe('Erika')
  })

  it('keeps a resident’s identity OneID’s: names and PINFL are refused by name, an Uzbek phone is theirs', async () => {
    const pin = newPin()
    const user = await createUser({ isResident: true, pin, profile: { name: 'Dilnoza', pin } })
    for (const field of ['name', 'surname', 'pin', 'tin', 'email']) {
      const r = await call('/core/profile', { method: 'PATCH', token: user.token, body: { [field]: 'Changed' } })
      expect(r.status, field).toBe(422)
      expect(r.body.errors, field).toEqual([field])
    }
    expect(
      (await call('/core/profile', { method: 'PATCH', token: user.token, body: { phone: '+49 30 1234567' } })).body
        .errors,
    ).toEqual(['phone'])
    const r = await call('/core/profile', { method: 'PATCH', token: user.token, body: { phone: '998 90 123 45 67' } })
    expect(r.body.content.investor).toMatchObject({ name: 'Dilnoza', pin, phone: '998901234567' })
  })

  it('refuses a correction without a live session', async () => {
    expect((await call('/core/profile', { method: 'PATCH', body: { name: 'X' } })).status).toBe(401)
  })
})

describe('changing the e-mail address', () => {
  it('mails a link to the new address; the address changes only when it is opened, once, and the old one is told', async () => {
    const user = await createUser({ password: PASSWORD })
    const newEmail = uniqueEmail('new')
    const asked = await call('/core/account/email', { token: user.token, body: { email: newEmail }, lang: 'ru' })
    expect(asked.status).toBe(200)
    expect((await call('/core/profile', { token: user.token })).body.content.email).toBe(user.email)
    const [mail] = await outbox(newEmail)
    expect(mail!.subject).toBe('Подтвердите новый адрес электронной почты для Invest Portal')
    const link = new URL(mail!.links[0]!)
    expect(link.pathname).toBe('/ru/auth/confirm-email')
    const body = { uuid: link.searchParams.get('uuid'), token: link.searchParams.get('token') }

    // No session is needed: the link is opened wherever the mail is read.
    const confirmed = await call('/core/auth/confirm-email', { body })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.content).toEqual({ email: newEmail })
    expect((await call('/core/profile', { token: user.token })).body.content.email).toBe(newEmail)
    const again = await call('/core/auth/confirm-email', { body })
    expect(again.status).toBe(400)
    expect(again.body.result.code).toBe('invalid_email_link')

    // The new address signs in; the old one no more; the old one was told, naming the new one only masked.
    expect((await signIn({ ...user, email: newEmail })).status).toBe(200)
    expect((await signIn(user)).body.result.code).toBe('user_not_found')
    const [notice] = await outbox(user.email)
    expect(notice!.subject).toBe('Адрес электронной почты вашей учётной записи Invest Portal изменён')
    expect(notice!.text).not.toContain(newEmail)
    expect(notice!.text).toContain(`n…@test.example`)
  })

  it('refuses an expired link, and one a newer link replaced, with invalid_email_link', async () => {
    const user = await createUser()
    const first = uniqueEmail('first')
    await call('/core/account/email', { token: user.token, body: { email: first } })
    const [firstMail] = await outbox(first)
    const second = uniqueEmail('second')
    await call('/core/account/email', { token: user.token, body: { email: second } })
    const [secondMail] = await outbox(second)
    const bodyOf = (mail: { links: string[] }) => {
      const link = new URL(mail.links[0]!)
      return { uuid: link.searchParams.get('uuid'), token: link.searchParams.get('token') }
    }
    const replaced = await call('/core/auth/confirm-email', { body: bodyOf(firstMail!) })
    expect([replaced.status, replaced.body.result.code]).toEqual([400, 'invalid_email_link'])
    await env.DB.prepare('UPDATE email_changes SET expires_at = ? WHERE new_email = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), second)
      .run()
    const expired = await call('/core/auth/confirm-email', { body: bodyOf(secondMail!) })
    expect([expired.status, expired.body.result.code]).toEqual([400, 'invalid_email_link'])
    const wrongToken = await call('/core/auth/confirm-email', { body: { ...bodyOf(secondMail!), token: 'forged' } })
    expect(wrongToken.status).toBe(400)
    expect((await call('/core/profile', { token: user.token })).body.content.email).toBe(user.email)
  })

  it('answers an address another account has as any other, and sends it nothing', async () => {
    const user = await createUser()
    const other = await createUser()
    const r = await call('/core/account/email', { token: user.token, body: { email: other.email } })
    expect(r.status).toBe(200)
    expect(await outbox(other.email)).toEqual([])
    const same = await call('/core/account/email', { token: user.token, body: { email: user.email.toUpperCase() } })
    expect(same.status).toBe(422)
    expect(same.body.errors).toEqual(['email'])
  })
})

describe('sessions', () => {
  it('lists the live sessions with their browser, system and coarse place, marking the current one', async () => {
    const user = await createUser({ password: PASSWORD })
    const laptop = await signIn(user, { agent: FIREFOX, country: 'UZ', city: 'Tashkent' })
    const phone = await signIn(user, { agent: SAFARI_IPHONE, country: 'de', city: 'München' })
    const revoked = await signIn(user)
    await call('/core/auth/logout', { method: 'POST', token: revoked.body.content.token })
    const list = await call('/core/account/sessions', { token: laptop.body.content.token })
    expect(list.status).toBe(200)
    const sessions = list.body.content as { browser: string; current: boolean }[]
    // The token createUser gave, the two sign-ins; not the one that signed out.
    expect(sessions).toHaveLength(3)
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Firefox', os: 'Linux', country: 'UZ', city: 'Tashkent', current: true }),
        expect.objectContaining({ browser: 'Safari', os: 'iOS', country: 'DE', city: 'München', current: false }),
        expect.objectContaining({ browser: null, os: null, country: null, city: null, current: false }),
      ]),
    )
    expect(phone.status).toBe(200)
  })

  it('ends one session of the person’s, and refuses another person’s session id with 404, which lives on', async () => {
    const user = await createUser({ password: PASSWORD })
    const other = await createUser({ password: PASSWORD })
    const mine = await signIn(user, { agent: FIREFOX })
    const theirs = await signIn(other, { agent: SAFARI_IPHONE })
    const theirList = (await call('/core/account/sessions', { token: theirs.body.content.token })).body.content
    const theirId = theirList.find((s: { current: boolean }) => s.current).id
    const refused = await call(`/core/account/sessions/${theirId}/end`, {
      method: 'POST',
      token: mine.body.content.token,
    })
    expect(refused.status).toBe(404)
    expect(refused.body.result.code).toBe('not_found')
    expect((await call('/core/profile', { token: theirs.body.content.token })).status).toBe(200)

    const myList = (await call('/core/account/sessions', { token: user.token })).body.content
    const laptopId = myList.find((s: { browser: string | null }) => s.browser === 'Firefox').id
    const ended = await call(`/core/account/sessions/${laptopId}/end`, { method: 'POST', token: user.token })
    expect(ended.body.content).toEqual({ id: laptopId })
    expect((await call('/core/profile', { token: mine.body.content.token })).status).toBe(401)
    expect((await call(`/core/account/sessions/${laptopId}/end`, { method: 'POST', token: user.token })).status).toBe(
      404,
    )
  })

  it('signs out everywhere else and keeps the asking session', async () => {
    const user = await createUser({ password: PASSWORD })
    const a = await signIn(user)
    const b = await signIn(user)
    const r = await call('/core/account/sessions/end-others', { method: 'POST', token: a.body.content.token })
    expect(r.body.content).toEqual({ ended: 2 })
    expect((await call('/core/profile', { token: a.body.content.token })).status).toBe(200)
    expect((await call('/core/profile', { token: b.body.content.token })).status).toBe(401)
    expect((await call('/core/profile', { token: user.token })).status).toBe(401)
  })

  it('lists a resident’s OneID sessions too, each signed out on its own', async () => {
    const pin = newPin()
    const person = { pin, first_name: 'Aziza', sur_name: 'Karimova' }
    const first = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    const second = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    const list = (await call('/core/account/sessions', { token: first.body.content.token })).body.content
    expect(list).toHaveLength(2)
    const other = list.find((s: { current: boolean }) => !s.current)
    await call(`/core/account/sessions/${other.id}/end`, { method: 'POST', token: first.body.content.token })
    expect((await call('/core/profile', { token: second.body.content.token })).status).toBe(401)
  })
})

/** A user with something of everything an export holds. */
async function userWithData(): Promise<TestUser> {
  const user = await createUser({
    password: PASSWORD,
    profile: { name: 'Erik', surname: 'Lund', company_name: 'Nordic Agri Fund AB', phone: '46701234567' },
  })
  const { topicId, typeId } = await readTopicAndType()
  const appeal = await call('/siw/appeal', {
    token: user.token,
    body: { topic_id: topicId, type_id: typeId, region_id: 1718, text: 'Where do I register a foreign-owned LLC?' },
  })
  await moderate({ kind: 'appeal', id: appeal.body.content.id, action: 'review', reply: 'At the public services hub.' })
  await call('/siw/appeal/reply', {
    token: user.token,
    body: { appeal_id: appeal.body.content.id, response: 'Thanks!' },
  })
  const project = await call('/siw/personal/project', {
    token: user.token,
    body: {
      title: { en: 'Greenhouse in Samarkand', ru: '', uz: '' },
      content: { en: '<p>Tomatoes all year.</p>', ru: '', uz: '' },
      category_id: 1,
      sector_id: 1,
      region_id: 1718,
      budget: 2500000,
      budgets: [{ sum: 100000 }],
      deleted_budgets: [],
    },
  })
  const upload = new FormData()
  upload.set('project_id', String(project.body.content.id))
  upload.set('file', new File([PNG_BYTES], 'greenhouse.png', { type: 'image/png' }))
  expect((await call('/document/project/upload', { token: user.token, body: upload })).status).toBe(200)
  await env.DB.prepare(
    `INSERT INTO event_applications (event_id, role, first_name, last_name, birth_date, gender, email, phone, passport,
       country_id, address, birthplace, organization, position, lang, created_at)
     VALUES (1, 'investor', 'Erik', 'Lund', '1980-02-03', 'male', ?, '46701234567', 'XZ9876543', 2, 'Storgatan 1',
       'Lund', 'Nordic Agri Fund AB', 'CFO', 'en', ?)`,
  )
    .bind(user.email.toUpperCase(), new Date().toISOString())
    .run()
  return user
}

describe('downloading one’s data', () => {
  it('makes a JSON file of the profile, company, appeals with replies, projects, event applications and notifications at once', async () => {
    const user = await userWithData()
    const asked = await call('/core/account/export', { method: 'POST', token: user.token })
    expect(asked.status).toBe(200)
    expect(asked.body.content).toMatchObject({
      state: 'ready',
      download_link: '/gateway/core/account/export/file',
      size: expect.any(Number),
    })
    const offered = Date.parse(asked.body.content.expires_at) - Date.parse(asked.body.content.ready_at)
    expect(offered).toBe(EXPORT_LIFETIME_MS)
    expect((await call('/core/account/export', { token: user.token })).body.content).toEqual(asked.body.content)

    const file = await call('/core/account/export/file', { token: user.token })
    expect(file.res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="invest-portal-data-\d{4}-\d\d-\d\d\.json"$/,
    )
    expect(file.res.headers.get('Cache-Control')).toBe('private, no-store')
    const data = JSON.parse(await file.res.text())
    expect(data.account).toMatchObject({ email: user.email, role: 'investor', is_resident: false })
    expect(data.profile).toMatchObject({ name: 'Erik', surname: 'Lund', phone: '46701234567' })
    expect(data.company).toMatchObject({ company_name: 'Nordic Agri Fund AB' })
    expect(data.appeals).toHaveLength(1)
    expect(data.appeals[0].replies.map((r: { from: string; text: string }) => [r.from, r.text])).toEqual([
      ['agency', 'At the public services hub.'],
      ['you', 'Thanks!'],
    ])
    expect(data.projects[0]).toMatchObject({
      title: { en: 'Greenhouse in Samarkand' },
      budgets: [100000],
      files: [expect.objectContaining({ slot: 'image', name: 'greenhouse.png' })],
    })
    expect(data.event_applications).toEqual([
      expect.objectContaining({ role: 'investor', first_name: 'Erik', organization: 'Nordic Agri Fund AB' }),
    ])
    // What anyone could have typed with this address into the public form stays out: identity documents.
    expect(JSON.stringify(data.event_applications)).not.toMatch(/XZ9876543|1980-02-03|Storgatan/)
    expect(data.notifications.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining(['new_appeal', 'new_project']),
    )
  })

  it('offers the file to its person alone, and for a limited time', async () => {
    const user = await createUser()
    const other = await createUser()
    await call('/core/account/export', { method: 'POST', token: user.token })
    expect((await call('/core/account/export/file', { token: other.token })).status).toBe(404)
    expect((await call('/core/account/export/file')).status).toBe(401)
    await env.DB.prepare('UPDATE data_exports SET expires_at = ? WHERE user_id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run()
    expect((await call('/core/account/export/file', { token: user.token })).status).toBe(404)
    expect((await call('/core/account/export', { token: user.token })).body.content).toBeNull()
  })

  it('has the export queue make a large one: pending at first, ready once the queue’s consumer made it', async () => {
    const user = await createUser()
    const at = new Date().toISOString()
    await env.DB.batch(
      Array.from({ length: EXPORT_INLINE_RECORDS + 1 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO notifications (user_id, type, message_uz, message_ru, message_en, created)
           VALUES (?, 'new_appeal', ?, ?, ?, ?)`,
        ).bind(user.id, `${i}`, `${i}`, `Notification ${i}`, at),
      ),
    )
    const asked = await call('/core/account/export', { method: 'POST', token: user.token })
    expect(asked.body.content).toMatchObject({ state: 'pending', download_link: null })
    // Asked again while it is being made: the same one.
    expect((await call('/core/account/export', { method: 'POST', token: user.token })).body.content.id).toBe(
      asked.body.content.id,
    )
    const batch = createMessageBatch('invest-portal-exports', [
      { id: 'export-1', timestamp: new Date(), attempts: 1, body: { exportId: asked.body.content.id } },
    ])
    const ctx = createExecutionContext()
    await handleExportQueue(batch, env)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['export-1'])
    const ready = (await call('/core/account/export', { token: user.token })).body.content
    expect(ready.state).toBe('ready')
    const data = JSON.parse(await (await call('/core/account/export/file', { token: user.token })).res.text())
    expect(data.notifications).toHaveLength(EXPORT_INLINE_RECORDS + 1)
  })
})

/** Runs the daily cron as Cloudflare would, at `at`. */
async function runRetention(at: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '30 21 * * *' }), env, ctx)
  await waitOnExecutionContext(ctx)
}

describe('deleting one’s account', () => {
  it('asks a password account for its password, then signs in no more, anywhere, as if it did not exist', async () => {
    const user = await createUser({ password: PASSWORD })
    const elsewhere = await signIn(user)
    const wrong = await call('/core/account/delete', { token: user.token, body: { password: 'nope' } })
    expect([wrong.status, wrong.body.errors]).toEqual([422, ['password']])
    const deleted = await call('/core/account/delete', { token: user.token, body: { password: PASSWORD } })
    expect(deleted.status).toBe(200)
    const grace = Date.parse(deleted.body.content.erase_after) - Date.now()
    expect(grace).toBeGreaterThan(ERASE_AFTER_MS - 60_000)
    expect(grace).toBeLessThanOrEqual(ERASE_AFTER_MS)
    for (const token of [user.token, elsewhere.body.content.token])
      expect((await call('/core/profile', { token })).status).toBe(401)
    const again = await signIn(user)
    const unknown = await signIn({ ...user, email: uniqueEmail('nobody') })
    expect([again.status, again.body.result.code]).toEqual([unknown.status, unknown.body.result.code])
    expect(again.body.result.code).toBe('user_not_found')
    await call('/core/auth/forgot-password', { body: { email: user.email, hash: '', role: 'investor' } })
    expect(await outbox(user.email)).toEqual([])
  })

  it('takes a resident at their word (OneID has no password), and their OneID sign-in finds no account', async () => {
    const pin = newPin()
    const person = { pin, first_name: 'Aziza', sur_name: 'Karimova' }
    const signedIn = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    expect((await call('/core/account/delete', { token: signedIn.body.content.token, body: {} })).status).toBe(200)
    const again = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    expect([again.status, again.body.result.code]).toEqual([401, 'user_not_found'])
  })

  it('is erased by the retention cron after its grace period: appeals kept without their author, the rest gone', async () => {
    const user = await userWithData()
    const appealId = (await env.DB.prepare('SELECT id FROM appeals WHERE user_id = ?').bind(user.id).first<{
      id: number
    }>())!.id
    const fileIds = (
      await env.DB.prepare('SELECT id FROM files WHERE owner_user_id = ?').bind(user.id).all<{ id: string }>()
    ).results.map((f) => f.id)
    expect(fileIds).toHaveLength(1)
    await call('/core/account/export', { method: 'POST', token: user.token })
    await call('/core/account/delete', { token: user.token, body: { password: PASSWORD } })

    // Within the grace period nothing is erased.
    await runRetention(Date.now())
    expect(await countWhere('users WHERE id = ?', user.id)).toBe(1)

    await runRetention(Date.now() + ERASE_AFTER_MS + 60_000)
    expect(await countWhere('users WHERE id = ?', user.id)).toBe(0)
    for (const table of ['profiles', 'tokens', 'notifications', 'personal_projects', 'data_exports'])
      expect(await countWhere(`${table} WHERE user_id = ?`, user.id), table).toBe(0)
    expect(await countWhere('files WHERE owner_user_id = ? OR id = ?', user.id, fileIds[0])).toBe(0)
    expect((await env.UPLOADS.list({ prefix: `exports/${user.id}/` })).objects).toEqual([])
    expect(await countWhere('outbox WHERE to_email = ?', user.email)).toBe(0)
    // The appeal and its thread stay, the agency's record, without who wrote it.
    const appeal = await env.DB.prepare('SELECT user_id, full_name, email, text FROM appeals WHERE id = ?')
      .bind(appealId)
      .first()
    expect(appeal).toEqual({
      user_id: null,
      full_name: '',
      email: '',
      text: 'Where do I register a foreign-owned LLC?',
    })
    expect(await countWhere('appeal_responses WHERE appeal_id = ?', appealId)).toBe(2)
  })
})
