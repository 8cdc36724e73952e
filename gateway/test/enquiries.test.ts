/**
 * Enquiries (docs/gateway-contract.md#enquiries): interest in a project answered with a reference and one receipt, the
 * same person's second interest of the day merged into the first, the refusals of closed and unpublished projects and
 * of unbounded fields, the signed link and the profile's list, and the pipeline's calls behind the moderation role,
 * each change audited.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser, uniqueEmail } from './helpers'

const MODERATOR = 'pipeline-moderator@agency.example'
const EDITOR = 'pipeline-editor@agency.example'
const tokens: Record<string, string> = {}
const projects = { open: 0, closed: 0, draft: 0 }

beforeAll(async () => {
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [MODERATOR, 'moderator'],
      [EDITOR, 'editor'],
    ]),
  )
  // Three catalogue projects of the seeded references: open, closed, and a draft readers do not see.
  const project = (status: string, publication: string) =>
    env.DB.prepare(
      `INSERT INTO projects (category_id, sector_id, region_id, title_en, status, publication, updated_at)
       VALUES ((SELECT min(id) FROM project_categories), (SELECT min(id) FROM sectors), (SELECT min(id) FROM regions),
         'Enquiry test project', ?, ?, ?) RETURNING id`,
    )
      .bind(status, publication, new Date().toISOString())
      .first<number>('id')
  projects.open = (await project('open_for_investment', 'published'))!
  projects.closed = (await project('closed', 'published'))!
  projects.draft = (await project('open_for_investment', 'draft'))!
})

const op = (path: string, options: { method?: string; body?: unknown; as?: string } = {}) =>
  call(`/core/operator/enquiries${path}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    body: options.body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[options.as ?? MODERATOR]! },
    env: accessEnv(),
  })

const interest = (overrides: Record<string, unknown> = {}) => ({
  project_id: projects.open,
  timeframe: 'within_6_months',
  amount_id: '',
  country_id: 2,
  message: 'We would like to discuss a joint venture for this project.',
  name: 'Kadri Tamm',
  email: uniqueEmail('enquirer'),
  phone: '+372 5123 4567',
  company_name: 'Baltic Timber Partners',
  hash: '',
  ...overrides,
})

const receiptsTo = async (email: string) =>
  (
    await env.DB.prepare("SELECT text FROM outbox WHERE to_email = ? AND kind = 'enquiry-receipt'")
      .bind(email)
      .all<{ text: string }>()
  ).results

/** The signed link a receipt carries: its token. */
const tokenIn = (text: string) => /\/enquiry\/(\d+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''

describe('expressing interest', () => {
  it('answers a reference and mails one receipt; a second interest within the day joins the first', async () => {
    const body = interest()
    const first = await call('/siw/enquiry', { body })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.content.reference).toMatch(/^IN-\d{4}-\d{6}$/)
    expect(first.body.content.merged).toBe(false)

    const again = await call('/siw/enquiry', {
      body: { ...body, email: body.email.toUpperCase(), message: 'Also: is the land plot included in the offer?' },
    })
    expect(again.status).toBe(200)
    expect(again.body.content).toMatchObject({ id: first.body.content.id, merged: true })

    const receipts = await receiptsTo(body.email)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.text).toContain(first.body.content.reference)
    const detail = await op(`/${first.body.content.id}`)
    expect(detail.body.content.thread.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
      ['message', 'Also: is the land plot included in the offer?'],
    ])

    // Another project, or the same one a day later, is an enquiry of its own.
    await env.DB.prepare("UPDATE enquiries SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(first.body.content.id)
      .run()
    const later = await call('/siw/enquiry', { body })
    expect(later.body.content.merged).toBe(false)
    expect(later.body.content.id).not.toBe(first.body.content.id)
  })

  it('refuses closed and unpublished projects, and unbounded or missing fields', async () => {
    const closed = await call('/siw/enquiry', { body: interest({ project_id: projects.closed }) })
    expect([closed.status, closed.body.result.code]).toEqual([409, 'project_closed'])
    for (const project_id of [projects.draft, 99_999_999]) {
      const unavailable = await call('/siw/enquiry', { body: interest({ project_id }) })
      expect([unavailable.status, unavailable.body.result.code]).toEqual([409, 'project_unavailable'])
    }
    const long = await call('/siw/enquiry', { body: interest({ message: 'x'.repeat(3001), name: 'n'.repeat(101) }) })
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual(expect.arrayContaining(['message', 'name']))
    const anonymous = await call('/siw/enquiry', { body: interest({ email: '', name: '' }) })
    expect([anonymous.status, anonymous.body.errors]).toEqual([422, ['name', 'email']])
    const timeframe = await call('/siw/enquiry', { body: interest({ timeframe: 'someday' }) })
    expect([timeframe.status, timeframe.body.errors]).toEqual([422, ['timeframe']])
    const count = await env.DB.prepare('SELECT count(*) AS n FROM enquiries WHERE project_id IN (?, ?)')
      .bind(projects.closed, projects.draft)
      .first<number>('n')
    expect(count).toBe(0)
  })

  it('takes a signed-in investor as their account, and lists it under theirs with the replies only', async () => {
    const user = await createUser()
    const sent = await call('/siw/enquiry', {
      token: user.token,
      body: interest({ name: 'Someone Else', email: 'someone@else.example' }),
    })
    expect(sent.status).toBe(200)
    const mine = await call('/siw/enquiry/mine', { token: user.token })
    expect(mine.body.content.map((e: { id: number }) => e.id)).toEqual([sent.body.content.id])
    const detail = await op(`/${sent.body.content.id}`)
    expect(detail.body.content).toMatchObject({ email: user.email, signed_in: true })

    await op(`/${sent.body.content.id}/notes`, { body: { body: 'Internal: a strong lead.' } })
    await op(`/${sent.body.content.id}/replies`, { body: { body: 'Thank you, we will call you on Monday.' } })
    const after = await call('/siw/enquiry/mine', { token: user.token })
    expect(after.body.content[0].replies.map((r: { body: string }) => r.body)).toEqual([
      'Thank you, we will call you on Monday.',
    ])
    expect(JSON.stringify(after.body)).not.toContain('Internal')
    expect((await call('/siw/enquiry/mine')).status).toBe(401)
  })

  it('shows an enquiry by the link of its receipt, and nothing by a forged one', async () => {
    const body = interest()
    const sent = await call('/siw/enquiry', { body })
    const token = tokenIn((await receiptsTo(body.email))[0]!.text)
    const byLink = await call(`/siw/enquiry/link/${token}`)
    expect(byLink.status).toBe(200)
    expect(byLink.body.content).toMatchObject({ reference: sent.body.content.reference, status: 'new', replies: [] })
    const [id, signature] = token.split('.') as [string, string]
    const forged = `${Number(id) + 1}.${signature}`
    expect((await call(`/siw/enquiry/link/${forged}`)).status).toBe(404)
    expect((await call('/siw/enquiry/link/not-a-token')).status).toBe(404)
  })
})

