/**
 * Appeals (docs/product.md#appeals): create in the profile → moderated to `reviewed` → reply → resolve; the same
 * without JavaScript;
 * a keyboard-only run of the form; the anonymous two-step dialog from the appeal bar.
 */
import type { Page } from '@playwright/test'
import { moderate, newNoJsContext, signInWithOneId, uniqueIp } from './account-support'
import { checkA11y, expect, OUTBOX_READ, test, waitForHydration } from './fixtures'
import { href } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

const TEXT = 'Our imported solar inverters have been waiting for customs clearance in Tashkent for three weeks.'

/** The appeal's id from its page URL. */
function appealId(page: Page): number {
  return Number(/\/profile\/appeals\/(\d+)/.exec(page.url())![1])
}

test('create → moderated to reviewed → reply → resolve, refreshed without reloading', async ({ page, baseURL }) => {
  // The whole life of an appeal in one test: about twenty round trips.
  test.setTimeout(60_000)
  await signInWithOneId(page, 'businessmen')
  await page.goto(href('profile-appeals', { locale: 'en' }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'New appeal' }).first().click()
  await expect(page).toHaveURL(/new=1/)
  const form = page.locator('form').filter({ has: page.locator('textarea[name="text"]') })

  await form.getByRole('button', { name: 'Send the appeal' }).click()
  const summary = page.locator('.error-summary')
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'Subject: Fill in this field.',
    'Region: Fill in this field.',
    'Your appeal: Fill in this field.',
  ])
  await checkA11y(page)

  await form.getByLabel(/Subject/).selectOption({ label: 'Customs issue' })
  await form.getByLabel(/Region/).selectOption({ label: 'Tashkent city' })
  await form.getByLabel(/Your appeal/).fill(TEXT)
  await form.getByRole('button', { name: 'Send the appeal' }).click()
  await page.waitForURL(/\/en\/profile\/appeals\/\d+$/)
  const id = appealId(page)
  await expect(page.getByText('Your appeal has been sent.', { exact: false }).first()).toBeVisible()
  await expect(page.locator('main h1')).toHaveText(`Appeal No. ${id}`)
  await expect(page.locator('main .badge')).toHaveText('Under review')
  await expect(page.locator('main')).toContainText(TEXT)
  await expect(page.locator('textarea[name="response"]')).toHaveCount(0)

  await moderate(page.request, baseURL!, {
    kind: 'appeal',
    id,
    action: 'review',
    reply: 'The customs committee has been asked to clear the goods this week.',
  })
  // The page learns about it by itself when the window regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(page.locator('main .badge')).toHaveText('Answered', { timeout: 10_000 })
  await expect(page.locator('.thread')).toContainText(
    'The customs committee has been asked to clear the goods this week.',
  )

  await page.getByRole('textbox', { name: /^Your reply/ }).fill('Thank you, we will wait for the clearance.')
  await page.getByRole('button', { name: 'Send the reply' }).click()
  await expect(page.locator('.thread__item--own')).toContainText('Thank you, we will wait for the clearance.')
  await expect(page.getByRole('textbox', { name: /^Your reply/ })).toHaveValue('')
  await checkA11y(page)

  const resolve = page.locator('form').filter({ has: page.locator('input[name="resolved"]') })
  await resolve.getByLabel('No, not resolved').check()
  await resolve.getByRole('button', { name: 'Submit' }).click()
  await expect(resolve.locator('.field__error')).toContainText('Fill in this field.')
  await resolve.getByLabel('Yes, resolved').check()
  await resolve.getByRole('button', { name: 'Submit' }).click()
  await expect(page.locator('main .badge')).toHaveText('Resolved')
  await expect(page.getByText('The conversation is closed.')).toBeVisible()

  await page.goto(href('profile-appeals', { locale: 'en' }))
  await expect(
    page
      .locator('.record')
      .filter({ hasText: `Appeal No. ${id}` })
      .locator('.badge'),
  ).toHaveText('Resolved')
})

