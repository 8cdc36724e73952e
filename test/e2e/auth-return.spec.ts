/**
 * Coming back to the page you asked for (docs/product.md#guards, #session): a personal page without a session offers
 * sign-in for both roles and returns there; a session that ends while a personal page is open goes to sign-in in the
 * page's language with that page as the return path.
 */
import { BUSINESSMAN, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropStatusError, href, SWR_FOCUS_THROTTLE_MS } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

/**
 * SWR ignores a focus within 5 s of the bell's mount or last focus revalidation; past it, a focus makes the bell ask
 * again, as it would for a visitor coming back to the tab.
 */

test('a personal page without a session answers 403 with sign-in for both roles, and signing in lands on that page', async ({
  page,
  consoleErrors,
}) => {
  const appeals = href('profile-appeals', { locale: 'ru' })
  const res = await page.goto(appeals)
  expect(res?.status()).toBe(403)
  dropStatusError(consoleErrors, 403)
  await waitForHydration(page)
  const offer = page.getByRole('navigation', { name: 'Войдите, чтобы открыть эту страницу' })
  await expect(offer.getByRole('link')).toHaveText([
    'Войти как инвестор',
    'Войти как предприниматель',
    'Инвестор-резидент: вход через OneID',
    'Предприниматель-резидент: вход через OneID',
  ])
  await checkA11y(page)
  await offer.getByRole('link', { name: 'Войти как предприниматель' }).click()
  await page.waitForURL(
    (url) => url.pathname === href('sign-in', { locale: 'ru' }) && url.searchParams.get('return') === appeals,
  )
  await waitForHydration(page)
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') })
  await form.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await form.locator('input[name="password"]').fill(BUSINESSMAN.password)
  await form.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === appeals)
  await expect(page.locator('main h1')).toHaveText('Мои обращения')
})

test('without JavaScript the same offer works: the sign-in form returns to the page', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() },
  })
  const page = await context.newPage()
  const projects = href('profile-my-projects', { locale: 'en' })
  expect((await page.goto(projects))?.status()).toBe(403)
  await page.getByRole('link', { name: 'Sign in as a businessman' }).click()
  await page.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await page.locator('input[name="password"]').fill(BUSINESSMAN.password)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === projects)
  await context.close()
})

test('a session that ends while a personal page is open goes to sign-in in the page’s language, returning to that page', async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install()
  await signInWithPassword(page, BUSINESSMAN, { locale: 'uz' })
  const appeals = href('profile-appeals', { locale: 'uz' })
  await page.goto(appeals)
  await waitForHydration(page)
  // The session ends elsewhere: the token is revoked; this page does not know yet.
  expect(
    await page.evaluate(
      async () =>
        (
          await fetch('/gateway/core/auth/logout', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
    ),
  ).toBe(200)
  // The visitor comes back to the tab after SWR's focus throttle: the page's clock moves on past it.
  await page.clock.fastForward(SWR_FOCUS_THROTTLE_MS + 300)
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.waitForURL(
    (url) => url.pathname === href('sign-in', { locale: 'uz' }) && url.searchParams.get('return') === appeals,
  )
  expect(new URL(page.url()).searchParams.get('role')).toBe('businessmen')
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz')
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined()
  dropStatusError(consoleErrors, 401)
})
