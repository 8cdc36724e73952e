/**
 * Client navigation through the one route resolution (docs/architecture.md#navigation): payload, title, announcer,
 * loading bar, history, guards.
 */
import type { Page } from '@playwright/test'
import { LOADING_BAR } from '../../shared/constants'
import { expect, test, waitForHydration } from './fixtures'
import {
  dropExpectedErrors,
  dropStatusError,
  holdRequests,
  href,
  isSameDocument,
  markDocument,
  readServerTitle,
  recordPayloadFetches,
} from './support'

const locale = 'en'
const home = href('home', { locale })
/** The header's search link is a plain link on every screen width. */
const target = href('search', { locale })

/** The visible header link to a page, found by its URL (labels and menus belong to the header's design). */
const headerLink = (page: Page, to: string) => page.locator(`header a[href="${to}"]`).filter({ visible: true }).first()

const isPayloadOf = (path: string) => (r: { url: () => string }) =>
  new URL(r.url()).pathname === `${path}/_payload.json`

test('a header link navigates on the client: payload fetched, URL, title and announcer updated, no full load', async ({
  page,
}) => {
  const title = await readServerTitle(page, target)
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  const payload = page.waitForRequest(isPayloadOf(target))
  await headerLink(page, target).click()
  await payload
  await expect(page).toHaveURL(target)
  await expect(page).toHaveTitle(title)
  await expect(page.locator('#route-announcer')).toHaveText(title)
  expect(await isSameDocument(page)).toBe(true)
})

test('the loading bar shows while a slow payload loads and returns to idle afterwards', async ({ page }) => {
  await page.goto(home)
  await waitForHydration(page)
  const payload = await holdRequests(page, `**${target}/_payload.json*`)
  const bar = page.locator('.loading-bar')
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await headerLink(page, target).click()
  await expect(bar).toHaveAttribute('data-state', 'loading')
  await expect(bar).toHaveCSS('opacity', '1')
  payload.release()
  await expect(page).toHaveURL(target)
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await expect(bar).toHaveCSS('opacity', '0')
})

test('the loading bar stays hidden for a navigation that finishes within the 200 ms throttle', async ({ page }) => {
  const title = await readServerTitle(page, target)
  await page.clock.install()
  await page.goto(home)
  await waitForHydration(page)
  const states: string[] = []
  await page.exposeFunction('__recordBarState', (state: string) => states.push(state))
  await page.evaluate(() => {
    const bar = document.querySelector('.loading-bar')!
    new MutationObserver(() =>
      (window as unknown as { __recordBarState: (s: string) => void }).__recordBarState(
        bar.getAttribute('data-state')!,
      ),
    ).observe(bar, { attributes: true })
  })
  // With the page's clock paused, the whole navigation happens inside the throttle window.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  await headerLink(page, target).click()
  await expect(page).toHaveURL(target)
  await expect(page).toHaveTitle(title)
  await page.clock.runFor(2000)
  expect(states.filter((s) => s !== 'idle')).toEqual([])
})

test('the loading bar appears once a navigation has taken 200 ms', async ({ page }) => {
  await page.clock.install()
  await page.goto(home)
  await waitForHydration(page)
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${target}/_payload.json*`, async (route) => {
    await held
    await route.continue()
  })
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const bar = page.locator('.loading-bar')
  await headerLink(page, target).click()
  await page.clock.runFor(199)
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await page.clock.runFor(1)
  await expect(bar).toHaveAttribute('data-state', 'loading')
  release()
  await expect(page).toHaveURL(target)
  await page.clock.runFor(500 + 400)
  await expect(bar).toHaveAttribute('data-state', 'idle')
})

test('a failed payload request falls back to a full page load of the target', async ({ page, consoleErrors }) => {
  await page.goto(home)
  await waitForHydration(page)
  await markDocument(page)
  await page.route(`**${target}/_payload.json*`, (route) => route.abort())
  await headerLink(page, target).click()
  await expect(page).toHaveURL(target)
  await waitForHydration(page)
  expect(await isSameDocument(page)).toBe(false)
  dropExpectedErrors(consoleErrors, /^Failed to load resource: net::ERR_FAILED$/)
})

test('following the skip link stays on the page: no payload fetch, no loading bar', async ({ page }) => {
  await page.goto(target)
  await waitForHydration(page)
  await markDocument(page)
  const payloads = await recordPayloadFetches(page)
  await page.getByRole('link', { name: 'Skip to main content' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${target}#main`)
  // The router answers the fragment's popstate in the same task as the URL changes: any fetch has been made by now.
  expect(await payloads()).toEqual([])
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'idle')
  expect(await isSameDocument(page)).toBe(true)
})

