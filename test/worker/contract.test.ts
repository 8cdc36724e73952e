/**
 * The contract against real data: every page's data plan, on the seeded reference gateway, validates in every
 * language, and the pages render (200, no render error). A schema that rejects real data fails here.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { validatePayload } from '../../contract/gateway'
import { LOCALES, type Locale } from '../../contract/locales'
import { href } from '../../shared/routing/match'
import {
  fetchPortal,
  payloadUrlOf,
  planOf,
  SAME_ORIGIN_JSON,
  signInNonResident,
  signInResident,
  tokenCookie,
} from './helpers'

type PagePayload = { payloads: Record<string, { ok: boolean; code?: string }> }

/** The gateway keys of a page's data plan, critical and deferred, from its URL. */
function planKeys(url: string): string[] {
  const { critical, deferred } = planOf(url)
  return [...critical, ...deferred]
}

/** The reference gateway's own answer for a key (no edge, no cache in between). */
async function askGateway(key: string, locale: Locale, token?: string): Promise<unknown> {
  const res = await env.GATEWAY.fetch(`http://gateway.internal${key}`, {
    headers: { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  expect(res.status, `${key} (${locale})`).toBe(200)
  return res.json()
}

/**
 * Opens a page (following a route rule's redirect once), checks that it rendered and that its payload entries all
 * loaded, then checks each key of its plan against the contract in every language. Answers the page's final URL.
 */
async function expectValidPage(url: string, token?: string): Promise<string> {
  const headers: Record<string, string> = token ? { cookie: tokenCookie(token) } : {}
  let res = await fetchPortal(url, { headers })
  if (res.status === 302) {
    url = res.headers.get('location')!.split('#')[0]!
    res = await fetchPortal(url, { headers })
  }
  expect(res.status, url).toBe(200)
  expect(res.headers.get('x-render-error'), url).toBeNull()
  await res.text()

  const keys = planKeys(url)
  expect(keys.length, url).toBeGreaterThan(0)
  const payload = await fetchPortal(payloadUrlOf(url), { headers })
  expect(payload.status, url).toBe(200)
  const { payloads } = (await payload.json()) as PagePayload
  expect(Object.keys(payloads).sort(), url).toEqual([...keys].sort())
  for (const [key, entry] of Object.entries(payloads)) expect({ key, ...entry }, url).toMatchObject({ key, ok: true })

  for (const locale of LOCALES) {
    for (const key of keys) {
      const checked = validatePayload(key, await askGateway(key, locale, token))
      expect({ key, locale, ...checked }, url).toMatchObject({ key, locale, ok: true })
    }
  }
  return url
}

const en = { locale: 'en' } as const

describe('public pages on the seeded gateway', () => {
  it.each([
    ['home', href('home', en)],
    ['home with the map in the first byte', href('home', { ...en, query: { region: '1703', metric: 'population' } })],
    ['about', href('about', en)],
    ['search with a keyword', href('search', { ...en, query: { keyword: 'investment' } })],
    ['the site map', href('sitemap', en)],
    ['contacts', href('contacts', en)],
    ['the cookie policy', href('cookie-policy', en)],
    ['the privacy policy', href('privacy-policy', en)],
    ['a content page', href('page', { ...en, params: { slug: 'faq' } })],
    ['a reason', href('reason', { ...en, params: { topic: 'living' } })],
  ])('%s', async (_, url) => {
    await expectValidPage(url)
  })

  it.each([
    ['the news list', href('media', { ...en, params: { id: 'news' } })],
    ['the publications list', href('media', { ...en, params: { id: 'publication' } })],
    ['the PR materials list', href('media', { ...en, params: { id: 'pr_material' } })],
    ['the blog list', href('media', { ...en, params: { id: 'blog' } })],
    ['the galleries list', href('media', { ...en, params: { id: 'gallery' } })],
    ['a post', href('post', { ...en, params: { id: '1' } })],
    ['the stories list', href('story-list', en)],
    ['a story', href('story', { ...en, params: { id: '1' } })],
    ['the events list', href('event-list', en)],
    ['an event', href('event', { ...en, params: { id: '1' } })],
    ['the event registration form', href('event-register', { ...en, query: { event_id: '6' } })],
    ['a gallery', href('gallery', { ...en, params: { id: '1' } })],
  ])('%s', async (_, url) => {
    await expectValidPage(url)
  })

  it.each([
    ['the partnership guide', href('guide-partnership', en)],
    ['the privatization guide', href('guide-privatization', en)],
    ['the business registration guide', href('guide-register-business', en)],
    ['the investor registration guide', href('guide-register-investor', en)],
    ['the projects hub', href('guide-project', en)],
    ['the project categories', href('project-category-list', en)],
    ['a project category', href('project-category', { ...en, params: { id: '2' } })],
    [
      'a project category, filtered',
      href('project-category', {
        ...en,
        params: { id: '2' },
        query: { sector_id: '1', status: 'open_for_investment' },
      }),
    ],
    ['a project', href('project', { ...en, params: { id: '1' } })],
    ['a sector', href('sector', { ...en, params: { sector: 'energy' } })],
    ['a project from the sectors', href('explore-item', { ...en, params: { id: '1' } })],
  ])('%s', async (_, url) => {
    await expectValidPage(url)
  })

  it.each([
    ['the service catalogue (to its first category)', href('service-category-index', en)],
    ['a service category', href('service-category', { ...en, params: { category_id: '1' } })],
    ['a service section (to its parent)', href('service-category', { ...en, params: { category_id: '9' } })],
    ['a service with its process and step', href('service', { ...en, params: { service_id: '1' } })],
    ['the e-auction lots', href('e-auction', en)],
    ['an e-auction lot', href('e-auction-lot', { ...en, params: { id: '17240447' } })],
    ['the UzEx lots', href('uz-ex', en)],
  ])('%s', async (_, url) => {
    await expectValidPage(url)
  })

  it('the service page reads a process and a step', async () => {
    const url = await expectValidPage(href('service', { ...en, params: { service_id: '1' } }))
    expect(planKeys(url).some((key) => /\/service\/step\/\d+$/.test(key))).toBe(true)
  })
})

describe('signed-in pages on the seeded gateway', () => {
  it('the appeals list, the new-appeal form and an appeal with its thread', async () => {
    const token = await signInNonResident()
    const created = await fetchPortal('/gateway/siw/appeal', {
      method: 'POST',
      headers: { ...SAME_ORIGIN_JSON, cookie: tokenCookie(token) },
      body: JSON.stringify({
        topic_id: 1,
        type_id: 7,
        region_id: 1703,
        text: 'How are imported solar panels taxed at the border?',
      }),
    })
    expect(created.status, await created.clone().text()).toBe(200)
    const { id } = ((await created.json()) as { content: { id: number } }).content
    await expectValidPage(href('profile-appeals', en), token)
    await expectValidPage(href('profile-appeals', { ...en, query: { new: '1' } }), token)
    await expectValidPage(href('profile-appeals', { ...en, params: { id: String(id) } }), token)
  })

  it('my projects, the new-project form and a project in the form', async () => {
    const token = await signInNonResident()
    const created = await fetchPortal('/gateway/siw/personal/project', {
      method: 'POST',
      headers: { ...SAME_ORIGIN_JSON, cookie: tokenCookie(token) },
      body: JSON.stringify({
        title: { en: 'Rooftop solar for a textile mill', ru: '', uz: '' },
        content: { en: '<p>A 2 MW rooftop plant.</p>' },
        category_id: 1,
        sector_id: 1,
        region_id: 1703,
        budget: 1_500_000,
        draft: true,
      }),
    })
    expect(created.status, await created.clone().text()).toBe(200)
    const { id } = ((await created.json()) as { content: { id: number } }).content
    await expectValidPage(href('profile-my-projects', en), token)
    await expectValidPage(href('profile-project-form', en), token)
    await expectValidPage(href('profile-project-form', { ...en, params: { id: String(id) } }), token)
  })

  it('my services of a resident, for each service type', async () => {
    const token = await signInResident()
    await expectValidPage(href('profile-my-services', en), token)
    await expectValidPage(href('profile-my-services', { ...en, query: { type: 'tax_information' } }), token)
  })

  it('the profile answer itself', async () => {
    for (const token of [await signInNonResident(), await signInResident()]) {
      for (const locale of LOCALES)
        expect(validatePayload('/core/profile', await askGateway('/core/profile', locale, token))).toMatchObject({
          ok: true,
        })
    }
  })
})
