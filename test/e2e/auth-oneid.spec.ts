/**
 * Residents sign in through OneID (the reference gateway's stand-in): `/auth/one-id` → SSO → `/sso` → profile
 * (docs/product.md#route-rules).
 */
import { dropSession, signInWithOneId, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

test('a resident investor goes from the sign-in page through OneID to his profile, which offers services, not a password', async ({
  page,
  context,
}) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Sign in with OneID' }).click()
  await expect(page).toHaveURL(/\/_dev\/oneid\?/)
  await page.locator('main a').first().click()
  await page.waitForURL(/\/en\/profile$/)
  await expect(page.locator('main')).toContainText('Sardor')
  const sidebar = page.getByRole('navigation', { name: 'Profile area' })
  await expect(sidebar.getByRole('link', { name: 'My services' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Password' })).toHaveCount(0)
  expect((await context.cookies()).find((c) => c.name === 'token')?.httpOnly).toBe(true)
  await checkA11y(page)
})

test('a resident businessman returns to the safe path he started from; an off-site state lands on the profile', async ({
  page,
}) => {
  await signInWithOneId(page, 'businessmen', { state: '/en/profile/appeals' })
  await expect(page.locator('main h1')).toHaveText('My appeals')

  await dropSession(page)
  await page.goto(href('one-id', { locale: 'ru', query: { role: 'businessmen', state: '//evil.example/ru' } }))
  await page.locator('main a').first().click()
  await page.waitForURL(/\/ru\/profile$/)
})

test('a used or unknown code shows the auth-error dialog on /sso, and closing it goes home', async ({
  page,
  consoleErrors,
}) => {
  const sso = page.waitForRequest((r) => r.url().includes('/sso?'))
  await signInWithOneId(page, 'investor')
  const used = new URL((await sso).url())
  await dropSession(page)

  // The code worked once; the same answer again is refused.
  await page.goto(used.pathname + used.search)
  await waitForHydration(page)
  const dialog = page.getByRole('dialog', { name: 'Sign-in failed' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('User not found or not activated.')
  await checkA11y(page)
  await page.keyboard.press('Escape')
  await page.waitForURL(/\/en$/)

  await page.goto(href('sso', { locale: 'en', query: { code: 'made-up', role: 'investor', state: '/en/profile' } }))
  await waitForHydration(page)
  await page.getByRole('dialog').getByRole('link', { name: 'Go to the home page' }).click()
  await page.waitForURL(/\/en$/)
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined()
  dropExpectedErrors(consoleErrors, /status of 4\d\d/)
})

test('the sso page works without JavaScript: the dialog is open and its link goes home', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(href('sso', { locale: 'en', query: { code: 'made-up', role: 'businessmen' } }))
  await expect(page.getByRole('dialog', { name: 'Sign-in failed' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await page.waitForURL(/\/en$/)
  await context.close()
})

test('OneID without a role is forbidden (docs/product.md#validation)', async ({ page, consoleErrors }) => {
  const res = await page.goto('/en/auth/one-id')
  expect(res?.status()).toBe(403)
  await expect(page.locator('main')).toContainText('Forbidden')
  dropExpectedErrors(consoleErrors, /status of 403/)
})
