/**
 * An operator's change and its audit row are one D1 batch (docs/security.md#operator-surface): when the audit row
 * cannot be written (here a trigger refuses every insert into the log, as a full or broken log would), the change does
 * not happen either.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser, fileOf, PNG_BYTES, uniqueEmail, uniqueIp } from './helpers'

const ADMIN = 'atomic-admin@agency.example'
const OTHER_ADMIN = 'atomic-other-admin@agency.example'
const EDITOR = 'atomic-editor@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  await seedAll(env)
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [ADMIN, 'admin'],
      [OTHER_ADMIN, 'admin'],
      [EDITOR, 'editor'],
    ]),
  )
})

const op = (path: string, method: string, body: unknown, as = ADMIN) =>
  call(`/core/operator${path}`, {
    method,
    body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[as]! },
    env: accessEnv(),
  })

const one = <T>(sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .first<T>()

/** Runs `act` while every insert into the audit log fails; answers its status. */
async function withAuditRefused(act: () => Promise<{ status: number }>): Promise<number> {
  await env.DB.prepare(
    "CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit refused'); END",
  ).run()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    return (await act()).status
  } finally {
    await env.DB.prepare('DROP TRIGGER audit_refused').run()
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

const newsValues = (title: string) => ({
  category: 'news',
  publish_date: '2026-11-20',
  title_en: title,
  content_en: `<p>${title}</p>`,
})

/** A pending registration, sent through the public form. */
async function pendingRegistration(): Promise<number> {
  const body = {
    company_name: 'Atomic Trading LLC',
    website: 'atomic.example',
    email: uniqueEmail('atomic'),
    phone: '+372 5123 4567',
    position: 'Director',
    name: 'Aino',
    surname: 'Kask',
    country_id: 156,
    source: 'linkedin',
    source_variant: '',
    comments: '',
    is_resident: false,
    hash: '',
  }
  const r = await call('/siw/public/investor-registration', { body })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return (await one<{ id: number }>(
    "SELECT id FROM registrations WHERE kind = 'investor' AND application_id = ?",
    r.body.content.id,
  ))!.id
}

describe('a change whose audit row cannot be written', () => {
  it('is not made: content created, edited, published or taken back', async () => {
    const posts = async () => (await one<{ n: number }>('SELECT count(*) AS n FROM posts'))!.n
    const before = await posts()
    expect(
      await withAuditRefused(() => op('/content/post', 'POST', { values: newsValues('Never made') }, EDITOR)),
    ).toBe(500)
    expect(await posts()).toBe(before)

    const made = await op('/content/post', 'POST', { values: newsValues('Kept as it was') }, EDITOR)
    const id = made.body.content.id as number
    const edit = { values: { title_en: 'Edited unaudited' } }
    expect(await withAuditRefused(() => op(`/content/post/${id}`, 'PUT', edit, EDITOR))).toBe(500)
    const publish = { confirm_incomplete: true }
    expect(await withAuditRefused(() => op(`/content/post/${id}/publish`, 'POST', publish, EDITOR))).toBe(500)
    expect(await one('SELECT title_en, publication FROM posts WHERE id = ?', id)).toEqual({
      title_en: 'Kept as it was',
      publication: 'draft',
    })
    expect((await op(`/content/post/${id}/publish`, 'POST', publish, EDITOR)).status).toBe(200)
    expect(await withAuditRefused(() => op(`/content/post/${id}/unpublish`, 'POST', {}, EDITOR))).toBe(500)
    expect(await one('SELECT publication FROM posts WHERE id = ?', id)).toEqual({ publication: 'published' })
  })

  it('is not made: the site’s contacts, an operator added, given a role or removed', async () => {
    const settings = { phone: '+998 71 200-00-00', email: 'atomic@agency.example', address: {}, socials: [] }
    expect((await op('/site-settings', 'PUT', settings)).status).toBe(200)
    const changed = { ...settings, email: 'unaudited@agency.example' }
    expect(await withAuditRefused(() => op('/site-settings', 'PUT', changed))).toBe(500)
    expect(await one('SELECT email FROM site_settings')).toEqual({ email: 'atomic@agency.example' })

    const added = { email: 'atomic-new@agency.example', name: 'New', role: 'moderator' }
    expect(await withAuditRefused(() => op('/operators', 'POST', added))).toBe(500)
    expect(await one('SELECT id FROM operators WHERE email = ?', added.email)).toBeNull()

    const other = (await one<{ id: number }>('SELECT id FROM operators WHERE email = ?', OTHER_ADMIN))!.id
    expect(await withAuditRefused(() => op(`/operators/${other}/role`, 'POST', { role: 'editor' }))).toBe(500)
    expect(await withAuditRefused(() => op(`/operators/${other}/remove`, 'POST', {}))).toBe(500)
    expect(await one('SELECT role, removed_at FROM operators WHERE id = ?', other)).toEqual({
      role: 'admin',
      removed_at: null,
    })
  })

  it('is not made: a registration approved or rejected', async () => {
    const id = await pendingRegistration()
    expect(await withAuditRefused(() => op(`/registrations/${id}/reject`, 'POST', { reason: 'Incomplete' }))).toBe(500)
    expect(await withAuditRefused(() => op(`/registrations/${id}/approve`, 'POST', {}))).toBe(500)
    expect(await one('SELECT state, user_id FROM registrations WHERE id = ?', id)).toEqual({
      state: 'pending',
      user_id: null,
    })
    // With the log writable again, the decision goes through, audited.
    expect((await op(`/registrations/${id}/reject`, 'POST', { reason: 'Incomplete' })).status).toBe(200)
    expect(
      await one("SELECT count(*) AS n FROM audit_log WHERE action = 'registration.reject' AND target_id = ?", id),
    ).toEqual({ n: 1 })
  })

  it('is not made: a reply to a contact request, a decision on an event application', async () => {
    const contact = await call('/siw/public/contact-us', {
      ip: uniqueIp(),
      body: {
        name: 'Elena',
        last_name: 'Petrova',
        email: uniqueEmail('atomic-contact'),
        phone: '+7 (912) 345-67-89',
        website: '',
        country: 'Kazakhstan',
        designation: 'Partner',
        message: 'We would like to discuss agro-processing.',
        purpose: 'exploring_investment_opportunities',
        company_name: 'Petrova Consulting',
        hash: '',
      },
    })
    expect(contact.status, JSON.stringify(contact.body)).toBe(200)
    const contactId = contact.body.content.id as number
    // A contact request is answered as its enquiry (docs/decisions/0056-enquiries.md#contact-requests).
    const enquiry = await one<{ id: number; updated_at: string }>(
      'SELECT id, updated_at FROM enquiries WHERE contact_id = ?',
      contactId,
    )
    const answer = (body: string) => op(`/enquiries/${enquiry!.id}/replies`, 'POST', { body })
    expect(await withAuditRefused(() => answer('An answer never recorded'))).toBe(500)
    expect(await one('SELECT count(*) AS n FROM enquiry_messages WHERE enquiry_id = ?', enquiry!.id)).toEqual({ n: 0 })
    expect(await one('SELECT updated_at FROM enquiries WHERE id = ?', enquiry!.id)).toEqual({
      updated_at: enquiry!.updated_at,
    })
    // With the log writable again, the reply is recorded with its audit row.
    const replied = await answer('An answer on the record')
    expect(replied.status).toBe(200)
    const row = await one<{ after: string }>(
      "SELECT after FROM audit_log WHERE action = 'enquiry.reply' AND target_id = ?",
      enquiry!.id,
    )
    expect(JSON.parse(row!.after)).toEqual({ reply: 'An answer on the record' })

    const application = await call('/siw/public/event-application', {
      ip: uniqueIp(),
      body: {
        event_id: 8,
        role: 'speaker',
        first_name: 'Maria',
        last_name: 'Rossi',
        middle_name: '',
        birth_date: '1988-04-12',
        gender: 'female',
        email: uniqueEmail('atomic-event'),
        phone: '393331234567',
        passport: 'ya1234567',
        country_id: 156,
        address: 'Via Roma 10, Milan',
        birthplace: 'Milan',
        organization: 'Rossi Impianti S.r.l.',
        position: 'CEO',
        activity: 'Industrial equipment',
        hash: '',
      },
    })
    expect(application.status, JSON.stringify(application.body)).toBe(200)
    const applicationId = application.body.content.id as number
    const decide = (decision: string) => op(`/inbox/event/${applicationId}/decision`, 'POST', { decision })
    expect(await withAuditRefused(() => decide('confirmed'))).toBe(500)
    expect(await one('SELECT decision FROM event_applications WHERE id = ?', applicationId)).toEqual({ decision: null })
    expect((await decide('declined')).status).toBe(200)
    expect(
      await one("SELECT count(*) AS n FROM audit_log WHERE action = 'inbox.decline' AND target_id = ?", applicationId),
    ).toEqual({ n: 1 })
  })

  it('is not made: an item deleted into the bin, or restored from it', async () => {
    const made = await op('/content/post', 'POST', { values: newsValues('Binned once') }, EDITOR)
    const id = made.body.content.id as number
    const inBin = () => one("SELECT count(*) AS n FROM bin WHERE kind = 'post' AND item_id = ?", id)
    expect(await withAuditRefused(() => op(`/content/post/${id}`, 'DELETE', undefined, EDITOR))).toBe(500)
    expect(await one('SELECT title_en FROM posts WHERE id = ?', id)).toEqual({ title_en: 'Binned once' })
    expect(await inBin()).toEqual({ n: 0 })

    const deleted = await op(`/content/post/${id}`, 'DELETE', undefined, EDITOR)
    expect(deleted.status).toBe(200)
    const binId = deleted.body.content.bin_id as number
    const row = await one<{ after: string }>(
      "SELECT after FROM audit_log WHERE action = 'content.delete' AND target_kind = 'post' AND target_id = ?",
      id,
    )
    expect(JSON.parse(row!.after)).toEqual({ bin: binId })

    expect(await withAuditRefused(() => op(`/bin/${binId}/restore`, 'POST', {}))).toBe(500)
    expect(await one('SELECT id FROM posts WHERE id = ?', id)).toBeNull()
    expect(await inBin()).toEqual({ n: 1 })
    expect((await op(`/bin/${binId}/restore`, 'POST', {})).status).toBe(200)
    expect(await inBin()).toEqual({ n: 0 })
  })

  it('is not made: a person’s contact data corrected, or their account erased', async () => {
    const person = await createUser({ profile: { phone: '4930111000' } })
    const contactOf = () =>
      one('SELECT u.email, p.phone FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?', person.id)
    const newEmail = uniqueEmail('investor')
    const correct = () => op(`/people/${person.id}/contact`, 'POST', { email: newEmail, phone: '4930222000' })
    expect(await withAuditRefused(correct)).toBe(500)
    expect(await contactOf()).toEqual({ email: person.email, phone: '4930111000' })
    // Nor is the old address told of a change that did not happen.
    expect(await one('SELECT count(*) AS n FROM outbox WHERE to_email = ?', person.email)).toEqual({ n: 0 })
    expect((await correct()).status).toBe(200)
    expect(await contactOf()).toEqual({ email: newEmail, phone: '4930222000' })

    expect(await withAuditRefused(() => op(`/people/${person.id}/erase`, 'POST', {}))).toBe(500)
    expect(await one('SELECT id FROM users WHERE id = ?', person.id)).toEqual({ id: person.id })
    expect((await op(`/people/${person.id}/erase`, 'POST', {})).status).toBe(200)
    expect(await one('SELECT id FROM users WHERE id = ?', person.id)).toBeNull()
  })
})

describe('an editor’s upload', () => {
  it('is not stored when its audit row cannot be written: no file row, no object', async () => {
    const form = new FormData()
    form.set('file', fileOf(PNG_BYTES, 'atomic-upload.png', 'image/png'))
    form.set('type', 'image')
    const count = () =>
      one<{ n: number }>("SELECT COUNT(*) AS n FROM files WHERE original_name = 'atomic-upload.png'").then((r) => r!.n)
    const objects = async () => (await env.UPLOADS.list({ prefix: 'content/' })).objects.length
    const before = await objects()
    const status = await withAuditRefused(() =>
      call('/core/operator/content/files', {
        body: form,
        headers: { 'Cf-Access-Jwt-Assertion': tokens[EDITOR]! },
        env: accessEnv(),
      }),
    )
    expect(status).toBe(500)
    expect(await count()).toBe(0)
    expect(await objects()).toBe(before)
  })
})
