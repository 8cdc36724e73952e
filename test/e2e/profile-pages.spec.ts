/**
 * The profile area's read-only pages and personal services (docs/product.md#profile-area): profile, refresh, company,
 * my-services.
 */
import { BUSINESSMAN, signInWithOneId, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

test('the profile shows the role’s personal data and refreshes it from the gateway', async ({ page }) => {
  await signInWithPassword(page, BUSINESSMAN)
  const data = page.locator('main dl')
  await expect(data.locator('div').filter({ hasText: 'TIN' })).toContainText('309572184')
  await expect(data.locator('div').filter({ hasText: 'Legal address' })).toContainText('Buyuk Ipak Yuli')
  await expect(page.locator('main')).toContainText('Non-resident')
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/gateway/core/profile'))
  await page.getByRole('button', { name: 'Refresh' }).click()
  expect((await refreshed).status()).toBe(200)
  await expect(page.getByText('Your data has been updated.')).toBeVisible()
  // Contrast is judged on the settled toast, not mid fade-in.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((t) => getComputedStyle(t).opacity === '1'),
  )
  await checkA11y(page)
})

test('the company page shows the registration’s company in the page’s language', async ({ page }) => {
  await signInWithOneId(page, 'businessmen', { locale: 'ru' })
  await page.goto(href('profile-company', { locale: 'ru' }))
  await waitForHydration(page)
  await expect(page.locator('main h1')).toHaveText('Компания')
  const rows = page.locator('main dl > div')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('Компания')
  await checkA11y(page)
})

test('a resident runs a personal service with the TIN of their own profile, shown not asked; results as key/value cards', async ({
  page,
  consoleErrors,
}) => {
  await signInWithOneId(page, 'businessmen')
  await page.goto(href('profile-my-services', { locale: 'en', query: { type: 'tax_information' } }))
  await waitForHydration(page)
  const nav = page.getByRole('navigation', { name: 'Service categories' })
  await expect(nav.getByRole('link', { name: 'Taxes' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'My company' }).click()
  await expect(page).toHaveURL(/type=my_company/)
  await page.getByRole('link', { name: 'Open the service' }).first().click()
  const form = page.getByRole('form', { name: 'Company details' })
  // `inn` is the profile's TIN (the seeded resident business): shown, never a field anyone could change.
  const tin = form.locator('.field--readonly')
  await expect(tin).toContainText('307648215')
  await expect(tin).toContainText('From your profile')
  await expect(form.getByRole('textbox', { name: /TIN/ })).toHaveCount(0)
  await form.getByRole('button', { name: 'Show the data' }).click()
  await expect(page).toHaveURL(/run=1/)
  const results = page.locator('.service-results')
  await expect(results.getByRole('status')).toContainText('Records found')
  await expect(results.locator('.result-card').first()).toContainText('307648215')
  await checkA11y(page)

  // A required parameter left empty is named, and nothing is asked of the service.
  await page.goto(href('profile-my-services', { locale: 'en', query: { type: 'infrastructure' } }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Open the service' }).first().click()
  const capacity = page.getByRole('form', { name: 'Utility connection capacity' })
  await capacity.getByRole('button', { name: 'Show the data' }).click()
  await expect(capacity.locator('.field__error').first()).toContainText('Fill in this field.')
  await expect(page.locator('.service-results')).toHaveCount(0)

  // A service with no registry behind it says so, and what to do instead; it shows no record.
  await page.goto(href('profile-my-services', { locale: 'en', query: { type: 'license' } }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Open the service' }).first().click()
  await page
    .getByRole('form', { name: 'My licences and permits' })
    .getByRole('button', { name: 'Show the data' })
    .click()
  const notConnected = page.getByRole('alert').filter({ hasText: 'Not connected yet' })
  await expect(notConnected).toContainText('not connected to its registry yet')
  await expect(notConnected.getByRole('link', { name: 'Contact the agency' })).toBeVisible()
  await expect(page.locator('.result-card')).toHaveCount(0)
  await checkA11y(page)
  dropExpectedErrors(consoleErrors, /status of 503/)
})