// About is a server-only page; a registration page keeps its text, title and description included, and hydrates its form.
for (const adopted of ['about', 'guide-register-investor'] as const) {
  test(`a ${adopted} page the browser kept as the edge drew it gives way to the next one with only that page's own title and description`, async ({
    page,
  }) => {
    const first = href(adopted, { locale })
    const contacts = href('contacts', { locale })
    const firstTitle = await readServerTitle(page, first)
    const contactsTitle = await readServerTitle(page, contacts)
    await page.goto(first)
    await waitForHydration(page)
    await markDocument(page)
    await page.locator(`footer a[href="${contacts}"]`).click()
    await expect(page).toHaveTitle(contactsTitle)
    await expect(page.locator('main h1')).toBeVisible()
    const head = () =>
      page.evaluate(() => ({
        titles: document.head.querySelectorAll('title').length,
        descriptions: document.head.querySelectorAll('meta[name="description"]').length,
        ogTitles: document.head.querySelectorAll('meta[property="og:title"]').length,
      }))
    expect(await head()).toEqual({ titles: 1, descriptions: 1, ogTitles: 1 })
    await page.goBack()
    await expect(page).toHaveTitle(firstTitle)
    expect(await head()).toEqual({ titles: 1, descriptions: 1, ogTitles: 1 })
    expect(await isSameDocument(page)).toBe(true)
  })
}

test.describe('history', () => {
  // A short viewport makes even the placeholder pages scroll.
  test.use({ viewport: { width: 360, height: 240 } })

  test('back and forward restore the previous page and its scroll position without a full load', async ({ page }) => {
    const contactUs = href('contact-us', { locale })
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
    const homeTitle = await readServerTitle(page, home)
    const contactTitle = await readServerTitle(page, contactUs)
    await page.goto(home)
    await waitForHydration(page)
    await markDocument(page)
    // With the footer link scrolled into view first, the click itself does not scroll the page.
    const footerLink = page.locator(`footer a[href="${contactUs}"]`).filter({ visible: true }).first()
    await footerLink.scrollIntoViewIfNeeded()
    const homeY = await scrollY()
    expect(homeY).toBeGreaterThan(100)
    await footerLink.click()
    await expect(page).toHaveTitle(contactTitle)
    await expect.poll(scrollY).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 90))
    await expect.poll(scrollY).toBe(90)

    await page.goBack()
    await expect(page).toHaveURL(home)
    await expect(page).toHaveTitle(homeTitle)
    await expect(page.locator('#route-announcer')).toHaveText(homeTitle)
    await expect.poll(scrollY).toBe(homeY)

    await page.goForward()
    await expect(page).toHaveURL(contactUs)
    await expect(page).toHaveTitle(contactTitle)
    await expect.poll(scrollY).toBe(90)
    expect(await isSameDocument(page)).toBe(true)
  })
})

test('the client guard shows the 403 screen for a protected page while signed out, without a full load or a payload fetch', async ({
  page,
  consoleErrors,
}) => {
  const profile = href('profile', { locale })
  await page.clock.install()
  await page.goto(profile)
  dropStatusError(consoleErrors, 403)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(home)
  await expect(page.locator('.error-screen')).toHaveCount(0)
  await markDocument(page)

  const payloads = await recordPayloadFetches(page)
  // The bar's timers stand still, so its error state stays while the test looks at it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  await page.goBack()
  await expect(page).toHaveURL(profile)
  await expect(page.locator('main h1')).toContainText('Forbidden')
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'error')
  await page.clock.runFor(LOADING_BAR.hideDelay + LOADING_BAR.resetDelay)
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'idle')
  expect(await payloads()).toEqual([])
  expect(await isSameDocument(page)).toBe(true)
})

