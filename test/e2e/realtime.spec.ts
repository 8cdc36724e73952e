/**
 * Realtime through Durable Objects (docs/decisions/0018-realtime-hub.md), in two browsers at once: a moderator's decision
 * reaches the signed-in user's bell and appeal page within a second without a reload (and nobody else's), a lot change
 * reaches every open page of that lot, and a change made while a socket was down shows once it is back.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { BUSINESSMAN, moderate, sendAppeal, signInWithOneId, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { href, isSameDocument, markDocument } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

/** Within this long of the upstream's answer, an open page shows the change. */
const WITHIN = 1000

/** A lot other specs leave alone (open, on the list's second page); the changes here are undone after each test. */
const LOT = '17241132'
const lotUrl = href('e-auction-lot', { locale: 'en', params: { id: LOT } })

/** Resolves once the page's realtime socket is open (the live region says so). */
async function waitForLive(page: Page) {
  await expect(page.locator('[data-realtime]')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 })
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return { context, page, errors }
}

type Lot = { price: number; lot_status: string; order_end_time: string }

async function readLot(request: APIRequestContext): Promise<Lot> {
  const res = await request.get(`/gateway/integration/public/integration/iskm/lot/${LOT}`, {
    headers: { 'accept-language': 'en' },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { content: Lot }).content
}

/** The gateway's dev lot command, as `npm run gateway:moderate -- lot …` sends it. */
async function changeLot(
  request: APIRequestContext,
  baseURL: string,
  change: { price?: number; status?: string; end_time?: string },
) {
  const res = await request.post('/_dev/lot', {
    headers: { origin: baseURL, 'content-type': 'application/json', 'x-requested-with': 'invest-portal' },
    data: { lot_number: LOT, ...change },
  })
  expect(res.status(), await res.text()).toBe(200)
}

const priceOf = (page: Page) => page.locator('main .lot-facts__item--price dd')

test('a moderator’s answer shows in the user’s bell and appeal page within a second, without a reload; another user hears nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  // User A: the non-resident businessman, with an appeal of their own still in moderation.
  await signInWithPassword(page, BUSINESSMAN)
  const id = await sendAppeal(page, baseURL!, 'Our equipment import licence has been pending for a month.')
  await page.goto(href('profile-appeals', { locale: 'en', params: { id: String(id) } }))
  await waitForHydration(page)
  await waitForLive(page)
  await expect(page.locator('main .badge')).toHaveText('Under review')
  const toggle = page.locator('.notification-bell__toggle')
  await toggle.click()
  const panel = page.getByRole('region', { name: 'Notifications', exact: true })
  await expect(panel.locator('.notification').first()).toContainText(`No. ${id} has been registered`)
  await markDocument(page)

  // User B, in another browser: the resident investor on their own appeals page.
  const other = await newPage(browser)
  await signInWithOneId(other.page, 'investor')
  await other.page.goto(href('profile-appeals', { locale: 'en' }))
  await waitForHydration(other.page)
  await waitForLive(other.page)
  const otherBell = other.page.locator('.notification-bell__toggle')
  await otherBell.click()
  const otherPanel = other.page.getByRole('region', { name: 'Notifications', exact: true })
  await expect(otherPanel).toBeVisible()

  await moderate(page.request, baseURL!, {
    kind: 'appeal',
    id,
    action: 'review',
    reply: 'The licence was issued today; the certificate is on its way.',
  })
  const answered = Date.now()
  await expect(page.locator('main .badge')).toHaveText('Answered', { timeout: WITHIN })
  await expect(
    panel.locator('.notification', { hasText: `There is a response to your appeal No. ${id}.` }),
  ).toHaveCount(1, { timeout: WITHIN })
  await expect(
    panel.locator('.notification', { hasText: `Your appeal No. ${id} has been reviewed and forwarded` }),
  ).toHaveCount(1, { timeout: WITHIN })
  expect(Date.now() - answered).toBeLessThanOrEqual(WITHIN + 250)
  await expect(page.locator('.thread')).toContainText('The licence was issued today')
  // Screen readers hear it once, politely: the status change and the new notifications together.
  const region = page.locator('[data-realtime]')
  await expect(region).toContainText(`Appeal No. ${id}: Answered.`)
  await expect(region).toContainText('You have a new notification.')
  expect((await region.textContent())!.split('You have a new notification.').length).toBe(2)
  expect(await isSameDocument(page)).toBe(true)
  await checkA11y(page)

  // B's page got none of it (other specs may notify B meanwhile, but never of A's appeal).
  await other.page.waitForTimeout(500)
  await expect(other.page.locator('[data-realtime]')).not.toContainText(`No. ${id}`)
  await expect(otherPanel).not.toContainText(`No. ${id}`)
  expect(other.errors).toEqual([])
  await other.context.close()
})

