/** Client navigation through the one route table: payload fetch, title, announcer, loading bar, history, guards (issue #2). */
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, dropStatusError, href, isSameDocument, markDocument } from './support'

const locale = 'en'
const home = href('home', { locale })
/** The header's search link is a plain link on every screen width; its page needs no gateway data. */
const target = href('search', { locale })
const TARGET_TITLE = 'Search — Invest Portal'

/** The visible header link to a page, found by its URL (labels and menus belong to the header's design). */
const headerLink = (page: Page, to: string) => page.locator(`header a[href="${to}"]`).filter({ visible: true }).first()

const isPayloadOf = (path: string) => (r: { url: () => string }) => new URL(r.url()).pathname === `${path}/_payload.json`

test('a header link navigates on the client: payload fetched, URL, title and announcer updated, no full load', async ({ page }) => {
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  const payload = page.waitForRequest(isPayloadOf(target))
  await headerLink(page, target).click()
  await payload
  await expect(page).toHaveURL(target)
  await expect(page).toHaveTitle(TARGET_TITLE)
  await expect(page.locator('#route-announcer')).toHaveText(TARGET_TITLE)
  await expect(page.locator('main h1')).toContainText('Search')
  expect(await isSameDocument(page)).toBe(true)
})

test('the loading bar shows while a slow payload loads and returns to idle afterwards', async ({ page }) => {
  await page.goto(home)
  await waitForHydration(page)
  await page.route(`**${target}/_payload.json*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  const bar = page.locator('.loading-bar')
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await headerLink(page, target).click()
  await expect(bar).toHaveAttribute('data-state', 'loading')
  await expect(bar).toHaveCSS('opacity', '1')
  await expect(page).toHaveURL(target)
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await expect(bar).toHaveCSS('opacity', '0')
})

test('a fast payload never shows the loading bar (200 ms throttle)', async ({ page }) => {
  await page.goto(home)
  await waitForHydration(page)
  const states: string[] = []
  await page.exposeFunction('__recordBarState', (state: string) => states.push(state))
  await page.evaluate(() => {
    const bar = document.querySelector('.loading-bar')!
    new MutationObserver(() => (window as unknown as { __recordBarState: (s: string) => void }).__recordBarState(bar.getAttribute('data-state')!)).observe(bar, { attributes: true })
  })
  await page.route(`**${target}/_payload.json*`, (route) => route.fulfill({ json: { route: null, error: null, payloads: {} } }))
  await headerLink(page, target).click()
  await expect(page).toHaveTitle(TARGET_TITLE)
  await page.waitForTimeout(400)
  expect(states.filter((s) => s !== 'idle')).toEqual([])
})

test('a failed payload request falls back to a full page load of the target', async ({ page, consoleErrors }) => {
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  await page.route(`**${target}/_payload.json*`, (route) => route.abort())
  await headerLink(page, target).click()
  await expect(page).toHaveURL(target)
  await expect(page.locator('main h1')).toContainText('Search')
  await waitForHydration(page)
  expect(await isSameDocument(page)).toBe(false)
  dropExpectedErrors(consoleErrors, /^Failed to load resource: net::ERR_FAILED$/)
})

test('following the skip link stays on the page: no payload fetch, no loading bar', async ({ page }) => {
  await page.goto(target)
  await waitForHydration(page)
  await markDocument(page)
  const payloads: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/_payload.json')) payloads.push(req.url())
  })
  await page.getByRole('link', { name: 'Skip to main content' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${target}#main`)
  await page.waitForTimeout(300)
  expect(payloads).toEqual([])
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'idle')
  expect(await isSameDocument(page)).toBe(true)
})

test.describe('history', () => {
  // A short viewport makes even the placeholder pages scroll.
  test.use({ viewport: { width: 360, height: 240 } })

  test('back and forward restore the previous page and its scroll position without a full load', async ({ page }) => {
    const contactUs = href('contact-us', { locale })
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
    await page.goto(home)
    await waitForHydration(page)
    await markDocument(page)
    // With the footer link scrolled into view first, the click itself does not scroll the page.
    const footerLink = page.locator(`footer a[href="${contactUs}"]`).filter({ visible: true }).first()
    await footerLink.scrollIntoViewIfNeeded()
    const homeY = await scrollY()
    expect(homeY).toBeGreaterThan(100)
    await footerLink.click()
    await expect(page).toHaveTitle('Contact us — Invest Portal')
    await expect.poll(scrollY).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 90))
    await expect.poll(scrollY).toBe(90)

    await page.goBack()
    await expect(page).toHaveURL(home)
    await expect(page).toHaveTitle('Home — Invest Portal')
    await expect(page.locator('#route-announcer')).toHaveText('Home — Invest Portal')
    await expect.poll(scrollY).toBe(homeY)

    await page.goForward()
    await expect(page).toHaveURL(contactUs)
    await expect(page).toHaveTitle('Contact us — Invest Portal')
    await expect.poll(scrollY).toBe(90)
    expect(await isSameDocument(page)).toBe(true)
  })
})

test('the client guard shows the 403 screen for a protected page while signed out, without a full load or a payload fetch', async ({ page, consoleErrors }) => {
  const profile = href('profile', { locale })
  await page.goto(profile)
  dropStatusError(consoleErrors, 403)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(home)
  await expect(page).toHaveTitle('Home — Invest Portal')
  await markDocument(page)

  const payloads: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/_payload.json')) payloads.push(req.url())
  })
  await page.goBack()
  await expect(page).toHaveURL(profile)
  await expect(page.locator('main h1')).toContainText('Forbidden')
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'error')
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'idle')
  expect(payloads).toEqual([])
  expect(await isSameDocument(page)).toBe(true)
})

test('a payload that answers an error shows the error screen on the client and turns the bar to its error colour', async ({ page, consoleErrors }) => {
  const missing = href('post', { locale, params: { id: '999999999' } })
  await page.goto(missing)
  dropStatusError(consoleErrors, 404)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveTitle('Home — Invest Portal')
  await markDocument(page)

  await page.route(`**${missing}/_payload.json*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await route.continue()
  })
  const answer = page.waitForResponse(isPayloadOf(missing))
  await page.goBack()
  expect((await answer).status()).toBe(404)
  const bar = page.locator('.loading-bar')
  await expect(bar).toHaveAttribute('data-state', 'error')
  await expect(bar).toHaveCSS('background-color', 'rgb(198, 40, 40)')
  await expect(page.locator('main h1')).toContainText(`Page Not Found: ${missing}`)
  expect(await isSameDocument(page)).toBe(true)
  dropStatusError(consoleErrors, 404)
})
