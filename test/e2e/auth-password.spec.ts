/**
 * Password recovery and change on the demo investor (docs/product.md#account-forms): forgot → outbox link → reset →
 * sign-in with the new
 * password; used and unknown links rejected; the change-password page puts the original back. Serial: the investor's
 * password is in flux during this file, so no other spec signs in with it. One reset mail per run: the gateway sends
 * an account at most three an hour (superseded and expired links are covered in `test/worker/auth-reset.test.ts`).
 */
import {
  dropSession,
  INVESTOR,
  lastOutboxId,
  latestResetLink,
  newNoJsContext,
  signInWithPassword,
  uniqueIp,
} from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

const IP = uniqueIp()
const NEW_PASSWORD = `Renewed#${Date.now()}`
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })
test.describe.configure({ mode: 'serial' })

// If a test stopped half-way, the investor keeps the original password for the next run and the other specs.
test.afterAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL!, 'x-requested-with': 'invest-portal', 'cf-connecting-ip': IP },
  })
  const login = await api.post('/gateway/core/auth/login', {
    data: { email: INVESTOR.email, password: NEW_PASSWORD, role: 'investor', hash: '' },
  })
  if (login.ok()) {
    await api.patch('/gateway/core/profile/change-password', {
      data: {
        old_password: NEW_PASSWORD,
        new_password: INVESTOR.password,
        password_confirmation: INVESTOR.password,
        hash: '',
      },
    })
  }
  await api.dispose()
})

test('the investor signs in with and without JavaScript', async ({ page, browser }) => {
  await signInWithPassword(page, INVESTOR)
  await expect(page.locator('main')).toContainText('Brenner Solar Capital GmbH')
  const context = await newNoJsContext(browser, IP)
  const noJs = await context.newPage()
  await signInWithPassword(noJs, INVESTOR, { js: false })
  await expect(noJs.locator('main h1')).toHaveText('My profile')
  await context.close()
})

test('forgot → the mailed link → a new password → sign-in with it; the used link is then refused', async ({
  page,
  request,
  consoleErrors,
}) => {
  const before = await lastOutboxId(request, INVESTOR.email)
  await page.goto(href('forgot-password', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  await checkA11y(page)
  await page.locator('input[name="email"]').fill(INVESTOR.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toBeVisible()
  await expect(page).toHaveURL(/sent=1/)

  const link = await latestResetLink(request, INVESTOR.email, before)
  const res = await page.goto(link)
  expect(res?.status()).toBe(200)
  expect(res?.headers()['referrer-policy']).toBe('no-referrer')
  await waitForHydration(page)
  await expect(page.locator('main')).toContainText(INVESTOR.email)

  // Too short, then not matching: both named next to the fields before anything is sent.
  await page.locator('input[name="password"]').fill('short')
  await page.locator('input[name="password_confirmation"]').fill('other')
  await page.getByRole('button', { name: 'Save the password' }).click()
  await expect(page.locator('.error-summary')).toContainText('The password must be 8 to 128 characters long.')
  await expect(page.locator('.error-summary')).toContainText('The passwords do not match.')
  await checkA11y(page)

  await page.locator('input[name="password"]').fill(NEW_PASSWORD)
  await page.locator('input[name="password_confirmation"]').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Save the password' }).click()
  await page.waitForURL(/\/en\/auth\/sign-in\?role=investor$/)
  await expect(page.getByText('Your password has been changed. Sign in with the new password.').first()).toBeVisible()

  await signInWithPassword(page, { ...INVESTOR, password: NEW_PASSWORD })
  await expect(page.locator('main h1')).toHaveText('My profile')

  await dropSession(page)
  const reused = await page.goto(link)
  expect(reused?.status()).toBe(403)
  await expect(page.locator('main')).toContainText('Invalid or expired reset link')
  dropExpectedErrors(consoleErrors, /status of 403/)
})

test('unknown links and missing parameters are refused (no JavaScript)', async ({ browser }) => {
  const context = await newNoJsContext(browser, IP)
  const page = await context.newPage()
  const unknown = href('reset-password', {
    locale: 'en',
    query: {
      time: String(Date.now()),
      token: 'x'.repeat(43),
      email: INVESTOR.email,
      uuid: '00000000-0000-4000-8000-000000000000',
      role: 'investor',
    },
  })
  expect((await page.goto(unknown))?.status()).toBe(403)
  await expect(page.locator('main')).toContainText('Invalid or expired reset link')

  const missing = await page.goto(href('reset-password', { locale: 'en', query: { email: INVESTOR.email } }))
  expect(missing?.status()).toBe(403)
  await expect(page.locator('main')).toContainText('Missing required query parameters')
  await context.close()
})

test('the change-password page names a wrong current password and then puts the original password back', async ({
  page,
  consoleErrors,
}) => {
  await signInWithPassword(page, { ...INVESTOR, password: NEW_PASSWORD })
  await page.goto(href('profile-password', { locale: 'en' }))
  await waitForHydration(page)
  await checkA11y(page)
  await page.locator('input[name="old_password"]').fill('not-my-password')
  await page.locator('input[name="new_password"]').fill(INVESTOR.password)
  await page.locator('input[name="password_confirmation"]').fill(INVESTOR.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.locator('.error-summary')).toContainText('Current password: The current password is not correct.')
  await expect(page.locator('input[name="old_password"]')).toHaveAttribute('aria-invalid', 'true')
  dropExpectedErrors(consoleErrors, /status of 422/)

  await page.locator('input[name="old_password"]').fill(NEW_PASSWORD)
  await page.locator('input[name="new_password"]').fill(INVESTOR.password)
  await page.locator('input[name="password_confirmation"]').fill(INVESTOR.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible()
  await expect(page.locator('.error-summary')).toHaveCount(0)
  await expect(page.locator('input[name="old_password"]')).toHaveValue('')

  await dropSession(page)
  await signInWithPassword(page, INVESTOR)
})

test('forgot-password without JavaScript shows the same confirmation', async ({ browser }) => {
  const context = await newNoJsContext(browser, IP)
  const page = await context.newPage()
  await page.goto(href('forgot-password', { locale: 'en', query: { role: 'investor' } }))
  await page.locator('input[name="email"]').fill(`unknown-${Date.now()}@demo.invest.example`)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toBeVisible()
  await context.close()
})
