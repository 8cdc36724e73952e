import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createUser, ensureSeeded, moderate, PNG_BYTES, type TestUser } from './helpers'

beforeAll(ensureSeeded)

/** A random 9-digit TIN and 14-digit PINFL: two accounts never share one (docs/security.md#personal-services). */
const uniqueTin = () => String(300_000_000 + Math.floor(Math.random() * 99_999_999))
const uniquePin = () => `3${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`

const PROJECT = {
  title: { en: 'Cold storage in Samarkand', ru: 'Холодильный склад в Самарканде', uz: 'Samarqandda sovutish ombori' },
  content: { en: '<p>A 5 000 t fruit storage.</p>', ru: '<p>Склад на 5 000 т.</p>', uz: '<p>5 000 t ombor.</p>' },
  category_id: 1,
  sector_id: 11,
  region_id: 1718,
  budget: 2_500_000,
  status: 'open_for_investment',
  latitude: 39.65,
  longitude: 66.96,
  phone: '998901112233',
  email: 'projects@test.example',
  budgets: [{ sum: 1_000_000 }, { sum: 1_500_000 }],
}

const createProject = (user: TestUser, extra: Record<string, unknown> = {}) =>
  call('/siw/personal/project', { token: user.token, body: { ...PROJECT, ...extra } })

async function createApprovedProject(user: TestUser) {
  const id = (await createProject(user)).body.content.id as number
  await moderate({ kind: 'project', id, action: 'approve' })
  return id
}

describe('POST /siw/personal/project', () => {
  it('creates a pending project with locale objects and budgets, and notifies the owner', async () => {
    const user = await createUser()
    const { body } = await createProject(user, { state: 'approved', user_id: 1, unknown: 'x' })
    expect(body.content).toMatchObject({
      title: PROJECT.title,
      content: PROJECT.content,
      category_id: 1,
      sector_id: 11,
      region_id: 1718,
      budget: 2_500_000,
      status: 'open_for_investment',
      budgets: [
        { id: expect.any(Number), sum: 1_000_000 },
        { id: expect.any(Number), sum: 1_500_000 },
      ],
      state: 'pending',
      reject_reason: null,
      draft: false,
      upload: null,
      presentation: { en: null, ru: null, uz: null },
      createdAt: expect.any(String),
    })
    expect(body.content).not.toHaveProperty('unknown')
    const notes = (await call('/siw/notification', { token: user.token })).body.content
    expect(notes[0]).toMatchObject({ type: 'new_project', link: `/profile/my-projects/form/${body.content.id}` })
    expect(notes[0].message).toContain('Cold storage in Samarkand')
  })

  it('sanitises the HTML content', async () => {
    const user = await createUser()
    const content = {
      en: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://uz.example">ok</a></p><!-- c --><iframe src="//e"></iframe>',
    }
    const { body } = await createProject(user, { content })
    expect(body.content.content.en).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow">x</a> <a href="https://uz.example/" rel="noopener noreferrer nofollow">ok</a></p>',
    )
  })

  it('names each invalid field', async () => {
    const user = await createUser()
    const r = await createProject(user, {
      title: { en: '', ru: '', uz: '' },
      category_id: 999,
      sector_id: 'x',
      region_id: 15,
      budget: -1,
      status: 'sold',
      latitude: 91,
      longitude: 'east',
      phone: '12ab',
      email: 'nope',
      budgets: [{ sum: -5 }],
    })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        'title',
        'category_id',
        'sector_id',
        'region_id',
        'budget',
        'status',
        'latitude',
        'longitude',
        'phone',
        'email',
        'budgets.0.sum',
      ]),
    )
    expect((await createProject(user, { budgets: [{ id: 1, sum: 5 }] })).body.errors).toEqual(['budgets'])
  })
})

