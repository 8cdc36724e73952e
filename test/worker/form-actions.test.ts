/**
 * Every page action against the real reference gateway (docs/security.md#forms): a form posted without JavaScript
 * reaches the gateway with the visitor's address, so the gateway's per-client limits count each visitor on their own.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { joinAppealType } from '../../shared/forms/account-forms'
import { href } from '../../shared/routing/match'
import type { RouteId } from '../../shared/routing/routes'
import { createApp } from '../../worker/app'
import { ACTIONS } from '../../worker/page/action-registry'
import {
  DEMO_NON_RESIDENT,
  decodeEntities,
  fetchPortal,
  MESSAGES,
  ORIGIN,
  readState,
  signInNonResident,
  tokenCookie,
} from './helpers'

const app = createApp()

/**
 * The gateway keeps its per-address counters in D1 for ten minutes, so each run takes addresses of its own: a random
 * group inside the documentation prefix (2001:db8::/32), then one subnet per test.
 */
const RUN = crypto.randomUUID().slice(0, 4)
const walkAddress = (n: number) => `2001:db8:${RUN}:1::${n.toString(16)}`
const BUDGET_A = `2001:db8:${RUN}:2::a`
const BUDGET_B = `2001:db8:${RUN}:2::b`

/** The public form budget per address (`FORM_IP_LIMIT` of the gateway, docs/security.md#forms). */
const FORM_POSTS_PER_ADDRESS = 20

/** The smallest files the gateway's byte sniffing takes as a PNG image and a PDF document. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
])
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const png = (name: string) => new File([PNG], name, { type: 'image/png' })
const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' })

/** Ids from the seeded gateway that valid forms refer to, and the signed-in investor's session. */
type Seeded = Readonly<{
  token: string
  eventId: string
  countryId: string
  regionId: string
  appealType: string
  categoryId: string
  sectorId: string
  project: { id: string; visible: boolean }
  openProjectId: string
  /** The signed-in investor's own correctable values. */
  profile: Record<string, string>
}>

/** One form post as a browser without JavaScript sends it, and the gateway calls its action makes (`METHOD /path`). */
type FormPost = Readonly<{
  url: string
  fields: Record<string, string>
  files?: Record<string, File>
  /** The session of a signed-in visitor. */
  token?: string
  calls: readonly string[]
}>

/** An event application that passes the form's checks, with both documents. */
function eventApplication(seed: Seeded, email: string): Pick<FormPost, 'url' | 'fields' | 'files'> {
  return {
    url: href('event-register', { locale: 'en', query: { event_id: seed.eventId } }),
    fields: {
      role: 'participant',
      last_name: 'Karimova',
      first_name: 'Dilnoza',
      middle_name: '',
      gender: 'female',
      birth_date: '1988-04-12',
      birthplace: 'Samarkand',
      country_id: seed.countryId,
      address: '12 Amir Temur Avenue, Tashkent',
      passport: 'FA1234567',
      email,
      phone: '+998 90 123 45 67',
      organization: 'Silk Road Ventures',
      position: 'Analyst',
      activity: '',
    },
    files: { passport_scan: pdf('passport.pdf'), image: png('photo.png') },
  }
}

/** A registration a non-resident sends; the e-mail is new on every run, so the gateway takes it. */
function registration(seed: Seeded, kind: 'investor' | 'business'): Record<string, string> {
  const common = {
    is_resident: 'false',
    company_name: 'Brenner Solar Capital GmbH',
    website: '',
    name: 'Anna',
    surname: 'Weiss',
    email: `registration.${kind}.${RUN}@example.com`,
    phone: '+49 30 1234567',
    pin: '',
    source: 'linkedin',
    source_variant: '',
    comments: '',
  }
  return kind === 'investor'
    ? { ...common, position: 'Partner', country_id: seed.countryId }
    : { ...common, tin: '', legal_address: '' }
}

/**
 * One valid post per page action, so each action passes its own checks and calls the gateway. Keyed by every route
 * with an action: a new action without a post here does not compile.
 */
