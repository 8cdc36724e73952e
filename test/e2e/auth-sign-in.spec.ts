/**
 * Non-resident sign-in with e-mail and password, with and without JavaScript; failures; sign-out
 * (docs/product.md#account-forms, #session).
 */
import { BUSINESSMAN, dropSession, newNoJsContext, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

test('a businessman signs in with JavaScript, sees his profile and signs out from the header, which revokes the token', async ({
  page,
  context,
}) => {
  await signInWithPassword(page, BUSINESSMAN)
  await expect(page.locator('main h1')).toHaveText('My profile')
  await expect(page.locator('main')).toContainText('Anatolia Yapı Uzbekistan LLC')
  const token = (await context.cookies()).find((c) => c.name === 'token')
  expect(token?.httpOnly).toBe(true)
  await checkA11y(page)

  await page.getByRole('button', { name: 'My profile' }).click()
  await page.locator('.account-menu__panel').getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(/\/en$/)
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined()
  // The old token no longer opens the profile: the gateway revoked it.
  const res = await page.request.get('/gateway/core/profile', { headers: { authorization: `Bearer ${token!.value}` } })
  expect(res.status()).toBe(401)
})

test('a businessman signs in without JavaScript: the form posts to the page and the edge redirects to the profile', async ({
  browser,
}) => {
  const context = await newNoJsContext(browser, IP)
  const page = await context.newPage()
  await signInWithPassword(page, BUSINESSMAN, { js: false })
  await expect(page.locator('main h1')).toHaveText('My profile')
  await context.close()
})

test('a wrong password shows the auth-error dialog, with and without JavaScript', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signInWithPassword(page, { ...BUSINESSMAN, password: 'not-the-password' }, { expectUrl: /\/auth\/sign-in/ })
  const dialog = page.getByRole('dialog', { name: 'Sign-in failed' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('User not found or not activated.')
  await checkA11y(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  dropExpectedErrors(consoleErrors, /status of 401/)

  const context = await newNoJsContext(browser, IP)
  const noJs = await context.newPage()
  await noJs.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen' } }))
  await noJs.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await noJs.locator('input[name="password"]').fill('still-wrong')
  const [response] = await Promise.all([
    noJs.waitForResponse((r) => r.request().method() === 'POST'),
    noJs.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ])
  expect(response.status()).toBe(401)
  await expect(noJs.getByRole('dialog', { name: 'Sign-in failed' })).toBeVisible()
  // The e-mail is kept, the password never comes back.
  await expect(noJs.locator('input[name="email"]')).toHaveValue(BUSINESSMAN.email)
  await expect(noJs.locator('input[name="password"]')).toHaveValue('')
  await context.close()
})

test('empty and malformed fields are named next to the field and in the summary, which links to them', async ({
  page,
}) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const summary = page.locator('.error-summary')
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'E-mail: Enter an e-mail address like name@example.com.',
    'Password: Fill in this field.',
  ])
  await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true')
  await summary.getByRole('link', { name: /Password/ }).click()
  await expect(page.locator('input[name="password"]')).toBeFocused()
  await checkA11y(page)
})

