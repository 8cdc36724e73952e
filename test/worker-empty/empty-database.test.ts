/**
 * An empty database is a working portal (docs/operations.md#first-deploy): on a fresh production database (migrated,
 * never seeded, the gateway in production mode) every page answers in uz, ru and en with its empty state, never an
 * error, and the forms a first visitor needs (registration, contact, sign-in) are there.
 */
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../contract/locales'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import uz from '../../locales/uz.json'
import { href } from '../../shared/routing/match'
import type { RouteId } from '../../shared/routing/routes'
import { decodeEntities, GOOGLEBOT, tokenCookie } from '../worker/helpers'

const MESSAGES = { en, ru, uz } as const
const LOCALES = ['uz', 'ru', 'en'] as const

/** A page as a crawler gets it (the whole document), with the session cookie when given. */
async function page(url: string, cookie?: string) {
  const headers: Record<string, string> = { 'user-agent': GOOGLEBOT }
  if (cookie) headers.cookie = cookie
  const res = await exports.default.fetch(
    new Request(new URL(url, 'http://portal.test'), { headers, redirect: 'manual' }),
  )
  return { res, html: decodeEntities(await res.text()) }
}

/** The page stood: 200 in its language, a heading, no error state, and nothing its plan missed or failed to render. */
function expectWhole({ res, html }: { res: Response; html: string }, locale: Locale, url: string) {
  expect(res.status, url).toBe(200)
  expect(res.headers.get('x-render-error'), url).toBeNull()
  expect(res.headers.get('x-plan-missing'), url).toBeNull()
  expect(html, url).toContain(`<html lang="${locale}"`)
  expect(html, url).toMatch(/<h1[\s>]/)
  expect(html, url).not.toContain('state--error')
}

/** Pages whose content is a list or the agency's own text: on an empty database each says there is nothing yet. */
const EMPTY_PAGES: readonly [RouteId, Record<string, unknown>][] = [
  ['home', {}],
  ['media', { params: { id: 'news' } }],
  ['media', { params: { id: 'gallery' } }],
  ['story-list', {}],
  ['event-list', {}],
  ['e-auction', {}],
  ['uz-ex', {}],
  ['service-category-index', {}],
  ['project-category-list', {}],
  ['all-projects', {}],
  ['all-projects-map', {}],
  ['search', { query: { keyword: 'investment' } }],
  ['about', {}],
  ['contacts', {}],
  ['cookie-policy', {}],
  ['privacy-policy', {}],
  ['reason', { params: { topic: 'living' } }],
  ['explore', {}],
  ['guide-partnership', {}],
  ['guide-privatization', {}],
]

/** Pages that stand on their own: forms, hubs, static guides. */
const OTHER_PAGES: readonly [RouteId, Record<string, unknown>][] = [
  ['search', {}],
  ['sitemap', {}],
  ['contact-us', {}],
  ['success-registration', {}],
  ['open-data', {}],
  ['accessibility', {}],
  ['sign-in', { query: { role: 'investor' } }],
  ['forgot-password', { query: { role: 'businessmen' } }],
  ['guide-project', {}],
  ['guide-register-investor', {}],
  ['guide-register-business', {}],
]

const url = (id: RouteId, locale: Locale, rest: Record<string, unknown>) =>
  href(id as 'home', { locale, ...(rest as object) } as Parameters<typeof href<'home'>>[1])

describe('a fresh production database', () => {
  it('holds no demo content: no posts, accounts, services or contacts', async () => {
    for (const table of ['posts', 'events', 'pages', 'users', 'personal_services', 'site_settings', 'eauction_lots'])
      expect(await env.GATEWAY_DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n'), table).toBe(0)
  })

  it.each(LOCALES)('renders every list and text page with its empty state, never an error (%s)', async (locale) => {
    for (const [id, rest] of EMPTY_PAGES) {
      const target = url(id, locale, rest)
      const res = await page(target)
      expectWhole(res, locale, target)
      expect(res.html, target).toContain('state--empty')
    }
    // The agency's own texts say they are not published yet, in the page's language.
    const about = await page(url('about', locale, {}))
    expect(about.html).toContain(MESSAGES[locale].states.unpublished.title)
    expect(about.html).toContain(`<h1>${MESSAGES[locale].routes.about}</h1>`)
  })

  it('has no sectors until the agency publishes one: the explorer says so, and a sector’s address is a 404', async () => {
    const explore = await page(url('explore', 'ru', {}))
    expect(explore.html).toContain(MESSAGES.ru.guide.explore.none)
    expect(explore.html).not.toContain('/ru/guide/explore/energy')
    const sector = await page(url('sector', 'ru', { params: { sector: 'energy' } }))
    expect(sector.res.status).toBe(404)
    expect(sector.html).toContain('<html lang="ru"')
  })

  it.each(LOCALES)('renders forms, hubs and guides whole, the footer without contacts (%s)', async (locale) => {
    for (const [id, rest] of OTHER_PAGES) {
      const target = url(id, locale, rest)
      expectWhole(await page(target), locale, target)
    }
    // A first investor can register: the form is there without the guide's text.
    const register = await page(url('guide-register-investor', locale, {}))
    expect(register.html).toContain('id="registration"')
    expect(register.html).toContain(MESSAGES[locale].states.unpublished.title)
    const footer = /<footer[\s\S]*<\/footer>/.exec(register.html)?.[0] ?? ''
    expect(footer).toContain(href('sitemap', { locale }))
    expect(footer).not.toContain('site-footer__contacts')
  })

  it.each(LOCALES)('renders a first resident’s profile area with its empty states (%s)', async (locale) => {
    const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
    const tokenHash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    const db = env.GATEWAY_DB
    const at = new Date().toISOString()
    const user = await db
      .prepare(
        `INSERT INTO users (email, role, is_resident, pin, created_at, updated_at)
         VALUES (?, 'businessmen', 1, ?, ?, ?) RETURNING id`,
      )
      .bind(`first-${locale}@agency.example`, `3010185012004${LOCALES.indexOf(locale)}`, at, at)
      .first<{ id: number }>()
    await db.batch([
      db
        .prepare("INSERT INTO profiles (user_id, name, surname, email, tin) VALUES (?, 'Malika', 'Yusupova', ?, ?)")
        .bind(user!.id, `first-${locale}@agency.example`, `30567891${LOCALES.indexOf(locale)}`),
      db
        .prepare(
          'INSERT INTO tokens (user_id, token_hash, created_at, expires_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(user!.id, tokenHash, at, new Date(Date.now() + 86_400_000).toISOString(), at),
    ])
    const cookie = tokenCookie(token)
    for (const id of ['profile', 'profile-company', 'profile-appeals', 'profile-my-projects'] as const) {
      const target = href(id, { locale })
      expectWhole(await page(target, cookie), locale, target)
    }
    for (const id of ['profile-appeals', 'profile-my-projects'] as const) {
      expect((await page(href(id, { locale }), cookie)).html, id).toContain('state--empty')
    }
    const services = href('profile-my-services', { locale })
    const list = await page(services, cookie)
    expectWhole(list, locale, services)
    expect(list.html).toContain('state--empty')
  })
})
