/**
 * The full-page error screen (docs/product.md#validation): status, translated message, a button home; the URL is kept.
 */
import { expect, test, waitForHydration } from './fixtures'
import { dropStatusError, href, isSameDocument, markDocument, readServerTitle } from './support'

/** Underscores and capitals match no route pattern, so this path is no route at all (hand-built on purpose). */
const NO_ROUTE = '/en/this/Is_Not_A_Page'

test('a path no route matches shows the 404 screen with the path and keeps the URL', async ({
  page,
  consoleErrors,
}) => {
  const res = await page.goto(NO_ROUTE)
  expect(res?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page).toHaveURL(NO_ROUTE)
  await expect(page.locator('main h1')).toContainText(`Page Not Found: ${NO_ROUTE}`)
  await expect(page.locator('.error-screen__code')).toHaveText('404')
  await expect(page).toHaveTitle('404 — Invest Portal')
  dropStatusError(consoleErrors, 404)
})

test('the go-home button of the error screen leads to the home page on the client', async ({ page, consoleErrors }) => {
  await page.goto(NO_ROUTE)
  await waitForHydration(page)
  await markDocument(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  const home = href('home', { locale: 'en' })
  await expect(page).toHaveURL(home)
  await expect(page).toHaveTitle(await readServerTitle(page, home))
  await expect(page.locator('.error-screen')).toHaveCount(0)
  expect(await isSameDocument(page)).toBe(true)
  dropStatusError(consoleErrors, 404)
})

test('the 404 screen speaks the page language', async ({ page, consoleErrors }) => {
  const path = href('post', { locale: 'ru', params: { id: '999999999' } })
  const res = await page.goto(path)
  expect(res?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page.locator('main h1')).toContainText(`Страница не найдена: ${path}`)
  await expect(page.getByRole('link', { name: 'На главную страницу' })).toHaveAttribute(
    'href',
    href('home', { locale: 'ru' }),
  )
  dropStatusError(consoleErrors, 404)
})

test('sign-in with a role other than investor or businessmen shows 403 Forbidden', async ({ page, consoleErrors }) => {
  const res = await page.goto(href('sign-in', { locale: 'en', query: { role: 'bad' } }))
  expect(res?.status()).toBe(403)
  await waitForHydration(page)
  await expect(page.locator('.error-screen__code')).toHaveText('403')
  await expect(page.locator('main h1')).toContainText('Forbidden')
  dropStatusError(consoleErrors, 403)
})

test('reset-password without all of time, token, email and uuid shows 403 "Missing required query parameters"', async ({
  page,
  consoleErrors,
}) => {
  const res = await page.goto(
    href('reset-password', { locale: 'en', query: { time: '1700000000000', token: 'abc', email: 'a@example.com' } }),
  )
  expect(res?.status()).toBe(403)
  await waitForHydration(page)
  await expect(page.locator('.error-screen__code')).toHaveText('403')
  await expect(page.locator('main h1')).toContainText('Missing required query parameters')
  dropStatusError(consoleErrors, 403)
})

test('a resident-only page without a profile shows 401 Unauthorized', async ({ page, consoleErrors }) => {
  const res = await page.goto(href('profile-my-services', { locale: 'en' }))
  expect(res?.status()).toBe(401)
  await waitForHydration(page)
  await expect(page.locator('main h1')).toContainText('Unauthorized')
  dropStatusError(consoleErrors, 401)
})