test('too many failed attempts answer with the rate-limit message', async ({ browser }) => {
  // A fresh address and an unknown account: the limit trips without locking a demo account.
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })
  const page = await context.newPage()
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  const email = `nobody-${Date.now()}@demo.invest.example`
  for (let i = 0; i < 6; i++) {
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill(`guess-${i}`)
    const answer = page.waitForResponse((r) => r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    if ((await answer).status() === 429) break
    const dialog = page.getByRole('dialog', { name: 'Sign-in failed' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts' })).toBeVisible()
  await context.close()
})

test('the role tabs keep the page and switch the role, and residents are sent to OneID', async ({ page }) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  const roles = page.getByRole('navigation', { name: 'I am' })
  await expect(roles.getByRole('link', { name: 'Investor' })).toHaveAttribute('aria-current', 'page')
  await roles.getByRole('link', { name: 'Businessman' }).click()
  await expect(page).toHaveURL(/role=businessmen/)
  await expect(page.getByRole('link', { name: 'Sign in with OneID' })).toHaveAttribute(
    'href',
    '/en/auth/one-id?role=businessmen',
  )
})

test('keyboard only: tab to the fields, type, submit with Enter and land on the profile', async ({ page }) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen' } }))
  await waitForHydration(page)
  const email = page.locator('input[name="email"]')
  for (let i = 0; i < 40 && !(await email.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(email).toBeFocused()
  await page.keyboard.type(BUSINESSMAN.email)
  await page.keyboard.press('Tab')
  await expect(page.locator('input[name="password"]')).toBeFocused()
  await page.keyboard.type(BUSINESSMAN.password)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/en\/profile$/)
  await expect(page.locator('main h1')).toHaveText('My profile')
})

test('a signed-in visitor who opens the sign-in page goes straight to the profile; the sidebar signs out', async ({
  page,
  context,
}) => {
  await signInWithPassword(page, BUSINESSMAN)
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await expect(page).toHaveURL(/\/en\/profile$/)
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Profile area' }).getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(/\/en$/)
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined()
})

test('a safe return path is honoured after sign-in and an off-site one is ignored', async ({ page }) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen', return: '/en/profile/appeals' } }))
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await page.locator('input[name="password"]').fill(BUSINESSMAN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/en\/profile\/appeals$/)

  await dropSession(page)
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen', return: '//evil.example/en' } }))
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await page.locator('input[name="password"]').fill(BUSINESSMAN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/en\/profile$/)
})

for (const [locale, heading, oneId] of [
  ['ru', 'Вход', 'Войти через OneID'],
  ['uz', 'Kirish', 'OneID orqali kirish'],
] as const) {
  test(`the sign-in page speaks ${locale} and has no axe violations`, async ({ page }) => {
    await page.goto(href('sign-in', { locale, query: { role: 'investor' } }))
    await waitForHydration(page)
    await expect(page.locator('main h1')).toHaveText(heading)
    await expect(page.getByRole('link', { name: oneId })).toHaveAttribute(
      'href',
      `/${locale}/auth/one-id?role=investor`,
    )
    await checkA11y(page)
  })
}

test('signing out lets a notification poll already in flight answer with the token before revoking it (no 401)', async ({
  page,
  context,
  consoleErrors,
}) => {
  await signInWithPassword(page, BUSINESSMAN)
  // Signing in lands on the profile, whose bell polls too: that document goes before the edge starts holding polls, or
  // its poll (aborted by the next navigation) would count as the one in flight.
  await page.goto('about:blank')
  // The bell's poll is held at the edge, as a slow network would hold it, until signing out has begun.
  const order: string[] = []
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  let polled = false
  await page.route('**/gateway/siw/notification**', async (route) => {
    polled = true
    await released
    const res = await route.fetch()
    order.push(`notifications ${res.status()}`)
    await route.fulfill({ response: res })
  })
  page.on('request', (req) => {
    if (req.method() === 'DELETE' && req.url().endsWith('/_app/session')) order.push('sign-out')
  })
  await page.clock.install()
  await page.goto(href('profile', { locale: 'en' }))
  await waitForHydration(page)
  // The bell asks once it mounts: that request is in flight when the button is pressed.
  await expect.poll(() => polled).toBe(true)
  // The page's clock stands still from here: signing out's bound on the wait for requests in flight (2 s) cannot run
  // out, so only the held poll's answer lets it go on.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  expect(order).toEqual([])
  await page.getByRole('navigation', { name: 'Profile area' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(page.locator('button[aria-busy="true"]')).toHaveCount(1)
  release()
  await page.waitForURL(/\/en$/)
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined()
  expect(order[0]).toBe('notifications 200')
  expect(order).toContain('sign-out')
  expect(order.indexOf('sign-out')).toBeGreaterThan(0)
  expect(consoleErrors).toEqual([])
})