test('a payload that answers an error shows the error screen on the client and turns the bar to its error colour', async ({
  page,
  consoleErrors,
}) => {
  const missing = href('post', { locale, params: { id: '999999999' } })
  await page.clock.install()
  await page.goto(missing)
  dropStatusError(consoleErrors, 404)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(home)
  await expect(page.locator('.error-screen')).toHaveCount(0)
  await markDocument(page)

  // The bar's timers stand still, so its error colour stays while the test looks at it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const answer = page.waitForResponse(isPayloadOf(missing))
  await page.goBack()
  expect((await answer).status()).toBe(404)
  const bar = page.locator('.loading-bar')
  await expect(bar).toHaveAttribute('data-state', 'error')
  await expect(bar).toHaveCSS('background-color', 'rgb(198, 40, 40)')
  await expect(page.locator('main h1')).toContainText(`Page Not Found: ${missing}`)
  await page.clock.runFor(LOADING_BAR.hideDelay + LOADING_BAR.resetDelay)
  await expect(bar).toHaveAttribute('data-state', 'idle')
  expect(await isSameDocument(page)).toBe(true)
  dropStatusError(consoleErrors, 404)
})

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens with its links, navigates on the client, closes on Escape with focus back on its button', async ({
    page,
  }) => {
    const news = href('media', { locale, params: { id: 'news' } })
    await page.goto(home)
    await waitForHydration(page)
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`)
    await expect(panel).toBeHidden()

    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveAttribute('aria-expanded', 'true')
    const menuNav = panel.getByRole('navigation', { name: 'Main navigation' })
    await expect(menuNav).toBeVisible()
    await menuNav.getByRole('button', { name: 'Media' }).click()
    await markDocument(page)
    await menuNav.getByRole('link', { name: 'News' }).click()
    await expect(page).toHaveURL(news)
    await expect(panel).toBeHidden()
    expect(await isSameDocument(page)).toBe(true)
    // As in the mega-menu's test: the menu opens again only once the new page's heading has the focus, or the route
    // announcer's move would come after Escape and take the focus from the button.
    await expect(page.locator('main h1')).toBeFocused()

    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await expect(menuNav.getByRole('button', { name: 'Media' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused()
  })
})

test('the mega-menu opens a section panel, navigates on the client and closes on Escape with focus back on its button', async ({
  page,
}) => {
  const projects = href('guide-project', { locale })
  const explore = href('explore', { locale })
  await page.goto(home)
  await waitForHydration(page)
  const mainNav = page.locator('header').getByRole('navigation', { name: 'Main navigation' })
  const guide = mainNav.getByRole('button', { name: 'Investor guide' })
  await expect(guide).toHaveAttribute('aria-expanded', 'false')
  const panel = page.locator(`#${await guide.getAttribute('aria-controls')}`)
  await expect(panel).toBeHidden()

  await guide.click()
  await expect(guide).toHaveAttribute('aria-expanded', 'true')
  await expect(panel.getByRole('link', { name: 'Explore sectors' })).toBeVisible()
  // The guide's links to content pages are the site settings' (the seeded ones), loaded when the menu first opens.
  await expect(panel.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute(
    'href',
    href('page', { locale, params: { slug: 'faq' } }),
  )
  await markDocument(page)
  await panel.getByRole('link', { name: 'Explore sectors' }).click()
  await expect(page).toHaveURL(explore)
  await expect(panel).toBeHidden()
  expect(await isSameDocument(page)).toBe(true)
  // The new page is drawn once its heading has the focus (the route announcer moves it there): only then is the menu
  // opened again, or that move would come after Escape and take the focus from the button.
  await expect(page.locator('main h1')).toBeFocused()

  await guide.click()
  await expect(panel.locator(`a[href="${projects}"]`).first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(guide).toBeFocused()
})