describe('the pipeline', () => {
  it('is the moderation role’s: an editor is refused every call', async () => {
    const sent = await call('/siw/enquiry', { body: interest() })
    const id = sent.body.content.id
    for (const [path, body] of [
      ['', undefined],
      ['/export', undefined],
      [`/${id}`, undefined],
      [`/${id}`, { status: 'in_contact' }],
      [`/${id}/notes`, { body: 'x' }],
      [`/${id}/replies`, { body: 'x' }],
    ] as const) {
      const refused = await op(path, { as: EDITOR, body })
      expect([path, refused.status]).toEqual([path, 403])
    }
    expect((await call('/core/operator/enquiries', { env: accessEnv() })).status).toBe(403)
  })

  it('moves an enquiry on, audits each change in its batch, and mails the enquirer', async () => {
    const body = interest()
    const sent = await call('/siw/enquiry', { body })
    const id = sent.body.content.id
    const detail = await op(`/${id}`)
    const moderator = detail.body.content.assignees.find((a: { email: string }) => a.email === MODERATOR)
    expect(moderator).toBeTruthy()
    expect(detail.body.content.assignees.some((a: { email: string }) => a.email === EDITOR)).toBe(false)

    const change = { status: 'in_contact', assignee_id: moderator.id, due_date: '2027-01-15' }
    const moved = await op(`/${id}`, { body: change })
    expect(moved.body.content).toEqual({ id, status: 'in_contact', changed: true })
    expect((await op(`/${id}`, { body: change })).body.content.changed).toBe(false)

    const audit = await env.DB.prepare(
      "SELECT action, before, after FROM audit_log WHERE target_kind = 'enquiry' AND target_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{ action: string; before: string; after: string }>()
    expect(audit.results.map((r) => r.action)).toEqual(['enquiry.update'])
    expect(JSON.parse(audit.results[0]!.after)).toEqual({
      status: 'in_contact',
      assignee_id: moderator.id,
      due_date: '2027-01-15',
    })
    const mails = await env.DB.prepare('SELECT kind FROM outbox WHERE to_email = ? ORDER BY id')
      .bind(body.email)
      .all<{ kind: string }>()
    expect(mails.results.map((m) => m.kind)).toEqual(['enquiry-receipt', 'enquiry-status'])

    const list = await op(`?status=in_contact&assignee_id=${moderator.id}`)
    expect(list.body.content.items.map((e: { id: number }) => e.id)).toContain(id)
    expect(list.body.content.counts.in_contact).toBeGreaterThanOrEqual(1)
    const unassigned = await op('?assignee_id=none')
    expect(unassigned.body.content.items.map((e: { id: number }) => e.id)).not.toContain(id)
  })

  it('refuses a closed enquiry without an outcome, a lost one without a reason, and an assignee outside moderation', async () => {
    const sent = await call('/siw/enquiry', { body: interest() })
    const id = sent.body.content.id
    const editor = await env.DB.prepare('SELECT id FROM operators WHERE email = ?').bind(EDITOR).first<number>('id')
    for (const [change, field] of [
      [{ status: 'closed' }, 'outcome'],
      [{ status: 'closed', outcome: 'lost' }, 'outcome_reason'],
      [{ status: 'meeting', outcome: 'won' }, 'outcome'],
      [{ status: 'meeting', assignee_id: editor }, 'assignee_id'],
      [{ status: 'meeting', due_date: '2027-02-30' }, 'due_date'],
      [{ status: 'meeting', outcome_reason: 'r'.repeat(501) }, 'outcome_reason'],
    ] as const) {
      const refused = await op(`/${id}`, { body: change })
      expect([refused.status, refused.body.errors]).toEqual([422, [field]])
    }
    const closed = await op(`/${id}`, {
      body: { status: 'closed', outcome: 'lost', outcome_reason: 'Chose another site' },
    })
    expect(closed.body.content.status).toBe('closed')
    expect((await op(`/${id}/replies`, { body: { body: '' } })).status).toBe(422)
    expect((await op('/99999999')).status).toBe(404)
  })
})

describe('interest per project and on the overview', () => {
  const content = (path: string, as: string) =>
    call(`/core/operator/content/project${path}`, {
      headers: { 'Cf-Access-Jwt-Assertion': tokens[as]! },
      env: accessEnv(),
    })

  it('counts each project’s enquiries for the editors’ list and screen, and orders the list by them', async () => {
    // The closed project gets twelve enquiries written straight into the table (the form refuses it): the most.
    for (let i = 0; i < 12; i++)
      await env.DB.prepare(
        `INSERT INTO enquiries (project_id, email, name, timeframe, message, lang, status, created_at, updated_at)
         VALUES (?1, ?2, 'Kadri Tamm', 'later', 'An enquiry from before the project closed.', 'en', 'new', ?3, ?3)`,
      )
        .bind(projects.closed, uniqueEmail('earlier'), '2026-01-01T00:00:00.000Z')
        .run()
    const byInterest = await content('?sort=interest', EDITOR)
    expect(byInterest.status).toBe(200)
    const first = byInterest.body.content.items[0]
    expect(first.id).toBe(projects.closed)
    expect(first.interest).toBe(12)
    const counts = byInterest.body.content.items.map((i: { interest: number }) => i.interest)
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a))
    const screen = await content(`/${projects.closed}`, EDITOR)
    expect(screen.body.content.interest).toBe(12)
    // The default order is unchanged (newest first), and a kind without enquiries cannot be ordered by them.
    const ids = (await content('', EDITOR)).body.content.items.map((i: { id: number }) => i.id)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a))
    const post = await call('/core/operator/content/post?sort=interest', {
      headers: { 'Cf-Access-Jwt-Assertion': tokens[EDITOR]! },
      env: accessEnv(),
    })
    expect([post.status, post.body.errors]).toEqual([422, ['sort']])
  })

  it('gives the overview each status’s count and the open enquiries untouched for a week', async () => {
    const overview = await call('/core/operator/overview', {
      headers: { 'Cf-Access-Jwt-Assertion': tokens[MODERATOR]! },
      env: accessEnv(),
    })
    const { enquiries } = overview.body.content
    expect(enquiries.stale_days).toBe(7)
    // The twelve written on 1 January are open and untouched since.
    expect(enquiries.stale).toBeGreaterThanOrEqual(12)
    expect(enquiries.counts.new).toBeGreaterThanOrEqual(12)
    const list = await op('')
    expect(list.body.content.counts).toEqual(enquiries.counts)
    expect(list.body.content.stale).toBe(enquiries.stale)
  })
})

