/** Helpers the e2e specs share: full-load markers, demo sign-in through the edge, and expected-failure filters. */
import fs from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { href, splitLocale } from '../../shared/routing/match'
import { expect } from './fixtures'

type DemoAccount = { email: string; password: string | null; role: 'investor' | 'businessmen'; is_resident: boolean }

/** A file of the reference gateway's seed content (`gateway/seed/{name}.json`), to know what pages show. */
export const seed = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(new URL(`../../gateway/seed/${name}.json`, import.meta.url), 'utf8')) as T

/** A reference catalogue (`gateway/reference/{name}.json`): the places every deployment and the seed load. */
export const reference = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(new URL(`../../gateway/reference/${name}.json`, import.meta.url), 'utf8')) as T

/** Germany as the reference catalogue has it: its id is its ISO numeric code (docs/operations.md#reference-catalogues). */
export const GERMANY = (() => {
  const country = reference<{ code: string; numeric: string; name: Record<'uz' | 'ru' | 'en', string> }[]>(
    'countries',
  ).find((c) => c.code === 'DE')!
  return { id: Number(country.numeric), name: country.name }
})()

/** A one-pixel PNG, an image every upload accepts. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** SWR revalidates on focus at most this often (its default `focusThrottleInterval`). */
export const SWR_FOCUS_THROTTLE_MS = 5_000

/** The first seeded account with a password that matches, e.g. the demo non-resident investor. */
export function findDemoAccount(match: {
  role: DemoAccount['role']
  is_resident: boolean
}): DemoAccount & { password: string } {
  const accounts = JSON.parse(
    fs.readFileSync(new URL('../../gateway/seed/accounts.json', import.meta.url), 'utf8'),
  ) as DemoAccount[]
  const account = accounts.find((a) => a.role === match.role && a.is_resident === match.is_resident && a.password)
  if (!account?.password)
    throw new Error(`No seeded ${match.role} account (resident: ${match.is_resident}) with a password`)
  return { ...account, password: account.password }
}

/**
 * Marks the current document: the marker survives client navigation and disappears with a full page load.
 * Call it after hydration.
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { __marker?: number }).__marker = 1
  })
}

/** Whether the document marked by `markDocument` is still the one shown (no full load happened since). */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1)
}

export type LoginAnswer = {
  status: number
  body: { result?: { code?: string }; content?: Record<string, unknown> | null }
}

/**
 * Signs in through the edge's gateway proxy from the page, as the sign-in form will: the edge moves the token
 * into the HttpOnly `token` cookie. Returns what the page saw.
 */
export async function signInFromPage(
  page: Page,
  account: { email: string; password: string; role: string },
): Promise<LoginAnswer> {
  const path = '/gateway/core/auth/login'
  const answer = await page.evaluate(
    async ({ path, account }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password, role: account.role, hash: '' }),
      })
      return { status: res.status, body: await res.json() }
    },
    { path, account },
  )
  expect(answer.status, `login answered ${JSON.stringify(answer.body)}`).toBe(200)
  return answer as LoginAnswer
}

/**
 * Holds the requests to `url` until the test calls `release()`: what a page shows while they are on their way (the
 * loading bar, upload progress, a busy button) stays on screen for exactly as long as the test looks at it.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<{ release: () => void; held: Request[] }> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Request[] = []
  await page.route(url, async (route) => {
    held.push(route.request())
    await released
    // The page may have given up on the request meanwhile (a timeout under test): then there is nothing to let go.
    await route.fallback().catch(() => undefined)
  })
  return { release, held }
}

/**
 * Records the `_payload.json` requests the page's own code makes, in the page: a test reads them right after an
 * action, with nothing in flight between the page and the test process to wait for.
 */
export async function recordPayloadFetches(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __payloadFetches: string[]; fetch: typeof fetch }
    w.__payloadFetches = []
    const original = w.fetch.bind(window)
    w.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/_payload.json')) w.__payloadFetches.push(url)
      return original(input, init)
    }
  })
  return () => page.evaluate(() => (window as unknown as { __payloadFetches: string[] }).__payloadFetches)
}

/** The `<title>` the edge renders for a URL: what a client navigation to it must show too. */
export async function readServerTitle(page: Page, url: string): Promise<string> {
  const html = await (await page.request.get(url)).text()
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1]
  if (raw === undefined) throw new Error(`No <title> in ${url}`)
  return raw
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Removes console errors a test provoked on purpose (e.g. an aborted request), so the fixture checks the rest. */
export function dropExpectedErrors(errors: string[], pattern: RegExp) {
  for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i]!)) errors.splice(i, 1)
}

/** Chromium logs every non-2xx document as a failed resource; on an error route that status is the point. */
export function dropStatusError(errors: string[], status: number) {
  dropExpectedErrors(errors, new RegExp(`^Failed to load resource: the server responded with a status of ${status} `))
}

/**
 * The same URL without its locale prefix (`/ru/search?keyword=x` → `/search?keyword=x`): what an old link looks like.
 */
export function barePath(url: string): string {
  const { pathname, search } = new URL(url, 'http://portal.invalid')
  return splitLocale(pathname).rest + search
}

export { href }