test('without JavaScript: create, reply and reject with a reason', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000)
  const context = await newNoJsContext(browser, IP)
  const page = await context.newPage()
  // OneID works without JavaScript too: links and redirects only.
  await page.goto(href('one-id', { locale: 'en', query: { role: 'investor' } }))
  await page.locator('main a').first().click()
  await page.waitForURL(/\/en\/profile$/)

  await page.goto(href('profile-appeals', { locale: 'en', query: { new: '1' } }))
  await page.getByLabel(/Subject/).selectOption({ label: 'Taxation question' })
  await page.getByLabel(/Region/).selectOption({ label: 'Samarkand region' })
  await page.getByLabel(/Your appeal/).fill('short')
  await page.getByRole('button', { name: 'Send the appeal' }).click()
  await expect(page.locator('.error-summary')).toContainText('Your appeal: The text is too short or too long.')
  // What was chosen comes back.
  await expect(page.getByLabel(/Region/)).toHaveValue('1718')
  await page.getByLabel(/Your appeal/).fill(TEXT)
  await page.getByRole('button', { name: 'Send the appeal' }).click()
  await page.waitForURL(/\/en\/profile\/appeals\/\d+\?notice=/)
  const id = appealId(page)

  await moderate(request, baseURL!, { kind: 'appeal', id, action: 'review' })
  await page.reload()
  await page.getByRole('textbox', { name: /^Your reply/ }).fill('Could you name the responsible officer?')
  await page.getByRole('button', { name: 'Send the reply' }).click()
  await expect(page.locator('.thread__item--own')).toContainText('Could you name the responsible officer?')

  await page.getByLabel('No, not resolved').check()
  await page.getByLabel(/What is still unresolved/).fill('The goods are still held at the border.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.locator('main .badge')).toHaveText('Not resolved')
  await expect(page.locator('main')).toContainText('The goods are still held at the border.')
  await context.close()
})

test('keyboard only: the anonymous appeal dialog from the appeal bar, both steps, to the receipt', async ({
  page,
  request,
}) => {
  await page.goto(href('search', { locale: 'en' }))
  await waitForHydration(page)
  const open = page.getByRole('link', { name: 'Send an appeal' })
  await open.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Send an appeal' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Step 1 of 2' })).toBeFocused()

  // Step 1: Continue with nothing filled names both fields.
  const email = `visitor-${Date.now()}@example.com`
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel(/Full name/)).toBeFocused()
  await page.keyboard.type('Aziza Karimova')
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-an-email')
  await page.keyboard.press('Enter')
  await expect(dialog.locator('.error-summary')).toContainText('E-mail: Enter an e-mail address like name@example.com.')
  await dialog.getByLabel(/E-mail/).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')

  // Step 2: the selects and the text by keyboard.
  await expect(dialog.getByRole('heading', { name: 'Step 2 of 2' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel(/Subject/)).toBeFocused()
  await expect(dialog.getByLabel(/Subject/).locator('option')).not.toHaveCount(1)
  await expect(dialog.getByLabel(/Region/).locator('option')).not.toHaveCount(1)
  // A closed select picks an option by typing its first letters.
  await page.keyboard.type('Customs')
  await expect(dialog.getByLabel(/Subject/)).toHaveValue('1:8')
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel(/Region/)).toBeFocused()
  await page.keyboard.type('Tashkent c')
  await expect(dialog.getByLabel(/Region/)).toHaveValue('1726')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Where can a foreign company get a list of free economic zones with vacant plots?')
  await checkA11y(page)
  await dialog.getByRole('button', { name: 'Send the appeal' }).focus()
  await page.keyboard.press('Enter')

  await expect(dialog.getByRole('heading', { name: 'Appeal sent' })).toBeFocused()
  await expect(dialog).toContainText(email)
  const receipt = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`, OUTBOX_READ)
  expect(((await receipt.json()) as { content: unknown[] }).content.length).toBe(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
})

test('signed-in visitors are sent from the appeal bar to the form in their profile', async ({ page }) => {
  await signInWithOneId(page, 'investor')
  await page.goto(href('search', { locale: 'en' }))
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Send an appeal' }).click()
  await expect(page).toHaveURL(/\/en\/profile\/appeals\?new=1$/)
  await expect(page.getByRole('heading', { name: 'Send an appeal' })).toBeVisible()
})
