/**
 * Day one (docs/operations.md#first-deploy): a database that holds only the migrations and the bootstrap's reference
 * catalogues is set up through the console alone (an appeal topic, a project category, a sector and an event), then
 * visitors use what it set up through the gateway's public calls the portal's forms make: a non-resident investor
 * registers picking a country, sends an appeal on the new topic and applies to the new event, and the console shows
 * each. Then the refusals: a topic in use, an ended event, made-up ids; and the bin.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { bootstrapStatements } from '../../gateway/reference/bootstrap'
import countries from '../../gateway/reference/countries.json'
import regions from '../../gateway/reference/regions.json'
import { auditOf, ensureOperators, locationOf, openAs } from './helpers'

const RUN = crypto.randomUUID().slice(0, 6)

beforeAll(async () => {
  await ensureOperators()
  const statements = bootstrapStatements({ countries, regions }, new Date())
  await env.GATEWAY_DB.batch(statements.map((s) => env.GATEWAY_DB.prepare(s.sql).bind(...s.args)))
})

const multipart = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}

const text = (name: string, en: string, ru: string, uz: string) => ({
  [`${name}_en`]: en,
  [`${name}_ru`]: ru,
  [`${name}_uz`]: uz,
})

/** Creates an item through the console's form as an editor; its id. */
async function create(kind: string, fields: Record<string, string>): Promise<number> {
  const page = await openAs('editor', `/en/content/${kind}/new`, multipart(fields))
  expect(page.status, page.html.slice(0, 3000)).toBe(303)
  const m = new RegExp(`^/en/content/${kind}/(\\d+)\\?done=created$`).exec(locationOf(page) ?? '')
  expect(m, locationOf(page) ?? '').not.toBeNull()
  return Number(m![1])
}

async function publish(kind: string, id: number): Promise<void> {
  const page = await openAs('editor', `/en/content/${kind}/${id}/publish`, {})
  expect(locationOf(page)).toBe(`/en/content/${kind}/${id}?done=published`)
}

