/**
 * Every page reads only what its data plan loads (docs/architecture.md#rule-9): each route, with sample params on the
 * seeded gateway, is rendered whole (as a crawler gets it) and the edge names no key the render asked for outside the
 * plan (`X-Plan-Missing`, a debug header). A page that reads a key its plan lacks would fetch it again in the browser.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { href } from '../../shared/routing/match'
import { ROUTES, type RouteId } from '../../shared/routing/routes'
import { fetchPortal, GOOGLEBOT, SAME_ORIGIN_JSON, signInNonResident, signInResident, tokenCookie } from './helpers'

const en = { locale: 'en' } as const

type Who = 'visitor' | 'non-resident' | 'resident'
type Sample = Readonly<{ url: string; as?: Who }>

let appealId = ''
let projectId = ''

/** Addresses of each route on the seeded gateway, and who opens them; the record's type asks for every route. */
const samples = (): Readonly<Record<RouteId, readonly Sample[]>> => ({
  home: [{ url: href('home', en) }, { url: href('home', { ...en, query: { region: '1703', metric: 'population' } }) }],
  sso: [{ url: href('sso', en) }],
  about: [{ url: href('about', en) }],
  search: [{ url: href('search', en) }, { url: href('search', { ...en, query: { keyword: 'investment', page: 1 } }) }],
  sitemap: [{ url: href('sitemap', en) }],
  contacts: [{ url: href('contacts', en) }],
  'contact-us': [{ url: href('contact-us', en) }, { url: href('contact-us', { ...en, query: { sent: '1' } }) }],
  'cookie-policy': [{ url: href('cookie-policy', en) }],
  'privacy-policy': [{ url: href('privacy-policy', en) }],
  'success-registration': [
    { url: href('success-registration', en) },
    { url: href('success-registration', { ...en, query: { reference: 'EV-2026-000045' } }) },
  ],
  unsubscribe: [{ url: href('unsubscribe', en) }, { url: href('unsubscribe', { ...en, query: { token: 'x' } }) }],
  'confirm-email': [
    { url: href('confirm-email', en) },
    { url: href('confirm-email', { ...en, query: { uuid: 'u', token: 't' } }) },
    { url: href('confirm-email', { ...en, query: { done: '1' } }) },
  ],
  'open-data': [{ url: href('open-data', en) }],
  accessibility: [{ url: href('accessibility', en) }],
  'page-feedback': [{ url: href('page-feedback', { ...en, query: { return: href('about', en) } }) }],
  'all-projects': [
    { url: href('all-projects', en) },
    { url: href('all-projects', { ...en, query: { category_id: '2', status: 'open_for_investment', page: 0 } }) },
  ],
  'all-projects-map': [
    { url: href('all-projects-map', en) },
    { url: href('all-projects-map', { ...en, query: { category_id: '2', status: 'open_for_investment' } }) },
  ],
  post: [{ url: href('post', { ...en, params: { id: '1' } }) }],
  media: ['news', 'publication', 'pr_material', 'blog', 'gallery'].map((id) => ({
    url: href('media', { ...en, params: { id }, query: { page: 1 } }),
  })),
  'story-list': [{ url: href('story-list', en) }],
  story: [{ url: href('story', { ...en, params: { id: '1' } }) }],
  'event-list': [{ url: href('event-list', en) }],
  'event-register': [{ url: href('event-register', { ...en, query: { event_id: '6' } }) }],
  event: [{ url: href('event', { ...en, params: { id: '1' } }) }],
  gallery: [{ url: href('gallery', { ...en, params: { id: '1' } }) }],
  'one-id': [{ url: href('one-id', { ...en, query: { role: 'investor' } }) }],
  'sign-in': [{ url: href('sign-in', { ...en, query: { role: 'investor' } }) }],
  'forgot-password': [{ url: href('forgot-password', { ...en, query: { role: 'businessmen', sent: '1' } }) }],
  'reset-password': [
    { url: href('reset-password', { ...en, query: { time: '1', token: 't', email: 'a@b.example', uuid: 'u' } }) },
  ],
  reason: [{ url: href('reason', { ...en, params: { topic: 'living' } }) }],
  'uz-ex': [{ url: href('uz-ex', en) }],
  'service-category-index': [{ url: href('service-category-index', en) }],
  'service-category': [{ url: href('service-category', { ...en, params: { category_id: '1' } }) }],
  'e-auction': [{ url: href('e-auction', en) }],
  'e-auction-lot': [{ url: href('e-auction-lot', { ...en, params: { id: '17240447' } }) }],
  service: [{ url: href('service', { ...en, params: { service_id: '1' } }) }],
  'guide-partnership': [{ url: href('guide-partnership', en) }],
  'guide-privatization': [{ url: href('guide-privatization', en) }],
  'guide-register-business': [{ url: href('guide-register-business', en) }],
  'guide-register-investor': [{ url: href('guide-register-investor', en) }],
  'guide-project': [{ url: href('guide-project', en) }],
  'project-category-list': [{ url: href('project-category-list', en) }],
  'project-category': [
    {
      url: href('project-category', {
        ...en,
        params: { id: '2' },
        query: { sector_id: '1', status: 'open_for_investment' },
      }),
    },
  ],
  project: [{ url: href('project', { ...en, params: { id: '1' } }) }],
  explore: [{ url: href('explore', en) }],
  sector: [{ url: href('sector', { ...en, params: { sector: 'energy' } }) }],
  'explore-item': [{ url: href('explore-item', { ...en, params: { id: '1' } }) }],
  'project-interest': [
    { url: href('project-interest', { ...en, params: { id: '1' } }) },
    { url: href('project-interest', { ...en, params: { id: '1' } }), as: 'non-resident' },
    { url: href('project-interest', { ...en, params: { id: '1' }, query: { sent: 'IN-2026-000001' } }) },
  ],
  enquiry: [{ url: href('enquiry', { ...en, params: { token: `1.${'A'.repeat(43)}` } }) }],
  'profile-enquiries': [{ url: href('profile-enquiries', en), as: 'non-resident' }],
  profile: [{ url: href('profile', en), as: 'non-resident' }],
  'profile-company': [{ url: href('profile-company', en), as: 'resident' }],
  'profile-password': [{ url: href('profile-password', en), as: 'non-resident' }],
  'profile-notifications': [{ url: href('profile-notifications', en), as: 'non-resident' }],
  'profile-account': [
    { url: href('profile-account', en), as: 'non-resident' },
    { url: href('profile-account', en), as: 'resident' },
  ],
  'profile-my-services': [
    { url: href('profile-my-services', en), as: 'resident' },
    { url: href('profile-my-services', { ...en, query: { type: 'tax_information' } }), as: 'resident' },
  ],
  'profile-appeals': [
    { url: href('profile-appeals', en), as: 'non-resident' },
    { url: href('profile-appeals', { ...en, query: { new: '1' } }), as: 'non-resident' },
    { url: href('profile-appeals', { ...en, params: { id: appealId } }), as: 'non-resident' },
  ],
  'profile-my-projects': [{ url: href('profile-my-projects', en), as: 'non-resident' }],
  'profile-project-form': [
    { url: href('profile-project-form', en), as: 'non-resident' },
    { url: href('profile-project-form', { ...en, params: { id: projectId } }), as: 'non-resident' },
  ],
  page: [{ url: href('page', { ...en, params: { slug: 'faq' } }) }],
})

