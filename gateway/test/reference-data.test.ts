/**
 * Reference data edited through the operators' content calls (docs/gateway-contract.md#operator-content) and deleting
 * into the bin (docs/gateway-contract.md#operator-bin): readers see a change at once, a place's code is its id and
 * stays, a removal is refused while records point at the item, naming them, and what was deleted comes back from the
 * bin until the retention cron erases it; every step is audited.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { bootstrapStatements } from '../reference/bootstrap'
import countries from '../reference/countries.json'
import regions from '../reference/regions.json'
import worker from '../src/index'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser } from './helpers'

const EDITOR = 'reference-editor@agency.example'
const ADMIN = 'reference-admin@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [EDITOR, 'editor'],
      [ADMIN, 'admin'],
    ]),
  )
})

const op = (path: string, options: { method?: string; body?: unknown; as?: string } = {}) =>
  call(`/core/operator${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    body: options.body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[options.as ?? EDITOR]! },
    env: accessEnv(),
  })

const version = async () => (await call('/core/content/version')).body.content.version as number
const tag = () => crypto.randomUUID().slice(0, 6)
const text = (base: string) => ({ [`${base}_uz`]: base, [`${base}_ru`]: base, [`${base}_en`]: base })

/** A topic with two types, through the console's call; its id and its types' ids. */
async function createTopic(title: string) {
  const created = await op('/content/appeal_topic', {
    body: {
      values: { title_uz: `${title} uz`, title_ru: `${title} ru`, title_en: title },
      children: {
        appeal_type: [
          { values: { title_uz: 'Birinchi', title_ru: 'Первый', title_en: `${title} first` } },
          { values: { title_uz: 'Ikkinchi', title_ru: 'Второй', title_en: `${title} second` } },
        ],
      },
    },
  })
  expect(created.status).toBe(201)
  const id = created.body.content.id as number
  const item = (await op(`/content/appeal_topic/${id}`)).body.content
  return { id, types: (item.children.appeal_type as { id: number }[]).map((t) => t.id) }
}

const auditActions = async (kind: string, id: number) =>
  (
    await env.DB.prepare('SELECT action FROM audit_log WHERE target_kind = ? AND target_id = ? ORDER BY id')
      .bind(kind, id)
      .all<{ action: string }>()
  ).results.map((r) => r.action)

