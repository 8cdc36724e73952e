/**
 * One's own account and the staff's help with it (docs/gateway-contract.md#account, #operator-people): a non-resident
 * corrects their phone on the profile page; a moderator finds them in People and blocks them, and their open page is
 * signed out at its next request; unblocked, they sign in again. On the account page (docs/product.md#own-account) a
 * person signs another browser out, changes e-mail, downloads their data and deletes the account.
 */
import { readFile } from 'node:fs/promises'
import { latestMailedLink, newAccount, signInWithPassword, uniqueIp } from './account-support'
import { signInToConsole } from './console-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

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

test('a person signs out another browser, changes e-mail through the mailed link, downloads their data and deletes the account', async ({
  consoleErrors,
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const account = await newAccount(request, baseURL!, page)
  // A second browser signed in to the same account.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })
  const other = await elsewhere.newPage()
  await signInWithPassword(other, account)
  await signInWithPassword(page, account)

  await page.goto(href('profile-account', { locale: 'en' }))
  await waitForHydration(page)
  const sessions = page.getByRole('region', { name: 'Where you are signed in' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1)
  await checkA11y(page)
  await sessions.getByRole('listitem').filter({ hasNotText: 'This browser' }).getByRole('button').click()
  await expect(page.getByText('Signed out. That browser will have to sign in again.')).toBeVisible()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  // The other browser's next request finds its session ended (docs/product.md#session).
  await other.reload()
  await expect(other).toHaveURL(/\/en$/)
  await elsewhere.close()

  // The new address gets a link; the page it opens asks first.
  const next = account.email.replace('@', '.new@')
  const email = page.getByRole('region', { name: 'E-mail address' })
  await email.getByLabel('New e-mail address').fill(next)
  await email.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByText(/a link is on its way/)).toBeVisible()
  await page.goto(await latestMailedLink(request, next, '/auth/confirm-email'))
  await page.getByRole('button', { name: 'Confirm the new address' }).click()
  await expect(page.getByText('Your e-mail address is changed.', { exact: false })).toBeVisible()

  // Download my data: prepared, then a file.
  await page.goto(href('profile-account', { locale: 'en' }))
  await expect(page.getByText(`Your address is ${next}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Prepare my data' }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: /^Download my data/ }).click()
  const file = await downloading
  const data = JSON.parse(await readFile(await file.path(), 'utf8'))
  expect(data.account.email).toBe(next)
  expect(data.profile.name).toBe('Ingrid')

  // Deleting needs the password and the box ticked; then the person is signed out, home, and cannot sign in.
  const danger = page.getByRole('region', { name: 'Delete my account' })
  await danger.getByLabel('Your password').fill(account.password)
  await danger.getByLabel('I understand that this cannot be undone.').check()
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/en(\?|$)/)
  await expect(page.getByText('Your account is deleted.', { exact: false })).toBeVisible()
  await signInWithPassword(page, { ...account, email: next }, { expectUrl: /\/en\/auth\/sign-in/ })
  await expect(page.locator('main')).toContainText('User not found or not activated.')
  dropExpectedErrors(consoleErrors, /status of 401/)
})