describe('reading projects', () => {
  it('pages the user’s own projects', async () => {
    const user = await createUser()
    for (let i = 0; i < 3; i++) await createProject(user, { budget: i })
    const { body } = await call('/siw/personal/project?page=1&size=2', { token: user.token })
    expect(body.pageable).toEqual({ total: 3, current: 1, prev: 0, next: null })
    expect(body.content.map((p: any) => p.budget)).toEqual([0])
  })

  it('answers not_found for another user’s project on every call', async () => {
    const owner = await createUser()
    const other = await createUser()
    const id = await createApprovedProject(owner)
    for (const r of [
      await call(`/siw/personal/project/${id}`, { token: other.token }),
      await call(`/siw/personal/project?id=${id}`, { method: 'PUT', token: other.token, body: PROJECT }),
      await call(`/siw/personal/project/set-visible/${id}`, { method: 'POST', token: other.token }),
    ]) {
      expect(r.status).toBe(404)
      expect(r.body.result.code).toBe('not_found')
    }
    expect((await call(`/siw/personal/project/${id}`, { token: owner.token })).body.content.state).toBe('approved')
  })

  it('needs a bearer token', async () => {
    expect((await call('/siw/personal/project')).status).toBe(401)
  })
})

describe('PUT /siw/personal/project', () => {
  it('refuses changes while the project waits for moderation', async () => {
    const user = await createUser()
    const id = (await createProject(user)).body.content.id
    const r = await call(`/siw/personal/project?id=${id}`, { method: 'PUT', token: user.token, body: PROJECT })
    expect(r.status).toBe(409)
    expect(r.body.result.code).toBe('invalid_state')
  })

  it('updates a moderated project, edits and deletes budgets, and sends it back to moderation', async () => {
    const user = await createUser()
    const id = await createApprovedProject(user)
    const before = (await call(`/siw/personal/project/${id}`, { token: user.token })).body.content
    const [keep, drop] = before.budgets
    const r = await call(`/siw/personal/project?id=${id}`, {
      method: 'PUT',
      token: user.token,
      body: {
        ...PROJECT,
        title: { ...PROJECT.title, en: 'Cold storage, phase 2' },
        budgets: [{ id: keep.id, sum: 1_200_000 }, { sum: 300_000 }],
        deleted_budgets: [drop.id],
      },
    })
    expect(r.body.content).toMatchObject({ state: 'pending', title: { en: 'Cold storage, phase 2' } })
    expect(r.body.content.budgets).toEqual([
      { id: keep.id, sum: 1_200_000 },
      { id: expect.any(Number), sum: 300_000 },
    ])
    expect((await call('/siw/notification', { token: user.token })).body.content[0].type).toBe('update_project')
  })

  it('refuses budgets of another project', async () => {
    const user = await createUser()
    const other = await createUser()
    const id = await createApprovedProject(user)
    const foreign = (await createProject(other)).body.content.budgets[0].id
    const r = await call(`/siw/personal/project?id=${id}`, {
      method: 'PUT',
      token: user.token,
      body: { ...PROJECT, budgets: [{ id: foreign, sum: 1 }], deleted_budgets: [foreign] },
    })
    expect(r.body.errors).toEqual(['budgets.0.id', 'deleted_budgets.0'])
  })

  it('keeps rejected projects editable and clears the reason on resubmission', async () => {
    const user = await createUser()
    const id = (await createProject(user)).body.content.id
    await moderate({ kind: 'project', id, action: 'reject', reason: 'Add the land plot documents.' })
    const rejected = (await call(`/siw/personal/project/${id}`, { token: user.token })).body.content
    expect(rejected).toMatchObject({ state: 'rejected', reject_reason: 'Add the land plot documents.' })
    expect((await call('/siw/notification', { token: user.token })).body.content[0].type).toBe('project_rejected')
    const r = await call(`/siw/personal/project?id=${id}`, { method: 'PUT', token: user.token, body: PROJECT })
    expect(r.body.content).toMatchObject({ state: 'pending', reject_reason: null })
  })

  it('keeps drafts editable and out of moderation', async () => {
    const user = await createUser()
    const id = (await createProject(user, { draft: true })).body.content.id
    expect((await moderate({ kind: 'project', id, action: 'approve' })).status).toBe(409)
    const r = await call(`/siw/personal/project?id=${id}`, {
      method: 'PUT',
      token: user.token,
      body: { ...PROJECT, draft: true, budget: 7 },
    })
    expect(r.body.content).toMatchObject({ draft: true, budget: 7 })
  })

  it('names a missing id', async () => {
    const user = await createUser()
    expect(
      (await call('/siw/personal/project', { method: 'PUT', token: user.token, body: PROJECT })).body.errors,
    ).toEqual(['id'])
  })
})

