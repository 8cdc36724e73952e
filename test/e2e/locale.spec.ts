/**
 * Locale negotiation and the language switcher (docs/product.md#session): cookie first, then the browser's languages,
 * then the default.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { LOCALE_COOKIE, LOCALE_NAMES } from '../../shared/constants'
import { expect, test, waitForHydration } from './fixtures'
import { barePath, href, isSameDocument, markDocument, readServerTitle } from './support'

const YEAR_S = 365 * 24 * 60 * 60

async function readLocaleCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)
}

/** The visible link of the header's language switcher for a language, named in that language. */
const languageLink = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).filter({ visible: true }).first()

test.describe('a Russian-speaking browser', () => {
  test.use({ locale: 'ru-RU' })

  test('visiting / lands on the Russian home page and stores the choice in a year-long lax cookie on /', async ({
    page,
    context,
  }) => {
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    expect(page.url()).toMatch(/\/$/)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page).toHaveTitle(await readServerTitle(page, href('home', { locale: 'ru' })))

    const cookie = await readLocaleCookie(context)
    expect(cookie).toMatchObject({ value: 'ru', path: '/', sameSite: 'Lax' })
    const expiresIn = cookie!.expires - Date.now() / 1000
    expect(Math.abs(expiresIn - YEAR_S)).toBeLessThan(24 * 60 * 60)
  })

  test('a stored language cookie wins over the browser language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'uz', url: baseURL! }])
    const res = await page.goto('/')
    expect(res?.headers()['set-cookie'] ?? '').not.toContain(LOCALE_COOKIE)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz')
    expect((await readLocaleCookie(context))?.value).toBe('uz')
  })

  test('a bare path without a cookie redirects under the browser language and sets the cookie', async ({
    page,
    context,
  }) => {
    const search = href('search', { locale: 'ru', query: { keyword: 'solar' } })
    await page.goto(barePath(search))
    await expect(page).toHaveURL(search)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    expect((await readLocaleCookie(context))?.value).toBe('ru')
  })
})

test('the language switcher opens the same page in the chosen language and stores the choice', async ({
  page,
  context,
}) => {
  await page.goto(href('search', { locale: 'en' }))
  await waitForHydration(page)
  await markDocument(page)

  await languageLink(page, LOCALE_NAMES.ru).click()
  await expect(page).toHaveURL(href('search', { locale: 'ru' }))
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page).toHaveTitle(await readServerTitle(page, href('search', { locale: 'ru' })))
  // Another language brings its own messages and document: a full load.
  expect(await isSameDocument(page)).toBe(false)
  expect(await readLocaleCookie(context)).toMatchObject({ value: 'ru', path: '/', sameSite: 'Lax' })

  await languageLink(page, LOCALE_NAMES.uz).click()
  await expect(page).toHaveURL(href('search', { locale: 'uz' }))
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz')
  expect((await readLocaleCookie(context))?.value).toBe('uz')
})

test('after switching language, a bare path redirects under the chosen language', async ({ page }) => {
  await page.goto(href('search', { locale: 'en' }))
  await waitForHydration(page)
  await languageLink(page, LOCALE_NAMES.uz).click()
  await expect(page).toHaveURL(href('search', { locale: 'uz' }))

  const contacts = href('contact-us', { locale: 'uz' })
  await page.goto(barePath(contacts))
  await expect(page).toHaveURL(contacts)
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz')
})