describe('contact requests in the pipeline', () => {
  const contact = (email: string, message = 'Please send the agency’s brochure on the free economic zones.') =>
    call('/siw/public/contact-us', {
      lang: 'en',
      body: {
        name: 'Aigerim',
        last_name: 'Sadykova',
        email,
        phone: '+7 701 234 5678',
        website: 'https://steppe.example',
        country: 'Kazakhstan',
        designation: 'Director',
        message,
        purpose: 'exploring_investment_opportunities',
        company_name: 'Steppe Logistics',
        hash: '',
      },
    })

  it('makes each request an enquiry of its own kind, found by kind, reference and text, with the form’s fields', async () => {
    const email = uniqueEmail('contact-enquiry')
    const sent = await contact(email, 'Which zones take logistics investors? Tag Zq7xk.')
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const byReference = await op(`?q=${sent.body.content.reference}`)
    expect(byReference.body.content.items).toHaveLength(1)
    const item = byReference.body.content.items[0]
    expect(item).toMatchObject({
      kind: 'contact',
      contact_id: sent.body.content.id,
      reference: sent.body.content.reference,
      project: null,
      timeframe: null,
      name: 'Aigerim Sadykova',
      email,
      status: 'new',
    })
    const byText = await op('?q=Zq7xk&kind=contact')
    expect(byText.body.content.items.map((e: { id: number }) => e.id)).toEqual([item.id])
    expect((await op('?q=Zq7xk&kind=interest')).body.content.items).toEqual([])
    const detail = await op(`/${item.id}`)
    expect(detail.body.content.contact).toEqual({
      website: 'https://steppe.example',
      country: 'Kazakhstan',
      designation: 'Director',
      purpose: 'exploring_investment_opportunities',
    })
    // The same address writing twice is two requests: only interest in one project merges.
    const again = await contact(email)
    expect((await op(`?q=${encodeURIComponent(email)}`)).body.content.items.map((e: { id: number }) => e.id)).toEqual([
      (await op(`?q=${again.body.content.reference}`)).body.content.items[0].id,
      item.id,
    ])
  })

  it('moves a request through the pipeline, mailing the sender under their contact choice, and lists it under their account', async () => {
    const user = await createUser()
    const sent = await contact(user.email)
    const [item] = (await op(`?q=${sent.body.content.reference}`)).body.content.items
    const moved = await op(`/${item.id}`, {
      body: { status: 'in_contact', outcome: '', outcome_reason: '', assignee_id: '', due_date: '' },
    })
    expect(moved.body.content).toMatchObject({ status: 'in_contact', changed: true })
    const status = await env.DB.prepare("SELECT text FROM outbox WHERE to_email = ? AND kind = 'contact-status'")
      .bind(user.email)
      .first<{ text: string }>()
    expect(status!.text).toContain(sent.body.content.reference)
    // Its unsubscribe is the contact form's choice, not interest in projects.
    expect(status!.text).toContain('Stop mail about your messages to the agency')
    expect(status!.text).toContain('An adviser')
    // A request names no project: the mail has no empty "Project" line.
    expect(status!.text).not.toMatch(/Project\b/)
    const mine = await call('/siw/enquiry/mine', { token: user.token })
    expect(mine.body.content).toEqual([
      expect.objectContaining({
        kind: 'contact',
        project: null,
        reference: sent.body.content.reference,
        status: 'in_contact',
        message: 'Please send the agency’s brochure on the free economic zones.',
      }),
    ])
  })

  it('lists only the open enquiries untouched for a week when asked', async () => {
    const stale = await op('?stale=1')
    expect(stale.body.content.filter.stale_before).toEqual(expect.any(String))
    expect(stale.body.content.items.length).toBeGreaterThan(0)
    const before = Date.parse(stale.body.content.filter.stale_before)
    for (const e of stale.body.content.items as { status: string; updated_at: string }[]) {
      expect(e.status).not.toBe('closed')
      expect(Date.parse(e.updated_at)).toBeLessThan(before)
    }
    expect(stale.body.content.items.length).toBeLessThanOrEqual(stale.body.content.stale)
  })
})
