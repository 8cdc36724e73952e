/** Helpers of the account specs: client addresses per file, sign-in through the UI and OneID, outbox and moderation. */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import type { Locale } from '../../contract/locales'
import { expect, OUTBOX_READ, waitForHydration } from './fixtures'
import { findDemoAccount, href } from './support'

/**
 * A client address of its own: the gateway rate-limits sign-ins and reset mails per address (the edge forwards
 * `CF-Connecting-IP`), so each spec file gets a fresh bucket and reruns never lock each other out.
 */
export function uniqueIp(): string {
  const n = () => 1 + Math.floor(Math.random() * 253)
  return `10.${n()}.${n()}.${n()}`
}

export type Role = 'investor' | 'businessmen'

/**
 * The demo accounts. The investor's password is changed by the reset spec (and restored), so other specs sign in with
 * the businessman or the OneID residents.
 */
export const INVESTOR = findDemoAccount({ role: 'investor', is_resident: false })
export const BUSINESSMAN = findDemoAccount({ role: 'businessmen', is_resident: false })

/** A context with JavaScript off (forms post to page actions and the edge answers with redirects). */
export function newNoJsContext(browser: Browser, ip: string): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'cf-connecting-ip': ip } })
}

/** Signs in with e-mail and password through the sign-in page and waits for the profile (or `expectUrl`). */
export async function signInWithPassword(
  page: Page,
  account: { email: string; password: string; role: string },
  opts: { locale?: Locale; js?: boolean; expectUrl?: RegExp } = {},
) {
  const locale = opts.locale ?? 'en'
  await page.goto(href('sign-in', { locale, query: { role: account.role } }))
  if (opts.js !== false) await waitForHydration(page)
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') })
  await form.locator('input[name="email"]').fill(account.email)
  await form.locator('input[name="password"]').fill(account.password)
  await form.locator('button[type="submit"]').click()
  await page.waitForURL(opts.expectUrl ?? new RegExp(`/${locale}/profile$`))
}

/** Signs a seeded resident in through OneID: the edge's redirect, the gateway's stand-in page, then `/sso`. */
export async function signInWithOneId(page: Page, role: Role, opts: { locale?: Locale; state?: string } = {}) {
  const locale = opts.locale ?? 'en'
  await page.goto(href('one-id', { locale, query: { role, state: opts.state } }))
  await expect(page).toHaveURL(/\/_dev\/oneid\?/)
  await page.locator('main a').first().click()
  await page.waitForURL(
    opts.state ? (url) => url.pathname + url.search === opts.state : new RegExp(`/${locale}/profile$`),
  )
}

/**
 * The newest link mailed to `email` whose address holds `part`, as a path of this portal (the gateway's configured host
 * is dropped). Only a mail the queue's consumer has sent through the EMAIL binding counts (`status` `sent`), not one
 * still queued.
 */
export async function latestMailedLink(
  request: APIRequestContext,
  email: string,
  part: string,
  after = 0,
): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`, OUTBOX_READ)
      const body = (await res.json()) as { content: { id: number; status: string; links: string[] }[] }
      const message = body.content.find(
        (m) => m.id > after && m.status === 'sent' && m.links.some((l) => l.includes(part)),
      )
      link = message?.links.find((l) => l.includes(part))
      return !!link
    })
    .toBe(true)
  const url = new URL(link!)
  return url.pathname + url.search
}

/** The newest reset link mailed to `email` (`latestMailedLink`). */
export function latestResetLink(request: APIRequestContext, email: string, after = 0): Promise<string> {
  return latestMailedLink(request, email, '/auth/reset-password', after)
}

/** The id of the newest outbox message to `email` (0 when none), to tell new mail from old. */
export async function lastOutboxId(request: APIRequestContext, email: string): Promise<number> {
  const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`, OUTBOX_READ)
  const body = (await res.json()) as { content: { id: number }[] }
  return body.content[0]?.id ?? 0
}

/** The moderator's side through the gateway's dev seam (DEV_MODE), as `npm run gateway:moderate` does. */
export async function moderate(
  request: APIRequestContext,
  baseURL: string,
  body: { kind: 'appeal' | 'project' | 'registration'; id: number; action: string; reply?: string; reason?: string },
) {
  const res = await request.post('/_dev/moderate', {
    headers: { origin: baseURL, 'content-type': 'application/json', 'x-requested-with': 'invest-portal' },
    data: body,
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** The id moderators name the pending registration of `email` by (`npm run gateway:moderate` lists the same). */
export async function pendingRegistrationId(request: APIRequestContext, email: string): Promise<number> {
  const res = await request.get('/_dev/moderate')
  const body = (await res.json()) as { content: { registrations: { id: number; email: string }[] } }
  const found = body.content.registrations.find((r) => r.email === email)
  expect(found, `a pending registration for ${email}`).toBeTruthy()
  return found!.id
}

/** Ends the session from outside (drops the cookies) after leaving the live page, whose polls would answer 401. */
export async function dropSession(page: Page) {
  await page.goto('about:blank')
  await page.context().clearCookies()
}

/** Sends an appeal as the signed-in user of `page` (through the portal's proxy, as the page's script would); its id. */
export async function sendAppeal(page: Page, baseURL: string, text: string): Promise<number> {
  const created = await page.request.post('/gateway/siw/appeal', {
    headers: { origin: baseURL, 'x-requested-with': 'invest-portal' },
    data: { topic_id: 1, type_id: 7, region_id: 1703, text },
  })
  expect(created.status()).toBe(200)
  return ((await created.json()) as { content: { id: number } }).content.id
}

/**
 * A non-resident investor's account of its own (approved registration, password set); its e-mail and password. For
 * tests whose assertions a parallel spec signed in as a shared demo account would disturb (its notifications, its
 * block state).
 */
export async function newAccount(request: APIRequestContext, baseURL: string, page: Page) {
  const email = `account.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
  // The first country the registration form offers (a fresh stack may still be seeding them).
  let countryId = 0
  await expect
    .poll(async () => {
      const res = await request.get('/gateway/integration/public/territorial-entity/countries')
      countryId = res.ok() ? (((await res.json()) as { content: { id: number }[] }).content[0]?.id ?? 0) : 0
      return countryId
    })
    .toBeGreaterThan(0)
  const sent = await request.post('/gateway/siw/public/investor-registration', {
    headers: { origin: baseURL, 'x-requested-with': 'invest-portal' },
    data: {
      company_name: 'Fjord Wind AS',
      website: '',
      email,
      phone: '+47 912 34 567',
      position: 'CFO',
      name: 'Ingrid',
      surname: 'Solberg',
      country_id: countryId,
      source: 'forum',
      source_variant: '',
      comments: '',
      is_resident: false,
      hash: '',
    },
  })
  expect(sent.status(), await sent.text()).toBe(200)
  await moderate(request, baseURL, {
    kind: 'registration',
    id: await pendingRegistrationId(request, email),
    action: 'approve',
  })
  await page.goto(await latestResetLink(request, email))
  await waitForHydration(page)
  const password = `Account#${Date.now()}`
  await page.locator('input[name="password"]').fill(password)
  await page.locator('input[name="password_confirmation"]').fill(password)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL(/\/en\/auth\/sign-in\?role=investor/)
  return { email, password, role: 'investor' as const }
}
