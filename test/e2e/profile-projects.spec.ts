/**
 * Personal projects (docs/product.md#projects): propose with an image and a presentation uploaded with progress →
 * view-only while
 * pending → approved → edit → visibility; rejection with its reason; the form without JavaScript.
 */
import type { Page } from '@playwright/test'
import { moderate, newNoJsContext, signInWithOneId, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { holdRequests, href, PNG } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

/** A 1×1 PNG: the gateway checks the magic bytes, not the name. */
/** A small PDF (about 200 KB of padding, so the upload has something to report). */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n% Investment teaser\n'),
  Buffer.alloc(200_000, 0x20),
  Buffer.from('\n%%EOF\n'),
])

function projectId(page: Page): number {
  return Number(/\/form\/(\d+)/.exec(page.url())![1])
}

test('propose with files → view-only while pending → approved → edit → hide and show in the catalogue', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await signInWithOneId(page, 'investor')
  await page.goto(href('profile-my-projects', { locale: 'en' }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Propose a project' }).first().click()
  await expect(page.locator('main h1')).toHaveText('Propose a project')

  // Nothing filled: the summary names the fields and the English tab says it has errors.
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  const summary = page.locator('.error-summary')
  await expect(summary).toBeFocused()
  await expect(summary).toContainText('Project title (English): Fill in the title in at least one language.')
  await expect(summary).toContainText('Category: Fill in this field.')
  await expect(page.getByRole('tab', { name: /English \(has errors\)/ })).toHaveAttribute('aria-selected', 'true')
  await checkA11y(page)

  const title = `Solar-powered cold storage ${Date.now()}`
  await page.getByRole('tab', { name: /English/ }).click()
  await page.getByLabel('Project title (English)').fill(title)
  await page
    .getByLabel('Description (English)')
    .fill('A 5,000-tonne cold store for fruit exporters.\n\nPowered by a 2 MW rooftop plant.')
  await page.getByRole('tab', { name: 'Русский' }).click()
  await page.getByLabel('Project title (Русский)').fill('Холодильный склад на солнечной энергии')
  await page.getByLabel(/^Category/).selectOption({ label: 'Agro-clusters' })
  await page.getByLabel(/^Sector/).selectOption({ label: 'Agriculture and food' })
  await page.getByLabel(/^Region/).selectOption({ label: 'Samarkand region' })
  await page.getByLabel(/^Budget, USD/).fill('4200000')
  await page.getByLabel('Project status').selectOption('under_negotiation')
  await page.getByLabel('Latitude').fill('39.65')
  await page.getByLabel('Longitude').fill('66.96')
  await page.getByLabel('Year 1').fill('-1500000')
  await page.getByRole('button', { name: 'Add a year' }).click()
  await page.getByLabel('Year 2').fill('600000')
  await page.getByRole('button', { name: 'Add a year' }).click()
  await page.getByLabel('Year 3').fill('900000')
  await page.getByRole('button', { name: 'Remove year 3' }).click()
  await expect(page.getByLabel('Year 3')).toHaveCount(0)
  await page.getByLabel('Phone').fill('998 90 123 45 67')
  await page.getByLabel('E-mail').fill('projects@zarafshon-agro.example')
  await page.getByLabel('Image').setInputFiles({ name: 'cold-store.png', mimeType: 'image/png', buffer: PNG })
  await page
    .getByLabel('Presentation (English)')
    .setInputFiles({ name: 'teaser.pdf', mimeType: 'application/pdf', buffer: PDF })

  // The gateway takes no negative sums, so a negative year is named before anything is sent.
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  await expect(summary).toContainText('Year 1: Check this value.')
  await page.getByLabel('Year 1').fill('1500000')

  // The uploads wait until their progress has been seen.
  const uploads = await holdRequests(page, '**/gateway/document/project/**')
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  await expect(page.locator('progress').first()).toBeVisible()
  await expect(page.getByText(/Uploading cold-store\.png/)).toBeVisible()
  uploads.release()
  await page.waitForURL(/\/en\/profile\/my-projects$/)
  await expect(page.getByText('The project has been sent to moderation.')).toBeVisible()
  const row = page.locator('.record').filter({ hasText: title })
  await expect(row.locator('.badge')).toHaveText('Under moderation')

  // Pending: view-only, with its files.
  await row.getByRole('link', { name: 'View' }).click()
  await page.waitForURL(/\/form\/\d+$/)
  const id = projectId(page)
  await expect(page.locator('main h1')).toHaveText('Project under moderation')
  await expect(page.getByLabel('Project title (English)')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Send to moderation' })).toHaveCount(0)
  await expect(page.getByText('Current file: cold-store.png')).toBeVisible()
  await expect(page.getByText('Current file: teaser.pdf')).toBeVisible()
  await expect(page.getByLabel('Year 2')).toHaveValue('600000')
  await expect(page.getByLabel('Year 3')).toHaveCount(0)

  await moderate(page.request, baseURL!, { kind: 'project', id, action: 'approve' })
  await page.reload()
  await waitForHydration(page)
  await expect(page.locator('main .badge')).toHaveText('Published')
  await page.getByLabel('Project title (English)').fill(`${title} (phase 1)`)
  await page.getByRole('button', { name: 'Remove year 2' }).click()
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  await page.waitForURL(/\/en\/profile\/my-projects$/)
  const edited = page.locator('.record').filter({ hasText: `${title} (phase 1)` })
  await expect(edited.locator('.badge')).toHaveText('Under moderation')

  await expect(edited).toContainText('Shown in the catalogue')
  await edited.getByRole('button', { name: 'Hide from the catalogue' }).click()
  await expect(edited).toContainText('Hidden from the catalogue')
  await edited.getByRole('button', { name: 'Show in the catalogue' }).click()
  await expect(edited).toContainText('Shown in the catalogue')
})

test('a rejected project shows the moderator’s reason, is editable again and can be withdrawn; the form works without JavaScript', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000)
  const context = await newNoJsContext(browser, IP)
  const page = await context.newPage()
  await page.goto(href('one-id', { locale: 'en', query: { role: 'businessmen' } }))
  await page.locator('main a').first().click()
  await page.waitForURL(/\/en\/profile$/)

  await page.goto(href('profile-project-form', { locale: 'en' }))
  const title = `Textile dyeing line ${Date.now()}`
  await page.getByLabel('Project title (English)').fill(title)
  await page.getByLabel(/^Category/).selectOption({ label: 'Greenfield projects' })
  await page.getByLabel(/^Sector/).selectOption({ label: 'Textiles' })
  await page.getByLabel(/^Region/).selectOption({ label: 'Fergana region' })
  await page.getByLabel('Year 1').fill('250000')
  await page.getByLabel('Image').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  // The action names the budget and keeps what was typed (files must be chosen again).
  await expect(page.locator('.error-summary')).toContainText('Budget, USD: Fill in this field.')
  await expect(page.getByLabel('Project title (English)')).toHaveValue(title)
  await page.getByLabel(/^Budget, USD/).fill('900000')
  await page.getByLabel('Image').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Send to moderation' }).click()
  await page.waitForURL(/\/en\/profile\/my-projects\?notice=/)
  const row = page.locator('.record').filter({ hasText: title })
  await expect(row.locator('.badge')).toHaveText('Under moderation')
  const link = await row.getByRole('link', { name: 'View' }).getAttribute('href')
  const id = Number(/\/form\/(\d+)/.exec(link!)![1])

  await moderate(request, baseURL!, {
    kind: 'project',
    id,
    action: 'reject',
    reason: 'Add the land lease agreement to the presentation.',
  })
  await page.reload()
  await expect(row.locator('.badge')).toHaveText('Rejected')
  await expect(row).toContainText('Add the land lease agreement to the presentation.')
  await row.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Reason for rejection' })).toContainText(
    'Add the land lease agreement',
  )
  await expect(page.getByText('Current file: line.png')).toBeVisible()
  await expect(page.getByLabel('Project title (English)')).toBeEnabled()

  // Without JavaScript the list's visibility toggle is a form too.
  await page.goto(href('profile-my-projects', { locale: 'en' }))
  await row.getByRole('button', { name: 'Hide from the catalogue' }).click()
  await expect(row).toContainText('Hidden from the catalogue')

  // A rejected proposal can be withdrawn, asked first in a disclosure that needs no script.
  await row.getByText('Withdraw the proposal').click()
  await row.getByRole('button', { name: 'Withdraw it' }).click()
  await page.waitForURL(/notice=notices\.projectWithdrawn/)
  await expect(page.locator('.record').filter({ hasText: title })).toHaveCount(0)
  await context.close()
})