describe('POST /siw/personal/project/withdraw/{id}', () => {
  const withdraw = (user: TestUser, id: number) =>
    call(`/siw/personal/project/withdraw/${id}`, { method: 'POST', token: user.token })

  it('withdraws a proposal in moderation, and a rejected one, with its uploads; it leaves the moderators’ queue', async () => {
    const user = await createUser()
    const pending = (await createProject(user)).body.content.id as number
    const upload = new FormData()
    upload.set('project_id', String(pending))
    upload.set('file', new File([PNG_BYTES], 'plan.png', { type: 'image/png' }))
    const image = (await call('/document/project/upload', { token: user.token, body: upload })).body.content
    const rejected = (await createProject(user)).body.content.id as number
    await moderate({ kind: 'project', id: rejected, action: 'reject', reason: 'Incomplete.' })

    for (const id of [pending, rejected]) {
      const r = await withdraw(user, id)
      expect(r.body.content).toEqual({ id })
      expect((await call(`/siw/personal/project/${id}`, { token: user.token })).status).toBe(404)
    }
    expect((await call(`/document/public/file/${image.id}`)).status).toBe(404)
    expect(await env.UPLOADS.head(image.path)).toBeNull()
    expect((await moderate({ kind: 'project', id: pending, action: 'approve' })).status).toBe(404)
  })

  it('keeps an approved project (409 invalid_state), and refuses another user’s (404)', async () => {
    const owner = await createUser()
    const approved = await createApprovedProject(owner)
    expect([(await withdraw(owner, approved)).status, (await withdraw(owner, approved)).body.result.code]).toEqual([
      409,
      'invalid_state',
    ])
    const pending = (await createProject(owner)).body.content.id as number
    const other = await createUser()
    expect((await withdraw(other, pending)).status).toBe(404)
    expect((await call(`/siw/personal/project/${pending}`, { token: owner.token })).status).toBe(200)
  })
})

describe('POST /siw/personal/project/set-visible/{id}', () => {
  it('toggles visibility, or sets it from the query', async () => {
    const user = await createUser()
    const id = await createApprovedProject(user)
    expect(
      (await call(`/siw/personal/project/set-visible/${id}`, { method: 'POST', token: user.token })).body.content
        .visible,
    ).toBe(false)
    expect(
      (await call(`/siw/personal/project/set-visible/${id}`, { method: 'POST', token: user.token })).body.content
        .visible,
    ).toBe(true)
    expect(
      (await call(`/siw/personal/project/set-visible/${id}?visible=true`, { method: 'POST', token: user.token })).body
        .content.visible,
    ).toBe(true)
  })
})

