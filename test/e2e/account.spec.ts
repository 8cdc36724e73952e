/**
 * One's own account and the staff's help with it (docs/gateway-contract.md#account, #operator-people): a non-resident
 * corrects their phone on the profile page; a moderator finds them in People and blocks them, and their open page is
 * signed out at its next request; unblocked, they sign in again.
 */
import { newAccount, signInWithPassword, uniqueIp } from './account-support'
import { signInToConsole } from './console-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

test('a person corrects their phone; a moderator blocks them, which signs their open page out, and unblocks them', async ({
  consoleErrors,
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const account = await newAccount(request, baseURL!, page)
  await signInWithPassword(page, account)

  // The phone, corrected on the profile page.
  await waitForHydration(page)
  const form = page.locator('form').filter({ has: page.locator('input[name="phone"]') })
  await form.locator('input[name="phone"]').fill('12')
  await form.locator('button[type="submit"]').click()
  await expect(form.locator('input[name="phone"]')).toHaveAttribute('aria-invalid', 'true')
  await form.locator('input[name="phone"]').fill('+47 987 65 432')
  await form.locator('button[type="submit"]').click()
  await expect(page.locator('main')).toContainText('4798765432')
  // The profile is read again after the save; its toast says when.
  await expect(page.getByText('Your data has been updated.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save the changes' })).toBeEnabled()
  await checkA11y(page)

  // A moderator finds them by e-mail and blocks them.
  const moderator = await signInToConsole(browser, 'moderator')
  await moderator.page.getByRole('link', { name: 'People' }).first().click()
  await moderator.page.getByLabel('E-mail, name, PINFL or TIN').fill(account.email)
  await moderator.page.getByRole('button', { name: 'Find' }).click()
  await moderator.page.getByRole('link', { name: account.email }).click()
  await expect(moderator.page.locator('.console-facts')).toContainText('Fjord Wind AS')
  await expect(moderator.page.getByLabel('Phone')).toHaveValue('4798765432')
  await checkA11y(moderator.page)
  await moderator.page.getByRole('button', { name: 'Block the account' }).click()
  await expect(moderator.page.getByRole('status')).toContainText('The changes are saved.')
  await expect(moderator.page.locator('.console-facts')).toContainText('Blocked')

  // Their open page is signed out at its next request (to the home page, docs/product.md#session), and signing in
  // again is refused.
  await page.reload()
  await expect(page).toHaveURL(/\/en$/)
  expect((await page.context().cookies()).filter((cookie) => /^(__Host-)?token$/.test(cookie.name))).toEqual([])
  await signInWithPassword(page, account, { expectUrl: /\/en\/auth\/sign-in/ })
  await expect(page.locator('main')).toContainText('This account is blocked.')
  dropExpectedErrors(consoleErrors, /status of 403/)

  // Unblocked, they sign in again.
  await moderator.page.getByRole('button', { name: 'Unblock the account' }).click()
  await expect(moderator.page.locator('.console-facts')).toContainText('Active')
  expect(moderator.errors).toEqual([])
  await moderator.context.close()
  await signInWithPassword(page, account)
  await expect(page.locator('main')).toContainText('Ingrid')
})