test.describe('lots', () => {
  // Both tests change the same lot and put it back afterwards: side by side, one test's restore overwrote the other's
  // change while its page waited for it. They run one after the other, in one worker.
  test.describe.configure({ mode: 'default' })
  let before: Lot | null = null
  test.afterEach(async ({ request, baseURL }) => {
    if (before)
      await changeLot(request, baseURL!, {
        price: before.price,
        status: before.lot_status,
        end_time: before.order_end_time,
      })
    before = null
  })

  test('a lot change shows on every open page of the lot within a second: price, status and a countdown moved', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000)
    before = await readLot(request)
    const second = await newPage(browser)
    for (const p of [page, second.page]) {
      await p.goto(lotUrl)
      await waitForHydration(p)
      await waitForLive(p)
    }
    await markDocument(page)
    const endText = await page.locator('main .countdown__end').textContent()
    // One minute later: the lot keeps its place in the list other tests read.
    const end = new Date(new Date(before.order_end_time).getTime() + 60_000).toISOString()

    await changeLot(request, baseURL!, { price: 12_345_678_900, status: 'Auction postponed', end_time: end })
    const changed = Date.now()
    for (const p of [page, second.page]) await expect(priceOf(p)).toContainText('12,345,678,900', { timeout: WITHIN })
    expect(Date.now() - changed).toBeLessThanOrEqual(WITHIN + 250)
    for (const p of [page, second.page]) {
      await expect(p.locator('main .details-list')).toContainText('Auction postponed')
      await expect(p.locator('main .countdown__end')).not.toHaveText(endText!)
      await expect(p.locator('main [data-realtime]')).toContainText('The start price is now')
      await expect(p.locator('main [data-realtime]')).toContainText('Lot status: Auction postponed.')
      await expect(p.locator('main [data-realtime]')).toContainText('Applications now close on')
    }
    expect(await isSameDocument(page)).toBe(true)
    await checkA11y(page)
    expect(second.errors).toEqual([])
    await second.context.close()
  })

  test('a change made while the socket was down shows once it is back, and the list page follows lot changes too', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000)
    before = await readLot(request)
    // The browser's socket to the edge, with a hand on it to cut the line; the second line waits until the change is
    // made.
    const lines: { close: () => Promise<void> }[] = []
    let changed = () => {}
    const changeMade = new Promise<void>((resolve) => (changed = resolve))
    await page.routeWebSocket(/\/_app\/realtime\?/, async (ws) => {
      lines.push(ws)
      if (lines.length > 1) await changeMade
      ws.connectToServer()
    })
    await page.goto(lotUrl)
    await waitForHydration(page)
    await waitForLive(page)
    await lines[0]!.close()
    await expect(page.locator('main [data-realtime]')).not.toHaveAttribute('data-realtime', 'live')
    await changeLot(request, baseURL!, { price: 23_456_789_000 })
    changed()
    // Reconnected (within the first backoff step, at most a second) and caught up with what it missed.
    await expect(page.locator('main [data-realtime]')).toHaveAttribute('data-realtime', 'live', { timeout: 5000 })
    await expect(priceOf(page)).toContainText('23,456,789,000', { timeout: 5000 })
    expect(lines.length).toBe(2)

    // The list: the lot's card follows its channel as well.
    await page.goto(href('e-auction', { locale: 'en', query: { page: 1 } }))
    await waitForHydration(page)
    await waitForLive(page)
    const card = page.locator('main .lot-card').filter({ hasText: `Lot № ${LOT}` })
    await changeLot(request, baseURL!, { price: 34_567_890_000 })
    await expect(card.locator('.lot-facts__item--price dd')).toContainText('34,567,890,000', { timeout: WITHIN })
    await expect(page.locator('main [data-realtime]')).toHaveText(`Lot № ${LOT} has changed.`)
  })
})