/** One fixture per action; a new action without one fails the walk below, by name. */
const FORM_POSTS: { readonly [Id in RouteId]?: (seed: Seeded) => FormPost } = {
  'sign-in': () => ({
    url: href('sign-in', { locale: 'en', query: { role: 'investor' } }),
    fields: { email: DEMO_NON_RESIDENT.email, password: DEMO_NON_RESIDENT.password },
    calls: ['POST /core/auth/login'],
  }),
  'page-feedback': () => ({
    url: href('page-feedback', { locale: 'en' }),
    fields: { page: href('about', { locale: 'en' }), useful: 'no', comment: 'The figures need a source.' },
    calls: ['POST /siw/public/page-feedback'],
  }),
  'contact-us': () => ({
    url: href('contact-us', { locale: 'en' }),
    fields: {
      purpose: 'exploring_investment_opportunities',
      name: 'Lukas',
      last_name: 'Brenner',
      email: `contact.${RUN}@example.com`,
      phone: '+49 30 1234567',
      company_name: 'Brenner Solar Capital GmbH',
      designation: 'Managing Director',
      country: 'Germany',
      website: 'brenner-solar.example',
      message: 'We would like to discuss rooftop solar projects in the Navoi region.',
    },
    calls: ['POST /siw/public/contact-us'],
  }),
  // A visitor's interest in a seeded project open for investment.
  'project-interest': (seed) => ({
    url: href('project-interest', { locale: 'en', params: { id: String(seed.openProjectId) } }),
    fields: {
      name: 'Lukas Brenner',
      email: `interest.${RUN}@example.com`,
      phone: '+49 30 1234567',
      company_name: 'Brenner Solar Capital GmbH',
      amount_id: '',
      timeframe: 'within_a_year',
      country_id: seed.countryId,
      message: 'We would like to discuss this project with its initiator.',
    },
    calls: ['POST /siw/enquiry'],
  }),
  'forgot-password': () => ({
    url: href('forgot-password', { locale: 'en', query: { role: 'investor' } }),
    fields: { email: `nobody.${RUN}@example.com` },
    calls: ['POST /core/auth/forgot-password'],
  }),
  // A made-up link: the gateway refuses it, after the call this test is about.
  'reset-password': () => ({
    url: href('reset-password', {
      locale: 'en',
      query: {
        time: String(Math.floor(Date.now() / 1000)),
        token: 'f'.repeat(40),
        email: DEMO_NON_RESIDENT.email,
        uuid: crypto.randomUUID(),
      },
    }),
    fields: { password: 'Another#2026pass', password_confirmation: 'Another#2026pass' },
    calls: ['POST /core/auth/reset-password'],
  }),
  // A wrong old password: the gateway checks it and refuses, and the shared demo account keeps its password.
  'profile-password': (seed) => ({
    url: href('profile-password', { locale: 'en' }),
    fields: {
      old_password: 'not-the-password',
      new_password: 'Another#2026pass',
      password_confirmation: 'Another#2026pass',
    },
    token: seed.token,
    calls: ['PATCH /core/profile/change-password'],
  }),
  // The investor's own values: the call is made and the shared demo account stays as it was.
  profile: (seed) => ({
    url: href('profile', { locale: 'en' }),
    fields: seed.profile,
    token: seed.token,
    calls: ['PATCH /core/profile'],
  }),
  // Every choice on, as the demo account has them: the call is made and its choices stay as they were.
  'profile-notifications': (seed) => ({
    url: href('profile-notifications', { locale: 'en' }),
    fields: Object.fromEntries(
      ['appeals', 'projects', 'events'].flatMap((topic) => ['mail', 'push'].map((ch) => [`${topic}.${ch}`, 'on'])),
    ),
    token: seed.token,
    calls: ['PUT /core/profile/notifications'],
  }),
  // The data export, made at once for the demo account: nothing else changes.
  'profile-account': (seed) => ({
    url: href('profile-account', { locale: 'en' }),
    fields: { intent: 'export' },
    token: seed.token,
    calls: ['POST /core/account/export'],
  }),
  // A link the gateway did not issue: the call is made and no address changes.
  'confirm-email': () => ({
    url: href('confirm-email', { locale: 'en' }),
    fields: { uuid: 'not-a-link', token: 'forged' },
    calls: ['POST /core/auth/confirm-email'],
  }),
  // A token the gateway refuses: the call is made and nothing is unsubscribed.
  unsubscribe: () => ({
    url: href('unsubscribe', { locale: 'en' }),
    fields: { token: 'appeals.u.1.forged' },
    calls: ['POST /core/mail/unsubscribe'],
  }),
  'profile-appeals': (seed) => ({
    url: href('profile-appeals', { locale: 'en' }),
    fields: {
      intent: 'create',
      type: seed.appealType,
      region_id: seed.regionId,
      text: 'The customs office has held our solar panels for three weeks.',
    },
    token: seed.token,
    calls: ['POST /siw/appeal'],
  }),
  // The visibility the project has already: the call is made and the seeded project stays as it was.
  'profile-my-projects': (seed) => ({
    url: href('profile-my-projects', { locale: 'en' }),
    fields: { intent: 'visibility', id: seed.project.id, visible: String(seed.project.visible) },
    token: seed.token,
    calls: [`POST /siw/personal/project/set-visible/${seed.project.id}`],
  }),
  'profile-project-form': (seed) => ({
    url: href('profile-project-form', { locale: 'en' }),
    fields: {
      title_en: 'Rooftop solar for a textile mill',
      title_ru: '',
      title_uz: '',
      content_en: 'A 2 MW rooftop plant on the mill’s warehouses.',
      content_ru: '',
      content_uz: '',
      category_id: seed.categoryId,
      sector_id: seed.sectorId,
      region_id: seed.regionId,
      budget: '250000',
      status: 'open_for_investment',
      latitude: '',
      longitude: '',
      phone: '',
      email: '',
      deleted_budgets: '',
    },
    files: { image: png('plant.png'), presentation_en: pdf('deck.pdf') },
    token: seed.token,
    calls: ['POST /siw/personal/project', 'POST /document/project/upload', 'POST /document/project/presentation'],
  }),
  'guide-register-business': (seed) => ({
    url: href('guide-register-business', { locale: 'en' }),
    fields: registration(seed, 'business'),
    calls: ['POST /siw/public/business-registration'],
  }),
  'guide-register-investor': (seed) => ({
    url: href('guide-register-investor', { locale: 'en' }),
    fields: registration(seed, 'investor'),
    calls: ['POST /siw/public/investor-registration'],
  }),
  'event-register': (seed) => ({
    ...eventApplication(seed, `applicant.${RUN}@example.com`),
    calls: ['POST /siw/public/event-application', 'POST /document/public/event-application'],
  }),
}