/** A gateway call as the portal makes it for a visitor: its status and envelope. */
async function visitor(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3))
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'cf-connecting-ip': `10.${a}.${b}.${c}`,
  }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await env.GATEWAY.fetch(`http://gateway.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

/** An event's form: from `from` to `to` (datetime-local, Tashkent time). */
const eventForm = (name: string, from: string, to: string) => ({
  ...text('name', name, `${name} (ru)`, `${name} (uz)`),
  date_from: from,
  date_to: to,
  time: '',
  ...text('location', 'Tashkent, Congress Hall', 'Ташкент, Конгресс-холл', 'Toshkent, Kongress zali'),
  ...text('description', '<p>Two days of talks.</p>', '<p>Два дня встреч.</p>', '<p>Ikki kunlik uchrashuvlar.</p>'),
  ...text('agenda', '', '', ''),
  photo: '',
})

/** A date-and-time `days` from now as a `datetime-local` value. */
const localIn = (days: number) => new Date(Date.now() + days * 86400_000 + 5 * 3600_000).toISOString().slice(0, 16)

const application = (eventId: number, countryId: number, email: string) => ({
  event_id: eventId,
  role: 'participant',
  first_name: 'Sara',
  last_name: 'Lind',
  birth_date: '1985-02-03',
  gender: 'female',
  email,
  phone: '+46 70 123 45 67',
  passport: 'SE1234567',
  country_id: countryId,
  address: 'Storgatan 1, Uppsala',
  birthplace: 'Uppsala',
  organization: 'Nordic Grain AB',
  position: 'Director',
  hash: '',
})

/** What the set-up test made, for the refusals. */
const made = { topic: 0, type: 0, event: 0, country: 0 }

describe('from empty to working', () => {
  it('sets up through the console what visitors then use, and the console shows what they sent', async () => {
    // Nothing but the catalogues: no topic, category, sector or event a form could name.
    for (const table of ['appeal_topics', 'project_categories', 'sectors'])
      expect(await env.GATEWAY_DB.prepare(`SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0)
    expect(await env.GATEWAY_DB.prepare('SELECT count(*) AS n FROM countries').first('n')).toBeGreaterThan(240)

    // The reference data is offered beside the content, and a reference kind's screen has no publishing.
    const home = await openAs('editor', '/en/content')
    expect(home.html).toContain('Reference data')
    expect(home.html).toContain('href="/en/content/appeal_topic"')
    expect(home.html).not.toContain('href="/en/content/bin"')

    const topicTitle = `Land allocation ${RUN}`
    made.topic = await create('appeal_topic', {
      ...text('title', topicTitle, `Выделение земли ${RUN}`, `Yer ajratish ${RUN}`),
      position: '',
      'c.appeal_type.0.row': '1',
      ...Object.fromEntries(
        Object.entries(text('title', 'Lease', 'Аренда', 'Ijara')).map(([k, v]) => [`c.appeal_type.0.${k}`, v]),
      ),
    })
    const topicPage = await openAs('editor', `/en/content/appeal_topic/${made.topic}`)
    expect(topicPage.html).not.toContain('id="publishing"')
    expect(topicPage.html).toContain('Lease')
    const category = await create('project_category', {
      ...text('title', `Agro parks ${RUN}`, `Агропарки ${RUN}`, `Agroparklar ${RUN}`),
      ...text('description', '', '', ''),
      upload: '',
      icon: '',
      position: '',
    })
    const sector = await create('sector', {
      slug: `agro-${RUN}`,
      ...text('content', `Agriculture ${RUN}`, `Сельское хозяйство ${RUN}`, `Qishloq xoʻjaligi ${RUN}`),
      ...text('tagline', 'Fields and orchards', 'Поля и сады', 'Dalalar va bogʻlar'),
      ...text('page', '<p>Why invest.</p>', '<p>Почему.</p>', '<p>Nega.</p>'),
      position: '',
    })
    await publish('sector', sector)
    made.event = await create('event', eventForm(`Agro forum ${RUN}`, localIn(10), localIn(11)))
    await publish('event', made.event)

    // What the portal's pages and forms read now offers them.
    const topics = (await visitor('/siw/public/appeal-topic', undefined)).body.content as any[]
    const topic = topics.find((t) => t.id === made.topic)
    expect(topic?.title).toBe(topicTitle)
    made.type = topic.children[0].id
    const categories = (await visitor('/siw/public/project-category', undefined)).body.content as any[]
    expect(categories.map((c) => c.id)).toContain(category)
    const sectorPage = await visitor(`/siw/public/page/sector-agro-${RUN}`, undefined)
    expect(sectorPage.body.content.title).toBe(`Agriculture ${RUN}`)
    // The portal's explorer, site map and sector links list the sectors the site settings name.
    const settings = (await visitor('/siw/public/site-settings', undefined)).body.content
    expect(settings.sectors.map((s: { slug: string }) => s.slug)).toContain(`agro-${RUN}`)
    const picked = await visitor('/integration/public/territorial-entity/countries?keyword=sweden', undefined)
    made.country = picked.body.content[0].id
    expect(made.country).toBe(752)

    // A non-resident investor registers; a moderator approves in the console; the mailed link sets a password.
    const email = `sara.${RUN}@nordic.example`
    const registered = await visitor('/siw/public/investor-registration', {
      company_name: `Nordic Grain ${RUN}`,
      website: '',
      email,
      phone: '+46 70 123 45 67',
      position: 'Director',
      name: 'Sara',
      surname: 'Lind',
      country_id: made.country,
      source: 'other',
      is_resident: false,
      hash: '',
    })
    expect(registered.status).toBe(200)
    const registrations = await openAs('moderator', '/en/registrations')
    expect(registrations.html).toContain(`Nordic Grain ${RUN}`)
    const registration = registered.body.content.id as number
    expect((await openAs('moderator', `/en/registrations/${registration}/approve`, {})).status).toBe(303)
    const link = await vi.waitFor(async () => {
      const outbox = (await (
        await env.GATEWAY.fetch(`http://gateway.test/dev/outbox?email=${encodeURIComponent(email)}`)
      ).json()) as { content: { links: string[] }[] }
      const found = outbox.content.flatMap((m) => m.links).find((l) => l.includes('/auth/reset-password'))
      expect(found).toBeTruthy()
      return new URL(found!)
    })
    const password = 'Nordic#Grain2026'
    const set = await visitor('/core/auth/reset-password', {
      ...Object.fromEntries(link.searchParams),
      password,
      password_confirmation: password,
      hash: '',
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const login = await visitor('/core/auth/login', { email, password, role: 'investor', hash: '' })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const token = login.body.content.token as string

    // An appeal on the new topic, and an application to the new event.
    const appealText = `Which plots near Samarkand can be leased for orchards? ${RUN}`
    const appeal = await visitor(
      '/siw/appeal',
      { topic_id: made.topic, type_id: made.type, region_id: 1718, text: appealText },
      token,
    )
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200)
    const applied = await visitor('/siw/public/event-application', application(made.event, made.country, email))
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)

    // The console shows each.
    const appeals = await openAs('moderator', '/en/appeals')
    expect(appeals.html).toContain(topicTitle)
    const inbox = await openAs('moderator', '/en/inbox?kind=event')
    expect(inbox.html).toContain(`Agro forum ${RUN}`)
    expect(await auditOf('appeal_topic', made.topic)).toEqual([expect.objectContaining({ action: 'content.create' })])
  })
})