describe('reference data in the content calls', () => {
  it('describes the reference kinds, each marked so, a place with the field its id comes from', async () => {
    const kinds = (await op('/content/kinds')).body.content.kinds as any[]
    const byName = new Map(kinds.map((k) => [k.kind, k]))
    for (const name of [
      'country',
      'region',
      'appeal_topic',
      'project_category',
      'service_category',
      'amount',
      'figure',
      'guide_link',
    ])
      expect(byName.get(name), name).toMatchObject({ reference: true, publishable: false })
    expect(byName.get('country')).toMatchObject({ key: 'numeric' })
    expect(byName.get('region')).toMatchObject({ key: 'code', children: ['district'] })
    expect(byName.get('appeal_topic')).toMatchObject({ children: ['appeal_type'] })
    expect(byName.get('post')).toMatchObject({ reference: false })
  })

  it('adds an appeal topic with its types that the appeal form offers at once, and moves the content version', async () => {
    const before = await version()
    const title = `Land allocation ${tag()}`
    const { id, types } = await createTopic(title)
    expect(await version()).toBeGreaterThan(before)
    const topics = (await call('/siw/public/appeal-topic')).body.content as any[]
    const listed = topics.find((t) => t.id === id)
    expect(listed).toMatchObject({ title, children: [{ id: types[0] }, { id: types[1] }] })
    const types2 = (await call(`/siw/public/appeal-type?parent_id=${id}`)).body.content as any[]
    expect(types2.map((t) => t.id)).toEqual(types)
    expect(await auditActions('appeal_topic', id)).toEqual(['content.create'])
    // The topics list is the top-level rows only: a type is no topic.
    const list = (await op(`/content/appeal_topic?q=${encodeURIComponent(title)}`)).body.content.items as any[]
    expect(list.map((i) => i.id)).toEqual([id])
    expect((await op(`/content/appeal_topic/${types[0]}`)).status).toBe(404)
  })

  it('creates a country whose id is its numeric code; the code stays and no two countries share one', async () => {
    const created = await op('/content/country', {
      body: {
        values: { code: 'XK', numeric: '983', country_uz: 'Kosovo', country_ru: 'Косово', country_en: 'Kosovo' },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.content.id).toBe(983)
    const changed = await op('/content/country/983', { method: 'PUT', body: { values: { numeric: '984' } } })
    expect(changed.status).toBe(422)
    expect(changed.body.content.errors).toEqual({ numeric: 'fixed' })
    const again = await op('/content/country', {
      body: { values: { code: 'XK', numeric: '985', country_en: 'Kosovo again' } },
    })
    expect(again.body.content.errors).toEqual({ code: 'taken' })
    const bad = await op('/content/country', { body: { values: { code: 'x1', numeric: '98', country_en: 'Bad' } } })
    expect(bad.body.content.errors).toEqual({ code: 'invalid', numeric: 'invalid' })
    const listed = await call('/integration/public/territorial-entity/countries?keyword=kosovo')
    expect(listed.body.content.map((c: any) => c.id)).toContain(983)
  })

  it('edits a region with its districts, each district’s code its id', async () => {
    const region = (await op('/content/region/1735')).body.content
    const districts = region.children.district as { id: number; values: Record<string, unknown> }[]
    expect(districts.map((d) => d.id)).toContain(1735250)
    const saved = await op('/content/region/1735', {
      method: 'PUT',
      body: {
        values: {},
        children: {
          district: [
            ...districts.map((d) => ({ id: d.id, values: d.values })),
            { values: { mhobt: '1735299', ...text('name') } },
          ],
        },
      },
    })
    expect(saved.status).toBe(200)
    const after = await call('/integration/public/territorial-entity/districts?region_code=1735&size=100')
    expect(after.body.content.map((d: any) => d.id)).toContain(1735299)
  })
})

describe('a removal refused while records point at the item', () => {
  it('refuses to delete a topic appeals were filed under, and to remove their type, naming the appeals', async () => {
    const { id, types } = await createTopic(`Customs ${tag()}`)
    const user = await createUser()
    const appeal = await call('/siw/appeal', {
      token: user.token,
      body: {
        topic_id: id,
        type_id: types[1],
        region_id: 1726,
        text: 'Which customs regime applies to leased equipment?',
      },
    })
    expect(appeal.status).toBe(200)
    const refused = await op(`/content/appeal_topic/${id}`, { method: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(refused.body.result.code).toBe('in_use')
    expect(refused.body.content.used_by).toEqual([{ what: 'appeals', count: 1 }])
    const item = (await op(`/content/appeal_topic/${id}`)).body.content
    const keepFirstOnly = item.children.appeal_type.filter((t: any) => t.id === types[0])
    const removal = await op(`/content/appeal_topic/${id}`, {
      method: 'PUT',
      body: { values: {}, children: { appeal_type: keepFirstOnly } },
    })
    expect(removal.status).toBe(409)
    expect(removal.body.content.used_by).toEqual([{ what: 'appeals', count: 1 }])
    expect((await call(`/siw/public/appeal-type?parent_id=${id}`)).body.content).toHaveLength(2)
  })

  it('refuses to delete a country a registration names, and an event with applications', async () => {
    const registration = await call('/siw/public/investor-registration', {
      body: {
        company_name: 'Nordic Grain AB',
        website: '',
        email: `grain-${tag()}@nordic.example`,
        phone: '+46 70 123 45 67',
        position: '',
        name: 'Sara',
        surname: 'Lind',
        country_id: 752,
        source: 'other',
        is_resident: false,
        hash: '',
      },
    })
    expect(registration.status).toBe(200)
    const refused = await op('/content/country/752', { method: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(refused.body.content.used_by).toEqual(
      expect.arrayContaining([{ what: 'registrations', count: expect.any(Number) }]),
    )
    // An event is deleted once unpublished, and not while applications name it.
    const application = await call('/siw/public/event-application', {
      body: {
        event_id: 8,
        role: 'participant',
        first_name: 'Sara',
        last_name: 'Lind',
        birth_date: '1985-02-03',
        gender: 'female',
        email: `sara-${tag()}@nordic.example`,
        phone: '+46 70 123 45 67',
        passport: 'SE1234567',
        country_id: 752,
        address: 'Storgatan 1, Uppsala',
        birthplace: 'Uppsala',
        organization: 'Nordic Grain AB',
        position: 'Director',
        hash: '',
      },
    })
    expect(application.status).toBe(200)
    expect((await op('/content/event/8/unpublish', { body: {} })).status).toBe(200)
    const event = await op('/content/event/8', { method: 'DELETE' })
    expect(event.status).toBe(409)
    expect(event.body.content.used_by).toEqual([{ what: 'event_applications', count: expect.any(Number) }])
    await op('/content/event/8/publish', { body: { confirm_incomplete: true } })
  })

  it('refuses to delete a published item (unpublish it first) and an unknown one', async () => {
    const post = await op('/content/post', {
      body: { values: { category: 'news', publish_date: '2026-11-20', ...text('title'), ...text('content') } },
    })
    const id = post.body.content.id
    await op(`/content/post/${id}/publish`, { body: {} })
    const refused = await op(`/content/post/${id}`, { method: 'DELETE' })
    expect([refused.status, refused.body.result.code]).toEqual([409, 'published'])
    expect((await op('/content/post/999999', { method: 'DELETE' })).status).toBe(404)
  })
})

describe('the bin', () => {
  it('takes a draft with what belongs to it, gives it back to an admin as it was, and erases it after 30 days', async () => {
    const post = await op('/content/post', {
      body: {
        values: { category: 'news', publish_date: '2026-11-21', ...text('title'), ...text('content') },
        children: { post_file: [{ values: { name: 'art-news-1' } }] },
      },
    })
    const id = post.body.content.id as number
    const deleted = await op(`/content/post/${id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(Date.parse(deleted.body.content.erase_after) - Date.now()).toBeGreaterThan(29 * 86400_000)
    expect((await op(`/content/post/${id}`)).status).toBe(404)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM post_files WHERE post_id = ?').bind(id).first('n')).toBe(0)

    // An editor deletes; the bin is the admins'.
    expect((await op('/bin')).status).toBe(403)
    const bin = (await op('/bin', { as: ADMIN })).body.content.items as any[]
    const entry = bin.find((b) => b.kind === 'post' && b.item_id === id)
    expect(entry).toMatchObject({ title: { en: 'title' }, deleted_by: { email: EDITOR } })
    expect((await op(`/bin/${entry.id}/restore`, { body: {} })).status).toBe(403)
    const restored = await op(`/bin/${entry.id}/restore`, { body: {}, as: ADMIN })
    expect(restored.body.content).toEqual({ kind: 'post', id })
    const back = (await op(`/content/post/${id}`)).body.content
    expect(back).toMatchObject({ publication: 'draft', values: { title_en: 'title' } })
    expect(back.children.post_file).toHaveLength(1)
    expect(await auditActions('post', id)).toEqual(['content.create', 'content.delete', 'content.restore'])

    // Deleted again, and 31 days later the daily clean-up erases it.
    const again = await op(`/content/post/${id}`, { method: 'DELETE' })
    const ctx = createExecutionContext()
    const later = Date.parse(again.body.content.erase_after) + 86400_000
    await worker.scheduled(createScheduledController({ scheduledTime: later, cron: '30 21 * * *' }), env, ctx)
    await waitOnExecutionContext(ctx)
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM bin WHERE id = ?').bind(again.body.content.bin_id).first('n'),
    ).toBe(0)
    expect((await auditActions('post', id)).at(-1)).toBe('content.erase')
  })

  it('deletes an unused topic with its types, which readers stop seeing at once', async () => {
    const { id, types } = await createTopic(`Visas ${tag()}`)
    const before = await version()
    expect((await op(`/content/appeal_topic/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
    const topics = (await call('/siw/public/appeal-topic')).body.content as any[]
    expect(topics.map((t) => t.id)).not.toContain(id)
    const entry = ((await op('/bin', { as: ADMIN })).body.content.items as any[]).find((b) => b.item_id === id)
    expect((await op(`/bin/${entry.id}/restore`, { body: {}, as: ADMIN })).status).toBe(200)
    expect((await call(`/siw/public/appeal-type?parent_id=${id}`)).body.content.map((t: any) => t.id)).toEqual(types)
  })

  it('refuses a restore that no longer fits: the code was taken meanwhile', async () => {
    await op('/content/country', { body: { values: { code: 'QQ', numeric: '999', country_en: 'Nowhere' } } })
    const deleted = await op('/content/country/999', { method: 'DELETE' })
    await op('/content/country', { body: { values: { code: 'QR', numeric: '999', country_en: 'Nowhere else' } } })
    const refused = await op(`/bin/${deleted.body.content.bin_id}/restore`, { body: {}, as: ADMIN })
    expect([refused.status, refused.body.result.code]).toEqual([409, 'restore_conflict'])
  })
})

describe('the bootstrap', () => {
  const rerun = async () => {
    const statements = bootstrapStatements({ countries, regions }, new Date())
    await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.args)))
  }
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n')) ?? 0

  it('loads every entry once: a rerun changes nothing, keeps an edit and never brings back a removed place', async () => {
    await rerun()
    const [c, r, d] = [await count('countries'), await count('regions'), await count('districts')]
    await env.DB.prepare("UPDATE countries SET country_en = 'Deutschland' WHERE code = 'DE'").run()
    await env.DB.prepare("DELETE FROM countries WHERE code = 'AQ'").run()
    await rerun()
    expect([await count('countries'), await count('regions'), await count('districts')]).toEqual([c - 1, r, d])
    expect(await env.DB.prepare('SELECT country_en FROM countries WHERE id = 276').first('country_en')).toBe(
      'Deutschland',
    )
    expect(await env.DB.prepare("SELECT id FROM countries WHERE code = 'AQ'").first()).toBeNull()
    expect(await env.DB.prepare('SELECT id FROM regions WHERE code = ?').bind('1735').first('id')).toBe(1735)
  })
})