const tokens: Record<Who, string | null> = { visitor: null, 'non-resident': null, resident: null }

/** Creates one record through the gateway proxy as the signed-in user and answers its id. */
async function create(path: string, token: string, body: unknown): Promise<string> {
  const res = await fetchPortal(`/gateway${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN_JSON, cookie: tokenCookie(token) },
    body: JSON.stringify(body),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return String(((await res.json()) as { content: { id: number } }).content.id)
}

beforeAll(async () => {
  tokens['non-resident'] = await signInNonResident()
  tokens.resident = await signInResident()
  appealId = await create('/siw/appeal', tokens['non-resident'], {
    topic_id: 1,
    type_id: 7,
    region_id: 1703,
    text: 'Which permits does a rooftop solar plant need?',
  })
  await create('/siw/enquiry', tokens['non-resident'], {
    project_id: 1,
    timeframe: 'later',
    message: 'Is the site connected to the power grid?',
  })
  projectId = await create('/siw/personal/project', tokens['non-resident'], {
    title: { en: 'Cold storage in Samarkand', ru: '', uz: '' },
    content: { en: '<p>A 5,000 t store.</p>' },
    category_id: 1,
    sector_id: 1,
    region_id: 1703,
    budget: 900_000,
    draft: true,
  })
})

describe('plan and page agree', () => {
  it('has samples for every route of the table', () => {
    expect(Object.values(samples()).every((list) => list.length > 0)).toBe(true)
  })

  for (const { id } of ROUTES) {
    it(`${id}: renders reading only keys of its data plan`, async () => {
      for (const { url, as = 'visitor' } of samples()[id]) {
        const token = tokens[as]
        const res = await fetchPortal(url, {
          headers: { 'user-agent': GOOGLEBOT, ...(token ? { cookie: tokenCookie(token) } : {}) },
        })
        await res.text()
        expect(res.status, url).toBeLessThan(500)
        expect(res.headers.get('x-render-error'), url).toBeNull()
        expect(res.headers.get('x-plan-missing'), url).toBeNull()
      }
    })
  }
})