/** The content of a gateway answer, read straight from the reference gateway. */
async function gatewayContent<T>(path: string, token?: string): Promise<T> {
  const res = await env.GATEWAY.fetch(`http://gateway.internal${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  expect(res.status, path).toBe(200)
  return ((await res.json()) as { content: T }).content
}

async function readSeeded(): Promise<Seeded> {
  const token = await signInNonResident()
  const [events, countries, regions, topics, categories, sectors, projects, open, profile] = await Promise.all([
    gatewayContent<{ id: number }[]>('/siw/public/event'),
    gatewayContent<{ id: number }[]>('/integration/public/territorial-entity/countries'),
    gatewayContent<{ id: number }[]>('/integration/public/territorial-entity/regions'),
    gatewayContent<{ id: number; children: { id: number }[] }[]>('/siw/public/appeal-topic'),
    gatewayContent<{ id: number }[]>('/siw/public/project-category'),
    gatewayContent<{ id: number }[]>('/siw/public/service-sector'),
    gatewayContent<{ id: number; visible?: boolean }[]>('/siw/personal/project', token),
    gatewayContent<{ id: number }[]>('/siw/public/project?status=open_for_investment'),
    gatewayContent<{ investor: Record<string, string> }>('/core/profile', token),
  ])
  const own = profile.investor
  const topic = topics.find((t) => t.children.length > 0)!
  return {
    token,
    eventId: String(events[0]!.id),
    countryId: String(countries[0]!.id),
    regionId: String(regions[0]!.id),
    appealType: joinAppealType(topic.id, topic.children[0]!.id),
    categoryId: String(categories[0]!.id),
    sectorId: String(sectors[0]!.id),
    project: { id: String(projects[0]!.id), visible: projects[0]!.visible === true },
    openProjectId: String(open[0]!.id),
    profile: Object.fromEntries(
      ['phone', 'name', 'surname', 'company_name', 'position', 'website'].map((name) => [name, own[name] ?? '']),
    ),
  }
}

/** The body and headers of a post from `address`: url-encoded, or multipart when it carries files. */
function requestOf(post: Pick<FormPost, 'fields' | 'files' | 'token'>, address: string): RequestInit {
  const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': address }
  if (post.token) headers.cookie = tokenCookie(post.token)
  if (!post.files) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    return { method: 'POST', headers, body: new URLSearchParams(post.fields).toString() }
  }
  const body = new FormData()
  for (const [name, value] of Object.entries(post.fields)) body.set(name, value)
  for (const [name, file] of Object.entries(post.files)) body.set(name, file)
  return { method: 'POST', headers, body }
}

type UpstreamCall = { method: string; path: string; forwardedFor: string | null }
const callName = (call: UpstreamCall) => `${call.method} ${call.path}`

/**
 * Posts through the portal with its GATEWAY binding wrapped: every upstream request is recorded, then answered by the
 * real gateway.
 */
async function postRecorded(url: string, init: RequestInit) {
  const calls: UpstreamCall[] = []
  const gateway = {
    fetch: async (input: RequestInfo, requestInit?: RequestInit) => {
      const req = new Request(input, requestInit)
      calls.push({
        method: req.method,
        path: new URL(req.url).pathname,
        forwardedFor: req.headers.get('x-forwarded-for'),
      })
      return env.GATEWAY.fetch(req)
    },
  }
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(url, ORIGIN), { redirect: 'manual', ...init }),
    { ...env, GATEWAY: gateway } as unknown as Env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html, calls }
}

/**
 * Requests of the page around the action, not of the action: the session's profile and the page's data (reads), and
 * the reset link's check when the reset form is shown again. Every action's calls are writes (POST, PUT, PATCH).
 */
const isPageRead = (call: UpstreamCall) => call.method === 'GET' || call.path === '/core/auth/check-reset-link'

let seed: Seeded
beforeAll(async () => {
  seed = await readSeeded()
})

describe('page actions and the gateway’s per-client limits', () => {
  it('sends the visitor’s address with every gateway call of every page action', async () => {
    const ids = Object.keys(ACTIONS) as RouteId[]
    for (const [n, id] of ids.entries()) {
      const formPost = FORM_POSTS[id]
      expect(formPost, `no form post for the action of ${id}`).toBeTypeOf('function')
      const post = formPost!(seed)
      const address = walkAddress(n + 1)
      const { res, calls } = await postRecorded(post.url, requestOf(post, address))
      expect(res.status, id).toBeLessThan(500)
      const actionCalls = calls.filter((call) => !isPageRead(call))
      expect(actionCalls.length, `${id} made no gateway call`).toBeGreaterThan(0)
      expect(actionCalls.map(callName), id).toEqual(post.calls)
      for (const call of actionCalls) expect(call.forwardedFor, `${id}: ${callName(call)}`).toBe(address)
    }
  })

  it('gives two addresses separate budgets on the event registration form without JavaScript', async () => {
    const email = `budget.${RUN}@example.com`
    const post = async (address: string) => {
      const form = eventApplication(seed, email)
      const res = await fetchPortal(form.url, requestOf(form, address))
      return { status: res.status, location: res.headers.get('location'), html: await res.text() }
    }

    for (let n = 1; n <= FORM_POSTS_PER_ADDRESS; n++)
      expect((await post(BUDGET_A)).status, `post ${n} from A`).toBe(303)
    const refused = await post(BUDGET_A)
    expect(refused.status).toBe(429)
    // Read from the alert above the form: the page also embeds the whole message table for hydration.
    const alert = /<div class="form-alert" role="alert">[\s\S]*?<p>([^<]*)<\/p><\/div>/.exec(refused.html)?.[1]
    expect(decodeEntities(alert ?? '')).toBe(MESSAGES.en.messages.error.too_many_attempts)
    expect(readState(refused.html)).toMatchObject({
      form: { code: 'too_many_attempts', values: { first_name: 'Dilnoza', email } },
    })
    expect(refused.html).toMatch(/<form [^>]*encType="multipart\/form-data"/)
    expect(refused.html).toContain('name="first_name" value="Dilnoza"')

    const other = await post(BUDGET_B)
    expect(other.status).toBe(303)
    expect(new URL(other.location!, ORIGIN).pathname).toBe(href('success-registration', { locale: 'en' }))
  })
})