describe('personal services', () => {
  it('lists services with localised params and a callable link, filtered by type', async () => {
    const user = await createUser({ isResident: true, pin: uniquePin() })
    const { body } = await call('/siw/personal/service?type=my_company', { token: user.token, lang: 'ru' })
    expect(body.content.length).toBeGreaterThanOrEqual(1)
    expect(body.content.every((s: any) => s.type === 'my_company')).toBe(true)
    expect(body.content[0]).toMatchObject({
      id: 1,
      title: 'Сведения о предприятии',
      link: '/siw/personal/service/run/1',
      params: [{ key: 'inn', title: expect.stringContaining('ИНН'), type: 'text', required: true }],
      body: [],
    })
    expect((await call('/siw/personal/service', { token: user.token })).body.content.length).toBeGreaterThanOrEqual(7)
    expect((await call('/siw/personal/service?type=nope', { token: user.token })).body.errors).toEqual(['type'])
  })

  it('runs the company registry with inn filled from the profile tin', async () => {
    const TIN = uniqueTin()
    const user = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: { tin: TIN, company_name: 'Silk Road Textiles LLC', name: 'Aziza', surname: 'Karimova' },
    })
    const { body } = await call('/siw/personal/service/run/1', { token: user.token })
    expect(body.content).toMatchObject({ count: 1, size: 10, max_page: 1 })
    expect(body.content.data[0]).toMatchObject({ inn: TIN, name: 'Silk Road Textiles LLC', director: 'Aziza Karimova' })
  })

  it('answers the same demo data for the same inn', async () => {
    const tin = uniqueTin()
    const user = await createUser({ role: 'businessmen', isResident: true, pin: uniquePin(), profile: { tin } })
    const a = await call('/siw/personal/service/run/1', { token: user.token })
    const b = await call(`/siw/personal/service/run/1?inn=${tin}`, { token: user.token })
    expect(a.body.content).toEqual(b.body.content)
    expect(a.body.content.data[0].inn).toBe(tin)
  })

  it('answers 403 when the query names another company’s inn or another person’s pinfl, and runs nothing', async () => {
    const tin = uniqueTin()
    const user = await createUser({ role: 'businessmen', isResident: true, pin: uniquePin(), profile: { tin } })
    for (const query of [`inn=${uniqueTin()}`, `inn=${tin}&pinfl=42211890310057`, 'pinfl=42211890310057']) {
      const r = await call(`/siw/personal/service/run/1?${query}`, { token: user.token })
      expect(r.status, query).toBe(403)
      expect(r.body.result.code, query).toBe('forbidden')
      expect(r.body.content, query).toBeNull()
    }
    const nobody = await createUser({ isResident: true, pin: uniquePin() })
    expect((await call(`/siw/personal/service/run/1?inn=${tin}`, { token: nobody.token })).status).toBe(403)
  })

  it('pages tax debts as of a date', async () => {
    const user = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: { tin: uniqueTin() },
    })
    const all = (await call('/siw/personal/service/run/2?date=2026-06-30&size=100', { token: user.token })).body.content
    expect(all.count).toBeGreaterThan(3)
    const page = (await call('/siw/personal/service/run/2?date=2026-06-30&page=1&size=3', { token: user.token })).body
      .content
    expect(page).toMatchObject({ count: all.count, size: 3, max_page: Math.ceil(all.count / 3) })
    expect(page.data).toEqual(all.data.slice(3, 6))
    // Newest month first, and only the six months up to the date asked (a month with no balance has no row).
    const periods = all.data.map((row: { period: string }) => row.period)
    expect(periods).toEqual([...periods].sort().reverse())
    expect(periods[0] <= '2026-06' && periods.at(-1) >= '2026-01').toBe(true)
  })

  it('names a missing required param and a malformed one', async () => {
    const user = await createUser({ isResident: true, pin: uniquePin() })
    expect((await call('/siw/personal/service/run/1', { token: user.token })).body.errors).toEqual(['inn'])
    const company = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: { tin: uniqueTin() },
    })
    expect((await call('/siw/personal/service/run/2?date=2026-02-30', { token: company.token })).body.errors).toEqual([
      'date',
    ])
  })

  it('answers service_not_connected for a service with no registry behind it, and not_found for unknown ones', async () => {
    const user = await createUser({ isResident: true, pin: uniquePin() })
    const r = await call('/siw/personal/service/run/3?region=1&district=2', { token: user.token })
    expect(r.status).toBe(503)
    expect(r.body.result.code).toBe('service_not_connected')
    expect(r.body.content).toBeNull()
    expect((await call('/siw/personal/service/run/999', { token: user.token })).status).toBe(404)
  })

  it('invents no record outside local mode: the demo registries answer service_not_connected there', async () => {
    const user = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: { tin: uniqueTin(), company_name: 'Silk Road Textiles LLC' },
    })
    const production = { DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' }
    for (const path of ['/siw/personal/service/run/1', '/siw/personal/service/run/2?date=2026-06-30']) {
      const r = await call(path, { token: user.token, env: production })
      expect(r.status, path).toBe(503)
      expect(r.body.result.code, path).toBe('service_not_connected')
      expect(JSON.stringify(r.body), path).not.toContain('Silk Road')
      // The same call in local mode answers the demo records.
      expect((await call(path, { token: user.token })).body.content.count, path).toBeGreaterThan(0)
    }
  })

  it('answers 403 to a non-resident, whose typed identifiers nobody checked, and runs nothing', async () => {
    const user = await createUser({ role: 'businessmen', profile: { tin: uniqueTin() } })
    for (const path of [
      '/siw/personal/service',
      '/siw/personal/service/run/1',
      '/siw/personal/service/run/2?date=2026-06-30',
    ]) {
      const r = await call(path, { token: user.token })
      expect(r.status, path).toBe(403)
      expect(r.body.result.code, path).toBe('forbidden')
      expect(r.body.content, path).toBeNull()
    }
  })

  it('never shows an account registered with a victim’s TIN the victim’s name, address or tax records', async () => {
    const tin = uniqueTin()
    const victim = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: {
        tin,
        company_name: 'Samarqand Oltin Tola MChJ',
        name: 'Gulnora',
        surname: 'Tosheva',
        legal_address: 'Samarkand, Registon street 7',
      },
    })
    const victimTaxes = (await call('/siw/personal/service/run/2?date=2026-06-30&size=100', { token: victim.token }))
      .body.content
    // The attacker applies as a resident business with the victim's TIN: residents sign up through OneID alone, so the
    // application is refused and no account with that TIN is ever opened (docs/decisions/0049-identity-from-oneid.md).
    const email = `attacker-${crypto.randomUUID().slice(0, 8)}@test.example`
    const body = {
      company_name: 'Copycat MChJ',
      tin,
      pin: uniquePin(),
      legal_address: 'Tashkent',
      website: '',
      name: 'Bobur',
      surname: 'Qodirov',
      email,
      phone: '998901112244',
      source: 'telegram',
      source_variant: '',
      comments: '',
      is_resident: true,
      hash: '',
    }
    const applied = await call('/siw/public/business-registration', { body })
    expect(applied.status).toBe(422)
    expect(applied.body.errors).toEqual(['is_resident'])
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM registrations WHERE email = ?')
        .bind(email)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 })
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>(),
    ).toEqual({ n: 0 })
    // Even an account that somehow holds the same identifier reads only its own record: the registry answers from the
    // signed-in account's profile, never from another profile with that TIN.
    const twin = await createUser({
      role: 'businessmen',
      isResident: true,
      pin: uniquePin(),
      profile: { company_name: 'Twin LLC', name: 'Twin', surname: 'Account' },
    })
    await env.DB.prepare('DROP INDEX profiles_tin_unique').run()
    try {
      await env.DB.prepare('UPDATE profiles SET tin = ? WHERE user_id = ?').bind(tin, twin.id).run()
      const registry = JSON.stringify((await call('/siw/personal/service/run/1', { token: twin.token })).body.content)
      for (const secret of ['Samarqand Oltin Tola', 'Gulnora', 'Tosheva', 'Registon'])
        expect(registry).not.toContain(secret)
      expect(registry).toContain('Twin LLC')
    } finally {
      await env.DB.prepare("UPDATE profiles SET tin = '' WHERE user_id = ?").bind(twin.id).run()
      await env.DB.prepare("CREATE UNIQUE INDEX profiles_tin_unique ON profiles (tin) WHERE tin <> ''").run()
    }
    expect(victimTaxes.count).toBeGreaterThan(0)
  })
})
