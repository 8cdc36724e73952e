/**
 * The Button's loading state (docs/product.md#buttons) on the real sign-out path, and the HttpOnly session it ends
 * (docs/security.md#cookies).
 */
import { TOKEN_COOKIE } from '../../shared/constants'
import { expect, test, waitForHydration } from './fixtures'
import { findDemoAccount, holdRequests, href, signInFromPage } from './support'

const locale = 'en'
const home = href('home', { locale })
const investor = findDemoAccount({ role: 'investor', is_resident: false })

test('signing in keeps the token out of the page: the edge answers without it and stores it in an HttpOnly, SameSite=Lax cookie', async ({
  page,
  context,
}) => {
  await page.goto(home)
  await waitForHydration(page)
  const answer = await signInFromPage(page, investor)
  expect(answer.body.result?.code).toBe('ok')
  expect(answer.body.content).not.toHaveProperty('token')

  const token = (await context.cookies()).find((c) => c.name === TOKEN_COOKIE)
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
  expect(token!.value.length).toBeGreaterThan(16)
  expect(JSON.stringify(answer.body)).not.toContain(token!.value)
  expect(await page.evaluate(() => document.cookie)).not.toContain(`${TOKEN_COOKIE}=`)
})

test('the sign-out button is disabled with a spinner and "Loading..." while signing out; then the session is gone and sign-in returns', async ({
  page,
  context,
}) => {
  await page.goto(home)
  await waitForHydration(page)
  await signInFromPage(page, investor)
  await page.reload()
  await waitForHydration(page)

  await page.getByRole('button', { name: 'My profile' }).filter({ visible: true }).first().click()
  const signOut = page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first()
  await expect(signOut).toBeEnabled()
  // Signing out waits at the edge until the busy button has been seen.
  const session = await holdRequests(page, '**/_app/session')
  await signOut.click()

  const busy = page.locator('button[aria-busy="true"]')
  await expect(busy).toHaveCount(1)
  await expect(busy).toBeDisabled()
  await expect(busy).toHaveText('Loading...')
  await expect(busy.locator('.btn__spinner')).toHaveCount(1)
  session.release()

  await expect(
    page
      .locator(`header a[href="${href('sign-in', { locale, query: { role: 'investor' } })}"]`)
      .filter({ visible: true }),
  ).toHaveCount(1)
  await expect(busy).toHaveCount(0)
  await expect(page).toHaveURL(home)
  expect((await context.cookies()).find((c) => c.name === TOKEN_COOKIE)).toBeUndefined()

  // The edge agrees: a protected page is forbidden again.
  const res = await page.request.get(href('profile', { locale }))
  expect(res.status()).toBe(403)
})
