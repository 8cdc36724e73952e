/**
 * Deploy-safe client (docs/product.md#build-updates, #reload-guard, #icons): build polling, guarded reload after
 * chunk-load errors, icon endpoint.
 */
import type { Page } from '@playwright/test'
import { ICON_TIMEOUT_MS, RELOAD_GUARD_MS } from '../../shared/constants'
import { expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, holdRequests, href, isSameDocument, markDocument } from './support'

const locale = 'en'
const home = href('home', { locale })
const search = href('search', { locale })
const signIn = href('sign-in', { locale, query: { role: 'investor' } })
const LATEST = '**/_app/builds/latest.json*'
/** The sign-in page's own chunk; no page before it loads it. */
const SIGN_IN_CHUNK = '**/assets/sign-in-*.js'
const CHUNK_FAILURE =
  /^(Failed to load resource: net::ERR_FAILED|pageerror: Failed to fetch dynamically imported module: .*\/assets\/sign-in-.*\.js)$/

const searchLink = (page: Page) => page.locator(`header a[href="${search}"]`).filter({ visible: true }).first()

/** Counts full document loads of the main frame from now on. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads++
  })
  return () => loads
}

test('an hour after load the build manifest is polled with a timestamp query', async ({ page }) => {
  await page.clock.install()
  await page.goto(home)
  await waitForHydration(page)
  const check = page.waitForRequest(LATEST)
  await page.clock.fastForward('01:00:01')
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  const url = new URL((await check).url())
  expect(url.searchParams.get('t')).toMatch(/^\d{13}$/)
})

test("when the polled build id is the page's own, link clicks stay on the client", async ({ page }) => {
  await page.clock.install()
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  const answer = page.waitForResponse(LATEST)
  await page.clock.fastForward('01:00:01')
  const latest = (await (await answer).json()) as { id: string }
  const own = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('__STATE__')!.textContent!) as { config: { buildId: string } }).config
        .buildId,
  )
  expect(latest.id).toBe(own)
  await searchLink(page).click()
  await expect(page).toHaveURL(search)
  await expect(page.locator('#route-announcer')).not.toHaveText('')
  expect(await isSameDocument(page)).toBe(true)
})

test('after a new build id is seen, the next link click loads the page fully', async ({ page }) => {
  await page.clock.install()
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  await page.route(LATEST, (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }))
  const answer = page.waitForResponse(LATEST)
  await page.clock.fastForward('01:00:01')
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await (await answer).finished()
  // The check has read the answer and signalled the update.
  await page.waitForSelector('html[data-update-pending]', { state: 'attached' })
  const loads = countDocumentLoads(page)
  await searchLink(page).click()
  await expect(page).toHaveURL(search)
  await waitForHydration(page)
  expect(await isSameDocument(page)).toBe(false)
  expect(loads()).toBe(1)
})

test(`a page chunk that fails at load reloads the page once; a second failure within ${RELOAD_GUARD_MS} ms does not reload again`, async ({
  page,
  consoleErrors,
}) => {
  let chunkRequests = 0
  await page.route(SIGN_IN_CHUNK, (route) => {
    chunkRequests++
    return route.abort()
  })
  const loads = countDocumentLoads(page)
  const secondFailure = page.waitForEvent('pageerror')
  await page.goto(signIn)
  // The first failure reloads; the second, inside the guard window, surfaces as an error instead.
  // The guard decided before the error surfaced: that failure did not reload, so the second document is the last.
  expect((await secondFailure).message).toContain('Failed to fetch dynamically imported module')
  expect(loads()).toBe(2)
  // Each document asks at least once (the page may also preload its own chunk).
  expect(chunkRequests).toBeGreaterThanOrEqual(2)
  const guard = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('chunk-reload') ?? '{}') as Record<string, number>,
  )
  expect(Object.keys(guard)).toEqual([new URL(signIn, 'http://x').pathname])
  // The server-rendered page stays readable without hydration.
  await expect(page.locator('main h1')).toBeVisible()
  dropExpectedErrors(consoleErrors, CHUNK_FAILURE)
})

test('a page chunk that fails during client navigation falls back to a full load of the target', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  let chunkRequests = 0
  await page.route(SIGN_IN_CHUNK, (route) => {
    chunkRequests++
    // Only the first request fails, as when a deploy removed the old chunk and the new page brings the new one.
    return chunkRequests === 1 ? route.abort() : route.continue()
  })
  const loads = countDocumentLoads(page)
  await page.locator(`header a[href="${signIn}"]`).filter({ visible: true }).first().click()
  await expect(page).toHaveURL(signIn)
  await waitForHydration(page)
  expect(await isSameDocument(page)).toBe(false)
  expect(loads()).toBe(1)
  expect(chunkRequests).toBeGreaterThanOrEqual(2)
  dropExpectedErrors(consoleErrors, CHUNK_FAILURE)
})

test('the icon endpoint answers the requested SVG icons with a year-long immutable cache header', async ({
  request,
}) => {
  const res = await request.get(`/_app/icons?${new URLSearchParams({ names: 'search,home,no-such-icon' })}`)
  expect(res.status()).toBe(200)
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const icons = (await res.json()) as Record<string, string>
  expect(Object.keys(icons).sort()).toEqual(['home', 'search'])
  for (const svg of Object.values(icons))
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/)
})

test.describe('icons the gateway names', () => {
  const categories = href('service-category', { locale, params: { category_id: '1' } })
  /** The category links' icons: `hard-hat`, `ship`, `gavel`… come from the extra set, outside the bundle. */
  const navIcons = (page: Page) => page.locator('.category-nav__link svg.icon')
  /** The home page's link into the catalogue, which lands on the first category. */
  const openCatalogue = async (page: Page) => {
    await page
      .locator(`main a[href="${href('service-category-index', { locale })}"]`)
      .first()
      .click()
    await expect(page).toHaveURL(categories)
  }
  const drawn = (page: Page) =>
    navIcons(page).evaluateAll((svgs) => svgs.filter((svg) => svg.querySelector('path[d^="M"]')).length)

  test('arrive drawn in the edge’s document, and hydration fetches nothing', async ({ page }) => {
    const iconRequests: string[] = []
    page.on('request', (req) => req.url().includes('/_app/icons') && iconRequests.push(req.url()))
    await page.goto(categories)
    await waitForHydration(page)
    const count = await navIcons(page).count()
    expect(count).toBeGreaterThanOrEqual(5)
    expect(await drawn(page)).toBe(count)
    expect(iconRequests).toEqual([])
  })

  test('load in one batched request when a view is first drawn in the browser', async ({ page }) => {
    const iconRequests: string[] = []
    page.on('request', (req) => req.url().includes('/_app/icons') && iconRequests.push(req.url()))
    await page.goto(href('home', { locale }))
    await waitForHydration(page)
    await markDocument(page)
    await openCatalogue(page)
    await expect(page.locator('.category-nav')).toBeVisible()
    expect(await isSameDocument(page)).toBe(true)
    const count = await navIcons(page).count()
    await expect.poll(() => drawn(page)).toBe(count)
    expect(iconRequests).toHaveLength(1)
    expect(new URL(iconRequests[0]!).searchParams.get('names')!.split(',')).toEqual(
      expect.arrayContaining(['hard-hat', 'ship', 'gavel']),
    )
  })

  test('an icon endpoint that does not answer within 1500 ms leaves the icons blank and only logs a warning', async ({
    page,
    consoleErrors,
  }) => {
    const warnings: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text())
    })
    const gaveUp = () => warnings.some((w) => w.startsWith('Icons could not be loaded:'))
    // The endpoint never answers; the page's clock, standing still, decides when the page gives up on it.
    const icons = await holdRequests(page, '**/_app/icons*')
    await page.clock.install()
    await page.goto(href('home', { locale }))
    await waitForHydration(page)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await openCatalogue(page)
    await expect(page.locator('.category-nav')).toBeVisible()
    await expect.poll(() => icons.held.length).toBe(1)
    await page.clock.runFor(ICON_TIMEOUT_MS - 1)
    expect(gaveUp()).toBe(false)
    await page.clock.runFor(1)
    await expect.poll(gaveUp).toBe(true)
    icons.release()
    expect(await drawn(page)).toBe(1) // only the bundled `briefcase`
    expect(warnings.find((w) => w.startsWith('Icons could not be loaded:'))).toMatch(
      /hard-hat.*(timed out|signal|abort)/i,
    )
    expect(consoleErrors).toEqual([])
  })
})
