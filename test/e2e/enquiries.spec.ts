/**
 * The investor pipeline (docs/product.md#enquiries), against `npm start`'s local stack: interest expressed on a
 * project's page is answered with a reference and a receipt; a moderator assigns it in the console and moves it to
 * "in contact" with a reply; the enquirer sees the status and the reply by the receipt's signed link, or, signed in,
 * under "My enquiries". A message through the contact form is followed the same way.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { signInWithOneId, uniqueIp } from './account-support'
import { signInToConsole } from './console-support'
import { checkA11y, expect, OUTBOX_READ, test, waitForHydration } from './fixtures'
import { href } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

const REPLY = 'Thank you for your interest. Our adviser will call you this week to arrange a site visit.'

/** A seeded project open for investment, as the projects hub lists them. */
async function openProject(request: APIRequestContext): Promise<string> {
  const res = await request.get('/gateway/siw/public/project?status=open_for_investment&page=0&size=1')
  const body = (await res.json()) as { content: { id: number }[] }
  return String(body.content[0]!.id)
}

/** From the project's page to its interest form, filled in with `fields` and the shared answers, and sent. */
async function expressInterest(page: Page, projectId: string, fields: Record<string, string> = {}): Promise<string> {
  await page.goto(href('project', { locale: 'en', params: { id: projectId } }))
  await page.getByRole('link', { name: 'Register your interest' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/guide/project/${projectId}/interest$`))
  await waitForHydration(page)
  const form = page.locator('form.interest-form')
  // Signed in, the account's details stand in for the contact fields.
  if (!Object.keys(fields).length) {
    await expect(form.getByRole('heading', { name: 'You enquire as' })).toBeVisible()
    await expect(form.getByLabel('E-mail')).toHaveCount(0)
  }
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value)
  await form.getByLabel('When do you plan to invest?').selectOption('within_6_months')
  await form.getByLabel('Message').fill('We would like to discuss a joint venture and visit the site.')
  await checkA11y(page)
  await form.getByRole('button', { name: 'Send my interest' }).click()
  await expect(page.getByText('Thank you, your interest has been registered')).toBeVisible()
  const reference = /IN-\d{4}-\d{6}/.exec((await page.locator('.status-panel').textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()
  return reference!
}

/**
 * The moderator's side: the enquiry found in the pipeline (by `list`, new ones by default), assigned to them and moved
 * to in contact, and a reply.
 */
async function takeUp(browser: Browser, reference: string, list = '/en/enquiries?status=new') {
  const console = await signInToConsole(browser, 'moderator')
  const { page } = console
  await page.goto(list)
  await page.getByRole('link', { name: reference }).click()
  await page.getByLabel('Status').selectOption('in_contact')
  await page.getByLabel('Assignee').selectOption({ label: 'Malika Karimova' })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.console-facts')).toContainText('In contact')
  await expect(page.locator('.console-facts')).toContainText('Malika Karimova')
  await page.getByLabel('Reply', { exact: true }).fill(REPLY)
  await page.getByRole('button', { name: 'Send the reply' }).click()
  await expect(page.locator('.console-thread')).toContainText(REPLY)
  expect(console.errors, 'console errors on the console’s pages').toEqual([])
  await console.context.close()
}

/** The enquiry as its enquirer sees it: in contact, with the reply. */
async function expectTakenUp(page: Page, reference: string) {
  const card = page.locator('article.enquiry-card').filter({ hasText: reference })
  await expect(card.locator('[data-enquiry-status]')).toHaveText('In contact')
  await expect(card).toContainText(REPLY)
  await checkA11y(page)
}

/** The receipt's signed link among the mail to `email`, once the one mail is there. */
async function receiptLink(request: APIRequestContext, email: string): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`, OUTBOX_READ)
      const mails = ((await res.json()) as { content: { links: string[] }[] }).content
      link = mails.flatMap((m) => m.links).find((l) => l.includes('/enquiry/')) ?? ''
      return mails.length === 1 && !!link
    })
    .toBe(true)
  return new URL(link).pathname
}

test('a visitor expresses interest and follows the reply by the receipt’s link', async ({ page, browser, request }) => {
  test.setTimeout(90_000)
  const email = `interest-${Date.now().toString(36)}@example.com`
  const reference = await expressInterest(page, await openProject(request), {
    'Full name': 'Kadri Tamm',
    'E-mail': email,
    Company: 'Baltic Timber Partners',
  })
  const link = await receiptLink(request, email)
  await takeUp(browser, reference)
  await page.goto(link)
  await expectTakenUp(page, reference)
})

test('a signed-in investor enquires as their account and sees the reply under My enquiries', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  await signInWithOneId(page, 'investor')
  const reference = await expressInterest(page, await openProject(request))
  await takeUp(browser, reference)
  await page.goto(href('profile-enquiries', { locale: 'en' }))
  await expectTakenUp(page, reference)
})

test('a message through the contact form is an enquiry its sender follows by the receipt’s link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const email = `contact-${Date.now().toString(36)}@example.com`
  await page.goto(href('contact-us', { locale: 'en' }))
  await waitForHydration(page)
  await page.locator('#contact-purpose').check()
  const fields = {
    name: 'Anna',
    last_name: 'Berg',
    email,
    phone: '+46 70 123 45 67',
    message: 'Which regions offer land for a logistics hub?',
  }
  for (const [name, value] of Object.entries(fields)) await page.locator(`#contact-${name}`).fill(value)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/en\/contact-us\?sent=CR-\d{4}-\d{6}$/)
  const reference = new URL(page.url()).searchParams.get('sent')!
  const link = await receiptLink(request, email)

  await takeUp(browser, reference, '/en/enquiries?kind=contact&status=new')
  await page.goto(link)
  const card = page.locator('article.enquiry-card')
  await expect(card.getByRole('heading', { level: 2 }).first()).toHaveText('Your message to the agency')
  await expect(card).toContainText('Which regions offer land for a logistics hub?')
  await expectTakenUp(page, reference)
})
