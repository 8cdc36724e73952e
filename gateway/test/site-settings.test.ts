/**
 * The agency's contacts as data (docs/gateway-contract.md#site-settings): nothing in a fresh database, set by an
 * editor or an admin behind Access and audited, answered per language, seeded in local mode; with them, the lists
 * every page shows (the home page's key figures, the guide's links, the sectors), kept as reference data.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedContent } from '../src/dev/seed/content'
import { accessEnv, signInOperators } from './access-helpers'
import { call } from './helpers'

const PATH = '/siw/public/site-settings'
const EDITOR = 'editor@agency.example'
const MODERATOR = 'moderator@agency.example'

const tokens: Record<string, string> = {}
beforeAll(async () => {
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [EDITOR, 'editor'],
      [MODERATOR, 'moderator'],
    ]),
  )
})

const putSettings = (body: unknown, as = EDITOR) =>
  call('/core/operator/site-settings', {
    method: 'PUT',
    body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[as]! },
    env: accessEnv(),
  })

const AGENCY = {
  phone: '+998 71 238-50-00',
  email: 'info@agency.example',
  address: {
    uz: 'Toshkent, Istiqlol koʻchasi, 1',
    ru: 'Ташкент, улица Истиклол, 1',
    en: '1 Istiqlol Street, Tashkent',
  },
  hours: {
    uz: 'Dushanba–juma, 09:00–18:00',
    ru: 'Понедельник–пятница, 09:00–18:00',
    en: 'Monday to Friday, 09:00–18:00',
  },
  map_url: 'https://www.openstreetmap.org/?mlat=41.31&mlon=69.27',
  socials: [{ network: 'telegram', url: 'https://t.me/agency' }],
}

describe('site settings', () => {
  it('answers every field empty when nothing is set (a fresh database)', async () => {
    const published = await env.DB.prepare("SELECT id FROM sectors WHERE publication = 'published'").all<{
      id: number
    }>()
    await env.DB.batch([
      env.DB.prepare('DELETE FROM site_settings'),
      env.DB.prepare('DELETE FROM key_figures'),
      env.DB.prepare('DELETE FROM guide_links'),
      env.DB.prepare("UPDATE sectors SET publication = 'draft'"),
    ])
    const { status, body } = await call(PATH)
    await env.DB.batch(
      published.results.map((r) =>
        env.DB.prepare("UPDATE sectors SET publication = 'published' WHERE id = ?").bind(r.id),
      ),
    )
    expect(status).toBe(200)
    expect(body.content).toEqual({
      phone: null,
      email: null,
      address: null,
      hours: null,
      map_url: null,
      socials: [],
      figures: [],
      guide_links: [],
      sectors: [],
    })
  })

  it('answers what an operator set, the address in the reader’s language', async () => {
    expect((await putSettings(AGENCY)).status).toBe(200)
    for (const lang of ['uz', 'ru', 'en'] as const) {
      const { body } = await call(PATH, { lang })
      expect(body.content).toMatchObject({
        phone: AGENCY.phone,
        email: AGENCY.email,
        address: AGENCY.address[lang],
        hours: AGENCY.hours[lang],
        map_url: AGENCY.map_url,
        socials: AGENCY.socials,
      })
    }
    // A field set empty is left out again.
    expect((await putSettings({ ...AGENCY, phone: '', socials: [] })).status).toBe(200)
    expect((await call(PATH)).body.content).toMatchObject({ phone: null, socials: [] })
  })

  it('refuses links that are not https, an unknown network and a malformed address, naming each', async () => {
    const r = await putSettings({
      ...AGENCY,
      email: 'not-an-address',
      map_url: 'javascript:alert(1)',
      socials: [
        { network: 'myspace', url: 'https://myspace.example' },
        { network: 'x', url: 'http://x.example' },
      ],
    })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(expect.arrayContaining(['email', 'map_url', 'socials.0.network', 'socials.1.url']))
  })

  it('is set only through the operator API: without Access it does not exist', async () => {
    const r = await call('/core/operator/site-settings', {
      method: 'PUT',
      body: AGENCY,
      env: { ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '' },
    })
    expect(r.status).toBe(404)
  })

  it('is refused to a role without the content area, and each change is in the audit log, before and after', async () => {
    await putSettings(AGENCY)
    const refused = await putSettings({ ...AGENCY, phone: '+998 71 000-00-00' }, MODERATOR)
    expect(refused.status).toBe(403)
    expect((await call(PATH)).body.content.phone).toBe(AGENCY.phone)
    expect((await putSettings({ ...AGENCY, email: 'press@agency.example' })).status).toBe(200)
    const row = await env.DB.prepare(
      `SELECT a.before, a.after, o.email FROM audit_log a JOIN operators o ON o.id = a.operator_id
       WHERE a.action = 'site_settings.update' ORDER BY a.id DESC LIMIT 1`,
    ).first<{ before: string; after: string; email: string }>()
    expect(row?.email).toBe(EDITOR)
    expect(JSON.parse(row!.before)).toMatchObject({ email: AGENCY.email, address: AGENCY.address, hours: AGENCY.hours })
    expect(JSON.parse(row!.after)).toMatchObject({ email: 'press@agency.example', socials: AGENCY.socials })
  })

  it('is seeded with plausible contacts in local mode', async () => {
    await seedContent(env, new Date())
    const { body } = await call(PATH, { lang: 'ru' })
    expect(body.content.phone).toMatch(/^\+998/)
    expect(body.content.address).toContain('Ташкент')
    expect(body.content.hours).toMatch(/Понедельник/)
    expect(body.content.socials.length).toBeGreaterThan(0)
  })

  it('carries the key figures, the guide’s links to published pages and the published sectors, each in its order', async () => {
    await seedContent(env, new Date())
    const { body } = await call(PATH, { lang: 'ru' })
    expect(body.content.figures[0]).toEqual({
      value: 37.5,
      unit: 'млн',
      label: 'Население',
      source: 'Агентство статистики, начало 2025 г.',
    })
    expect(body.content.guide_links.map((l: { slug: string }) => l.slug)).toEqual([
      'investment-climate',
      'tax-incentives',
      'free-economic-zones',
      'faq',
    ])
    expect(body.content.sectors[0]).toMatchObject({ slug: 'energy', name: 'Энергетика' })
    expect(body.content.sectors[0].tagline).toMatch(/станции/)
    // A link to a page readers do not see is left out, and so is a sector in draft.
    await env.DB.prepare("UPDATE pages SET publication = 'draft' WHERE slug = 'faq'").run()
    await env.DB.prepare("UPDATE sectors SET publication = 'draft' WHERE slug = 'energy'").run()
    const after = (await call(PATH)).body.content
    expect(after.guide_links.map((l: { slug: string }) => l.slug)).not.toContain('faq')
    expect(after.sectors.map((s: { slug: string }) => s.slug)).not.toContain('energy')
    await env.DB.prepare("UPDATE pages SET publication = 'published' WHERE slug = 'faq'").run()
    await env.DB.prepare("UPDATE sectors SET publication = 'published' WHERE slug = 'energy'").run()
  })
})
