/**
 * People hear back (docs/product.md#mail): a signed-in investor's appeal answered in the operator console reaches them
 * by mail and in the bell; once they turn appeal mail off on their Notifications page
 * (docs/product.md#notification-choices), the next answer reaches only the bell.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { INVESTOR, sendAppeal, signInWithPassword, uniqueIp } from './account-support'
import { type ConsoleSession, signInToConsole } from './console-support'
import { checkA11y, expect, OUTBOX_READ, test, waitForHydration } from './fixtures'
import { href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

type OutboxMail = { id: number; kind: string | null; subject: string; text: string; headers: Record<string, string> }

const outbox = async (request: APIRequestContext): Promise<OutboxMail[]> => {
  const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(INVESTOR.email)}`, OUTBOX_READ)
  return ((await res.json()) as { content: OutboxMail[] }).content
}

/** Answers appeal `id` in the console, as a moderator does. */
async function answerInConsole(moderator: ConsoleSession, id: number, reply: string) {
  await moderator.page.goto(`/en/appeals/${id}`)
  await moderator.page.getByLabel('Reply').fill(reply)
  await moderator.page.getByRole('button', { name: 'Send the answer' }).click()
  await expect(moderator.page.getByRole('status')).toContainText('The reply is sent.')
}

/** The bell's entries, opened from the header. */
async function bellEntries(page: Page) {
  await page.goto(href('profile', { locale: 'en' }))
  await waitForHydration(page)
  await page.locator('.notification-bell__toggle').click()
  return page.getByRole('region', { name: 'Notifications', exact: true }).locator('.notification')
}

/** Sets appeal mail on the Notifications page and saves, without touching the other choices. */
async function setAppealMail(page: Page, on: boolean) {
  await page.goto(href('profile-notifications', { locale: 'en' }))
  await waitForHydration(page)
  const box = page.getByRole('group', { name: 'Appeals' }).getByRole('checkbox', { name: 'By e-mail' })
  await box.setChecked(on)
  await page.getByRole('button', { name: 'Save choices' }).click()
  await expect(page.getByText('Your choices have been saved.').first()).toBeVisible()
  await page.reload()
  await expect(box).toBeChecked({ checked: on })
}

test('an answer in the console reaches the investor by mail and in the bell; with appeal mail off, only the bell', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await signInWithPassword(page, INVESTOR)
  const moderator = await signInToConsole(browser, 'moderator')

  const first = await sendAppeal(page, baseURL!, 'Which permits does a cold store near Andijan need?')
  const reply = 'A construction permit and a fire safety certificate; the regional office issues both.'
  await answerInConsole(moderator, first, reply)
  await expect
    .poll(async () => (await outbox(page.request)).find((m) => m.kind === 'appeal-reply' && m.text.includes(reply)))
    .toMatchObject({
      subject: `Re: Your appeal No. ${first} has been answered`,
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
  const bell = await bellEntries(page)
  await expect(bell.filter({ hasText: `There is a response to your appeal No. ${first}.` })).toHaveCount(1)

  await setAppealMail(page, false)
  await checkA11y(page)
  try {
    const second = await sendAppeal(page, baseURL!, 'May a cold store lease land for 49 years?')
    await answerInConsole(moderator, second, 'Yes, through an auction on e-auksion.uz.')
    const later = await bellEntries(page)
    await expect(later.filter({ hasText: `There is a response to your appeal No. ${second}.` })).toHaveCount(1)
    // The answer is recorded (or not) before the console's call returns: no mail names the second appeal.
    const mails = await outbox(page.request)
    expect(mails.filter((m) => m.subject.includes(`No. ${second} `))).toEqual([])
  } finally {
    // The demo investor's choices as they were, for every other test and run.
    await setAppealMail(page, true)
    await moderator.context.close()
  }
})