describe('refusals', () => {
  it('refuses to delete a topic an appeal was filed under, naming the appeals in the console', async () => {
    const page = await openAs('editor', `/en/content/appeal_topic/${made.topic}/delete`, {})
    expect(page.status).toBe(409)
    expect(page.html).toContain('It cannot be removed while records point at it: Appeals: 1.')
    expect((await visitor('/siw/public/appeal-topic', undefined)).body.content.map((t: any) => t.id)).toContain(
      made.topic,
    )
  })

  it('refuses an application to an ended event with event_closed, and made-up ids on their fields', async () => {
    const ended = await create('event', eventForm(`Past forum ${RUN}`, localIn(-3), localIn(-2)))
    await publish('event', ended)
    const closed = await visitor('/siw/public/event-application', application(ended, 752, `late.${RUN}@example.com`))
    expect([closed.status, closed.body.result.code]).toEqual([409, 'event_closed'])
    const madeUp = await visitor('/siw/public/event-application', application(987654, 752, `x.${RUN}@example.com`))
    expect([madeUp.status, madeUp.body.errors]).toEqual([422, ['event_id']])
    const noCountry = await visitor(
      '/siw/public/event-application',
      application(made.event, 1000, `y.${RUN}@example.com`),
    )
    expect([noCountry.status, noCountry.body.errors]).toEqual([422, ['country_id']])
  })
})

describe('the bin in the console', () => {
  it('deletes an unused draft into the bin, which only an admin opens and restores from', async () => {
    const draft = await create('event', eventForm(`Draft forum ${RUN}`, localIn(20), localIn(21)))
    const deleted = await openAs('editor', `/en/content/event/${draft}/delete`, {})
    expect(locationOf(deleted)).toBe('/en/content/event?done=bin.deleted')
    expect((await openAs('editor', '/en/content/event?done=bin.deleted')).html).toContain('Deleted: it is in the bin')
    expect((await openAs('editor', `/en/content/event/${draft}`)).status).toBe(404)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await openAs('editor', '/en/content/bin')).status).toBe(403)
    const bin = await openAs('admin', '/en/content/bin')
    expect(bin.html).toContain(`Draft forum ${RUN}`)
    const entry = await env.GATEWAY_DB.prepare("SELECT id FROM bin WHERE kind = 'event' AND item_id = ?")
      .bind(draft)
      .first<{ id: number }>()
    const restored = await openAs('admin', `/en/content/bin/${entry!.id}/restore`, {})
    expect(locationOf(restored)).toBe(`/en/content/event/${draft}?done=bin.restored`)
    expect((await openAs('editor', `/en/content/event/${draft}`)).html).toContain(`Draft forum ${RUN}`)
    // A published event is unpublished before it can go.
    const live = await openAs('editor', `/en/content/event/${made.event}`)
    expect(live.html).toContain('A published item is deleted once it is unpublished.')
  })
})
