/**
 * What the console's actions do, and that each is in the audit log with who, what, and the fields before and after
 * (docs/gateway-contract.md#operator): appeals, projects, registrations, the inbox and its export, operators. Files of
 * applications come through the gateway with the sandbox headers public uploads get, never by a public URL.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditOf,
  ensureOperators,
  gateway,
  locationOf,
  newAppeal,
  newContactRequest,
  newProject,
  newRegistration,
  OPERATORS,
  openAs,
  operatorId,
} from './helpers'

beforeAll(ensureOperators)

describe('appeals', () => {
  it('replies to an appeal in moderation: it is answered, the applicant is notified, the reply is audited', async () => {
    const { id, userId } = await newAppeal()
    const posted = await openAs('moderator', `/en/appeals/${id}/reply`, { reply: 'The licence was issued today.' })
    expect(posted.status).toBe(303)
    expect(locationOf(posted)).toBe(`/en/appeals/${id}?done=replied`)
    const page = await openAs('moderator', `/en/appeals/${id}?done=replied`)
    expect(page.html).toContain('The reply is sent.')
    expect(page.html).toContain('The licence was issued today.')
    const notes = await env.GATEWAY_DB.prepare('SELECT type FROM notifications WHERE user_id = ? ORDER BY id')
      .bind(userId)
      .all()
    expect(notes.results).toEqual([{ type: 'appeal_forwarded' }, { type: 'new_appeal_response' }])
    expect(await auditOf('appeal', id)).toEqual([
      {
        action: 'appeal.reply',
        email: OPERATORS.moderator,
        before: { status: 'in_moderation' },
        after: { status: 'reviewed', reply: 'The licence was issued today.' },
      },
    ])
  })

  it('rejects an appeal with its reason, and refuses an empty one at the field without deciding', async () => {
    const { id } = await newAppeal()
    const empty = await openAs('moderator', `/en/appeals/${id}/reject`, { reason: '  ' })
    expect(empty.status).toBe(422)
    expect(empty.html).toContain('<a href="#reject-reason">Give the reason.</a>')
    expect(await auditOf('appeal', id)).toEqual([])
    const posted = await openAs('admin', `/en/appeals/${id}/reject`, { reason: 'Not a question for the agency.' })
    expect(posted.status).toBe(303)
    expect(await auditOf('appeal', id)).toEqual([
      {
        action: 'appeal.reject',
        email: OPERATORS.admin,
        before: { status: 'in_moderation' },
        after: { status: 'not_resolved', reason: 'Not a question for the agency.' },
      },
    ])
  })
})

describe('projects and registrations', () => {
  it('approves one project and rejects another with a reason the owner’s page reads', async () => {
    const approved = await newProject()
    const rejected = await newProject()
    expect((await openAs('moderator', `/en/projects/${approved}/approve`, {})).status).toBe(303)
    expect(
      (await openAs('moderator', `/en/projects/${rejected}/reject`, { reason: 'Add the land lease agreement.' }))
        .status,
    ).toBe(303)
    const row = await env.GATEWAY_DB.prepare('SELECT state, reject_reason FROM personal_projects WHERE id = ?')
      .bind(rejected)
      .first()
    expect(row).toEqual({ state: 'rejected', reject_reason: 'Add the land lease agreement.' })
    expect(await auditOf('project', approved)).toEqual([
      {
        action: 'project.approve',
        email: OPERATORS.moderator,
        before: { state: 'pending' },
        after: { state: 'approved' },
      },
    ])
    expect(await auditOf('project', rejected)).toEqual([
      {
        action: 'project.reject',
        email: OPERATORS.moderator,
        before: { state: 'pending' },
        after: { state: 'rejected', reason: 'Add the land lease agreement.' },
      },
    ])
  })

  it('approves a registration (the account opens) and rejects another, each audited', async () => {
    const approve = await newRegistration()
    const reject = await newRegistration()
    expect((await openAs('moderator', `/en/registrations/${approve}/approve`, {})).status).toBe(303)
    const account = await env.GATEWAY_DB.prepare('SELECT user_id FROM registrations WHERE id = ?').bind(approve).first<{
      user_id: number
    }>()
    expect(account!.user_id).toEqual(expect.any(Number))
    expect(
      (await openAs('moderator', `/en/registrations/${reject}/reject`, { reason: 'Unknown company.' })).status,
    ).toBe(303)
    expect(await auditOf('registration', approve)).toEqual([
      {
        action: 'registration.approve',
        email: OPERATORS.moderator,
        before: { state: 'pending' },
        after: { state: 'approved', user_id: account!.user_id },
      },
    ])
    expect((await auditOf('registration', reject)).map((r) => [r.action, r.after])).toEqual([
      ['registration.reject', { state: 'rejected', reason: 'Unknown company.' }],
    ])
  })
})

describe('the inbox', () => {
  it('leads a contact request’s old address to its enquiry, which shows the form’s fields and is found by kind', async () => {
    const id = await newContactRequest('Olga')
    const old = await openAs('moderator', `/en/inbox/contact/${id}`)
    expect(old.status).toBe(301)
    const enquiry = locationOf(old)!
    expect(enquiry).toMatch(/^\/en\/enquiries\/\d+$/)
    const page = await openAs('moderator', enquiry)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Contact request')
    expect(page.html).toContain('Olga Petrova')
    expect(page.html).toContain('Media') // the form's purpose, in the operator's language
    const contacts = await openAs('moderator', '/en/enquiries?kind=contact')
    expect(contacts.html).toContain(`href="${enquiry}"`)
    expect((await openAs('moderator', '/en/enquiries?kind=interest')).html).not.toContain(`href="${enquiry}"`)
    expect((await openAs('moderator', '/en/inbox/contact/999999999')).status).toBe(404)
  })

  it('exports contact requests as CSV with a visitor’s formula made inert, and audits the export', async () => {
    const tag = `Exp${crypto.randomUUID().slice(0, 6)}`
    await newContactRequest(tag, `=HYPERLINK("http://evil.example","click") ${tag}`)
    const list = await openAs('moderator', `/en/enquiries?kind=contact&q=${tag}`)
    expect(list.html).toContain(`${tag} Petrova`)
    const csv = await openAs('moderator', `/en/enquiries/export.csv?kind=contact&q=${tag}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = csv.html
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"Contact request"')
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") ${tag}"`)
    const exports = await env.GATEWAY_DB.prepare(
      "SELECT after FROM audit_log WHERE action = 'enquiry.export' AND operator_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(await operatorId(OPERATORS.moderator))
      .first<{ after: string }>()
    expect(JSON.parse(exports!.after)).toMatchObject({ kind: 'contact', q: tag, rows: 1 })
  })

  it('serves an event application’s documents through the gateway with the sandbox headers, to moderators only', async () => {
    const { id, upload_token } = await gateway('/siw/public/event-application', {
      event_id: (await env.GATEWAY_DB.prepare('SELECT id FROM events LIMIT 1').first<{ id: number }>())?.id ?? 1,
      role: 'participant',
      first_name: 'Kamola',
      last_name: 'Rashidova',
      middle_name: '',
      birth_date: '1990-04-12',
      gender: 'female',
      email: 'kamola@applicant.test',
      phone: '998901234500',
      passport: 'AA1234567',
      country_id: 1,
      address: 'Tashkent',
      birthplace: 'Tashkent',
      organization: 'UzAgro',
      position: 'Manager',
      activity: '',
      hash: '',
    })
    const form = new FormData()
    form.set('application_id', String(id))
    form.set('upload_token', upload_token)
    form.set('passport', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'passport.pdf'))
    form.set('image', new File([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], 'photo.png'))
    const uploaded = await env.GATEWAY.fetch('http://gateway.test/document/public/event-application', {
      method: 'POST',
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const record = await openAs('moderator', `/en/inbox/event/${id}`)
    const links = [...record.html.matchAll(/href="(\/en\/files\/[\w-]+)"/g)].map((m) => m[1]!)
    expect(links).toHaveLength(2)
    const passport = await openAs('moderator', links[0]!)
    expect(passport.status).toBe(200)
    expect(passport.headers.get('content-type')).toBe('application/pdf')
    expect(passport.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(passport.headers.get('x-content-type-options')).toBe('nosniff')
    expect(passport.headers.get('content-disposition')).toMatch(/^attachment; filename="passport.pdf"/)
    expect(passport.headers.get('cache-control')).toBe('private, no-store')
    expect(passport.html).toContain('%PDF-1.7')
    expect((await openAs('editor', links[0]!)).status).toBe(403)
    // The file is private: the public file route does not know it.
    const fileId = links[0]!.split('/').pop()
    expect((await env.GATEWAY.fetch(`http://gateway.test/document/public/file/${fileId}`)).status).toBe(404)
  })
})

describe('answers and decisions from the inbox', () => {
  const application = async (eventId: number, first_name: string) =>
    gateway('/siw/public/event-application', {
      event_id: eventId,
      role: 'speaker',
      first_name,
      last_name: 'Rashidova',
      middle_name: '',
      birth_date: '1990-04-12',
      gender: 'female',
      email: `${first_name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@applicant.test`,
      phone: '998901234500',
      passport: 'AA1234567',
      country_id: 1,
      address: 'Tashkent',
      birthplace: 'Tashkent',
      organization: 'UzAgro',
      position: 'Manager',
      activity: '',
      hash: '',
    }) as Promise<{ id: number; reference: string }>

  it('replies to a contact request from its enquiry: mailed with its link, kept in the thread, audited', async () => {
    const id = await newContactRequest('Irina')
    const enquiry = Number(
      locationOf(await openAs('moderator', `/en/inbox/contact/${id}`))!
        .split('/')
        .pop(),
    )
    const empty = await openAs('moderator', `/en/enquiries/${enquiry}/replies`, { body: ' ' })
    expect(empty.status).toBe(422)
    expect(empty.html).toContain('href="#enquiry-reply"')
    const posted = await openAs('moderator', `/en/enquiries/${enquiry}/replies`, { body: 'We can meet on Friday.' })
    expect(posted.status).toBe(303)
    const page = await openAs('admin', `/en/enquiries/${enquiry}`)
    expect(page.html).toContain('We can meet on Friday.')
    expect(page.html).toContain('Demo moderator')
    const mail = await env.GATEWAY_DB.prepare(
      "SELECT o.text FROM outbox o JOIN contact_requests r ON r.email = o.to_email WHERE r.id = ? AND o.kind = 'contact-reply'",
    )
      .bind(id)
      .all<{ text: string }>()
    expect(mail.results).toHaveLength(1)
    expect(mail.results[0]!.text).toContain('We can meet on Friday.')
    expect(mail.results[0]!.text).toMatch(/\/enquiry\/\d+\.[\w-]+/)
    expect((await auditOf('enquiry', enquiry)).map((r) => [r.action, r.email])).toEqual([
      ['enquiry.reply', OPERATORS.moderator],
    ])
  })

  it('filters applications by event, the export following, and confirms or declines each once', async () => {
    const events = await env.GATEWAY_DB.prepare('SELECT id FROM events ORDER BY id LIMIT 2').all<{ id: number }>()
    const [one, other] = events.results.map((e) => e.id) as [number, number]
    // Three letters first: `Ev` and six digits would read as a reference (EV-1234-56).
    const tag = `Evt${crypto.randomUUID().slice(0, 6)}`
    const first = await application(one, tag)
    const second = await application(other, tag)
    const list = await openAs('moderator', `/en/inbox?kind=event&handled=all&q=${tag}&event_id=${one}`)
    expect([...list.html.matchAll(/data-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([first.id])
    expect(list.html).toContain(first.reference)
    expect(list.html).toContain(`<option value="${other}">`)
    const csv = await openAs('moderator', `/en/inbox/export.csv?kind=event&handled=all&q=${tag}&event_id=${other}`)
    const rows = csv.html
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
    expect(rows.map((l) => Number(l.split(',')[0]!.replace(/"/g, '')))).toEqual([second.id])
    expect(rows[0]).toContain(second.reference)

    const confirmed = await openAs('moderator', `/en/inbox/event/${first.id}/decision`, { decision: 'confirmed' })
    expect(locationOf(confirmed)).toBe(`/en/inbox/event/${first.id}?done=applicants.confirmed`)
    const page = await openAs('moderator', `/en/inbox/event/${first.id}?done=applicants.confirmed`)
    expect(page.html).toContain('The application is confirmed; the applicant is mailed the badge details.')
    expect(page.html).not.toContain('name="decision"')
    const again = await openAs('moderator', `/en/inbox/event/${first.id}/decision`, { decision: 'declined' })
    expect(again.status).toBe(409)
    const declined = await openAs('admin', `/en/inbox/event/${second.id}/decision`, {
      decision: 'declined',
      reason: 'The hall is full.',
    })
    expect(locationOf(declined)).toBe(`/en/inbox/event/${second.id}?done=applicants.declined`)
    expect((await auditOf('event_application', first.id)).map((r) => [r.action, r.after])).toEqual([
      ['inbox.confirm', { decision: 'confirmed' }],
    ])
    expect((await auditOf('event_application', second.id)).map((r) => [r.action, r.after])).toEqual([
      ['inbox.decline', { decision: 'declined', reason: 'The hall is full.' }],
    ])
  })
})

describe('operators', () => {
  it('adds an operator, changes the role and removes them, each audited; the last admin stays', async () => {
    const email = `new-${crypto.randomUUID().slice(0, 6)}@console.test`
    expect((await openAs('admin', '/en/operators', { email, name: 'Nodira', role: 'moderator' })).status).toBe(303)
    const id = await operatorId(email)
    expect((await openAs('admin', `/en/operators/${id}/role`, { role: 'editor' })).status).toBe(303)
    expect((await openAs('admin', `/en/operators/${id}/remove`, {})).status).toBe(303)
    expect((await auditOf('operator', id)).map((r) => [r.action, r.email, r.before, r.after])).toEqual([
      ['operator.add', OPERATORS.admin, null, { email, name: 'Nodira', role: 'moderator' }],
      ['operator.role', OPERATORS.admin, { role: 'moderator' }, { role: 'editor' }],
      ['operator.remove', OPERATORS.admin, { email, role: 'editor' }, null],
    ])

    // The demo admin is the only admin: they can neither leave nor step down.
    const { results } = await env.GATEWAY_DB.prepare(
      "SELECT id FROM operators WHERE role = 'admin' AND removed_at IS NULL",
    ).all<{ id: number }>()
    expect(results).toEqual([{ id: await operatorId(OPERATORS.admin) }])
    const self = await operatorId(OPERATORS.admin)
    const removal = await openAs('admin', `/en/operators/${self}/remove`, {})
    expect(removal.status).toBe(409)
    expect(removal.html).toContain('this is the last one')
    expect((await openAs('admin', `/en/operators/${self}/role`, { role: 'moderator' })).status).toBe(409)
    expect(await auditOf('operator', self)).toEqual([])
  })

  it('shows the audit log to an admin, filtered by action', async () => {
    const { id } = await newAppeal()
    await openAs('moderator', `/en/appeals/${id}/reply`, { reply: 'Audited reply.' })
    const log = await openAs('admin', `/en/audit?action=appeal.reply&target=appeal&target_id=${id}`)
    expect(log.status).toBe(200)
    expect([...log.html.matchAll(/data-action="([a-z.]+)"/g)].map((m) => m[1])).toEqual(['appeal.reply'])
    expect(log.html).toContain(`href="/en/appeals/${id}"`)
    expect(log.html).toContain('<ins>Audited reply.</ins>')
  })

  it('names every action and record the log can hold in each language, never by its key', async () => {
    for (const lang of ['en', 'ru', 'uz']) {
      const log = await openAs('admin', `/${lang}/audit`)
      expect(log.status).toBe(200)
      const options = [...log.html.matchAll(/<option value="([a-z_.]+)"[^>]*>([^<]*)<\/option>/g)]
      expect(options.map((m) => m[1])).toEqual(expect.arrayContaining(['file.upload', 'file.download', 'file']))
      expect(
        options.filter((m) => /^audit\./.test(m[2]!)).map((m) => m[1]),
        lang,
      ).toEqual([])
    }
  })
})

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
