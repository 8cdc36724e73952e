/**
 * Services (docs/product.md#routes, #route-rules): the catalogue's redirect and categories, the service guide's stages
 * and steps in the URL (with and
 * without JavaScript), e-auction lots with live countdowns and apply links only while open, the lot page, UzEx lots.
 */
import type { Page } from '@playwright/test'
import type { Locale } from '../../contract/locales'
import { checkA11y, expect, test, waitForHydratedElement, waitForHydration } from './fixtures'
import { dropStatusError, href, isSameDocument, markDocument, seed } from './support'

type L = { uz: string; ru: string; en: string }
type Category = { id: number; parent_id: number | null; order: number; title: L }
type Step = { id: number; title: L; groups: { documents: { title: L }[] }[]; accordions: { title: L }[] }
type Service = {
  id: number
  category_id: number
  title: L
  online: boolean
  link: string | null
  processes: { id: number; order: number; title: L; steps: Step[] }[]
}
type AuctionLot = {
  order_id: number
  lot_number: string
  property_name: L
  order_end_offset_hours: number
  lat: number
  lng: number
}
type UzexLot = {
  lot_id: number
  lot_number: string
  proposal_name: L
  end_offset_hours: number
  products: { name: L }[]
}

const categories = seed<Category[]>('service-categories')
const services = seed<Service[]>('services')
const ended = (offsetHours: number) => offsetHours < 0
/** The gateway lists lots still open first, each group by its deadline. */
const byDeadline = <T>(items: T[], end: (item: T) => number) =>
  [...items].sort((a, b) => Number(ended(end(a))) - Number(ended(end(b))) || end(a) - end(b))
const auctionLots = byDeadline(seed<AuctionLot[]>('eauction-lots'), (l) => l.order_end_offset_hours)
const uzexLots = byDeadline(seed<UzexLot[]>('uzex-lots'), (l) => l.end_offset_hours)

const firstCategory = categories.filter((c) => c.parent_id === null).sort((a, b) => a.order - b.order)[0]!
const sections = categories.filter((c) => c.parent_id === firstCategory.id).sort((a, b) => a.order - b.order)
const childCategory = sections.find((c) => services.some((s) => s.category_id === c.id))!
const categoryUrl = (locale: Locale, id: number) =>
  href('service-category', { locale, params: { category_id: String(id) } })
/** A service whose first stage has at least two steps, and which has a second stage. */
const service = services.find(
  (s) => s.processes.length > 1 && [...s.processes].sort((a, b) => a.order - b.order)[0]!.steps.length > 1,
)!
const stages = [...service.processes].sort((a, b) => a.order - b.order)
const [stage1, stage2] = [stages[0]!, stages[1]!]
const serviceUrl = (locale: Locale, query?: { process?: number; step?: number }) =>
  href('service', {
    locale,
    params: { service_id: String(service.id) },
    query: query && { process: query.process, step: query.step },
  })
const AUCTION_PAGE = 12
const UZEX_PAGE = 10
/** Lots on a 0-based page of the list. */
const pageOf = <T>(items: T[], size: number, page: number) => items.slice(page * size, page * size + size)

/** The stage and step the page shows, read from the guide's own headings. */
async function expectStep(page: Page, step: Step) {
  await expect(page.locator('#step-title')).toHaveText(step.title.en)
  await expect(page.locator('#step-title')).toBeVisible()
  await expect(page.locator('#checklist')).toContainText(step.groups[0]?.documents[0]?.title.en ?? 'No documents')
}

test.describe('service catalogue', () => {
  test('/service/category answers 302 to the first top-level category by order, a section to its place on its parent', async ({
    request,
  }) => {
    for (const locale of ['en', 'ru', 'uz'] as const) {
      const res = await request.get(href('service-category-index', { locale }), { maxRedirects: 0 })
      expect(res.status()).toBe(302)
      expect(new URL(res.headers().location!, 'http://x').pathname).toBe(categoryUrl(locale, firstCategory.id))
    }
    const res = await request.get(categoryUrl('en', childCategory.id), { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    const location = new URL(res.headers().location!, 'http://x')
    expect(location.pathname + location.hash).toBe(
      `${categoryUrl('en', firstCategory.id)}#category-${childCategory.id}`,
    )
  })

  test('a category lists its sections with their services; the side navigation marks it and links its sections', async ({
    page,
  }) => {
    const res = await page.goto(categoryUrl('en', firstCategory.id))
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.locator('main h1')).toHaveText(firstCategory.title.en)
    const nav = page.getByRole('navigation', { name: 'Service categories' })
    await expect(nav.locator('[aria-current="page"]')).toHaveText(firstCategory.title.en)
    await expect(page.locator('main .services-section h2')).toContainText(sections.map((c) => c.title.en))
    const listed = services.filter((s) => s.category_id === childCategory.id)
    const card = page.locator(`#category-${childCategory.id} .service-card`).first()
    await expect(card.locator('.card__title')).toHaveText(listed[0]!.title.en)
    await expect(card.locator('.card__badge')).toHaveText(listed[0]!.online ? 'Online' : 'In person')
    if (listed[0]!.online && listed[0]!.link)
      await expect(card.locator('a[target="_blank"]')).toHaveAttribute('href', listed[0]!.link)
    await checkA11y(page)
    await markDocument(page)
    await card.locator('.card__link').click()
    await expect(page.locator('main h1')).toHaveText(listed[0]!.title.en)
    expect(await isSameDocument(page)).toBe(true)
  })

  test('the catalogue reads in Russian and Uzbek, and an unknown category says so', async ({ page }) => {
    for (const locale of ['ru', 'uz'] as const) {
      await page.goto(categoryUrl(locale, firstCategory.id))
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.locator('main h1')).toHaveText(firstCategory.title[locale])
      await expect(page.locator(`#category-${childCategory.id} h2`)).toContainText(childCategory.title[locale])
    }
    await page.goto(href('service-category', { locale: 'en', params: { category_id: '999999' } }))
    await expect(page.getByRole('heading', { name: 'There is no such service category' })).toBeVisible()
  })
})

test.describe('service guide', () => {
  test('a bare service URL answers 302 to its first stage and step; the page shows both', async ({ page, request }) => {
    const res = await request.get(serviceUrl('en'), { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    const target = serviceUrl('en', { process: stage1.id, step: stage1.steps[0]!.id })
    expect(res.headers().location!.endsWith(target)).toBe(true)
    const shown = await page.goto(serviceUrl('en'))
    expect(shown?.status()).toBe(200)
    await expect(page).toHaveURL(target)
    await expect(page.locator('main h1')).toHaveText(service.title.en)
    await expect(
      page.getByRole('navigation', { name: 'Stages of the service' }).locator('[aria-current="step"]'),
    ).toContainText(stage1.title.en)
    await expectStep(page, stage1.steps[0]!)
    await checkA11y(page)
  })

  test('steps and stages change on the client, the selection kept in the URL', async ({ page }) => {
    await page.goto(serviceUrl('en', { process: stage1.id, step: stage1.steps[0]!.id }))
    await waitForHydration(page)
    await markDocument(page)
    await page
      .getByRole('navigation', { name: 'Previous and next step' })
      .getByRole('link', { name: /Next step/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`\\?process=${stage1.id}&step=${stage1.steps[1]!.id}#`))
    await expectStep(page, stage1.steps[1]!)
    await page
      .getByRole('navigation', { name: 'Stages of the service' })
      .getByRole('link', { name: new RegExp(stage2.title.en) })
      .click()
    await expect(page).toHaveURL(serviceUrl('en', { process: stage2.id, step: stage2.steps[0]!.id }))
    await expectStep(page, stage2.steps[0]!)
    await page
      .getByRole('navigation', { name: 'Previous and next step' })
      .getByRole('link', { name: /Previous stage/ })
      .click()
    await expectStep(page, stage1.steps[0]!)
    expect(await isSameDocument(page)).toBe(true)
  })

  test('a shared link opens the same stage and step in Russian, with its questions as an accordion', async ({
    page,
  }) => {
    const step = stage1.steps[1]!
    await page.goto(serviceUrl('ru', { process: stage1.id, step: step.id }))
    await waitForHydration(page)
    await expect(page.locator('#step-title')).toHaveText(step.title.ru)
    const question = step.accordions[0]
    if (question) {
      const toggle = page.getByRole('button', { name: question.title.ru })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    }
  })

  test('an unknown service is a 404 screen', async ({ page, consoleErrors }) => {
    const res = await page.goto(href('service', { locale: 'en', params: { service_id: '999999' } }))
    expect(res?.status()).toBe(404)
    dropStatusError(consoleErrors, 404)
  })
})

test.describe('e-auction', () => {
  test('lots show price, deposit and a countdown that ticks; apply links only on open lots', async ({ page }) => {
    const res = await page.goto(href('e-auction', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.locator('main h1')).toHaveText('E-auction')
    const cards = page.locator('main .lot-card')
    await expect(cards).toHaveCount(AUCTION_PAGE)
    await expect(cards.first().locator('.card__title')).toHaveText(auctionLots[0]!.property_name.en)
    await expect(cards.first().locator('.lot-facts')).toContainText('UZS')
    const digits = cards.first().locator('.countdown__units')
    // The page's root hydrates first; on a busy machine a card's countdown can follow it by a while (CI: once).
    await waitForHydratedElement(digits)
    const before = await digits.textContent()
    await expect.poll(() => digits.textContent(), { timeout: 2000, intervals: [250] }).not.toBe(before)
    await checkA11y(page)
  })

  test('the second page ends with the closed lots, which have no apply link', async ({ page }) => {
    await page.goto(href('e-auction', { locale: 'en' }))
    await waitForHydration(page)
    const pager = page.getByRole('navigation', { name: 'Pages of lots' })
    await pager.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(href('e-auction', { locale: 'en', query: { page: 1 } }))
    await expect(page).toHaveTitle(/^E-auction, page 2 — /)
    const shown = pageOf(auctionLots, AUCTION_PAGE, 1)
    const cards = page.locator('main .lot-card')
    await expect(cards).toHaveCount(shown.length)
    expect(shown.some((l) => ended(l.order_end_offset_hours))).toBe(true)
    for (const [i, lot] of shown.entries()) {
      const card = cards.nth(i)
      await expect(card.locator('.card__title')).toHaveText(lot.property_name.en)
      await expect(card.getByRole('link', { name: /Apply on e-auksion\.uz/ })).toHaveCount(
        ended(lot.order_end_offset_hours) ? 0 : 1,
      )
      await expect(card.locator('.countdown--ended')).toHaveCount(ended(lot.order_end_offset_hours) ? 1 : 0)
    }
    await pager.getByRole('link', { name: 'Previous' }).click()
    await expect(cards.first().locator('.card__title')).toHaveText(auctionLots[0]!.property_name.en)
  })

  test('a lot page shows the gallery, terms, countdown, map and apply link; an ended one has no apply link', async ({
    page,
    consoleErrors,
  }) => {
    const open = auctionLots.find((l) => !ended(l.order_end_offset_hours))!
    await page.goto(href('e-auction', { locale: 'en' }))
    await waitForHydration(page)
    await page.locator('main .lot-card .card__link', { hasText: open.property_name.en }).click()
    await expect(page).toHaveURL(href('e-auction-lot', { locale: 'en', params: { id: open.lot_number } }))
    await expect(page.locator('main h1')).toHaveText(open.property_name.en)
    await expect(page.getByRole('link', { name: /Apply on e-auksion\.uz/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /OpenStreetMap/ })).toHaveAttribute(
      'href',
      new RegExp(`openstreetmap\\.org/\\?mlat=${open.lat}&mlon=${open.lng}`),
    )
    const gallery = page.locator('.gallery-grid a')
    await gallery.first().click()
    await expect(page.locator('dialog.lightbox__dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog.lightbox__dialog')).toBeHidden()
    await checkA11y(page)
    // Loaded whole, the page keeps the photos as the edge drew them; the lightbox around them still opens them. Its
    // code arrives late here (a slow network): the photo must not be drawn in a dialog that is not open yet, or an
    // Escape pressed as it shows would be lost and the dialog would open after it.
    await page.route(/\/lightbox-dialog-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await route.continue()
    })
    await page.goto(href('e-auction-lot', { locale: 'en', params: { id: open.lot_number } }))
    await waitForHydration(page)
    await page.evaluate(() => {
      const seen = window as { lightboxDrawnOpen?: boolean }
      new MutationObserver((_, observer) => {
        const dialog = document.querySelector<HTMLDialogElement>('dialog.lightbox__dialog')
        if (!dialog?.querySelector('img')) return
        observer.disconnect()
        seen.lightboxDrawnOpen = dialog.open
      }).observe(document.body, { subtree: true, childList: true })
    })
    const photo = await gallery.first().getAttribute('href')
    await gallery.first().click()
    await expect
      .poll(() => page.evaluate(() => (window as { lightboxDrawnOpen?: boolean }).lightboxDrawnOpen))
      .toBe(true)
    await expect(page.locator('dialog.lightbox__dialog img')).toHaveAttribute('src', photo!)
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog.lightbox__dialog')).toBeHidden()
    await expect(gallery.first()).toBeFocused()

    const closed = auctionLots.find((l) => ended(l.order_end_offset_hours))!
    await page.goto(href('e-auction-lot', { locale: 'ru', params: { id: closed.lot_number } }))
    await expect(page.locator('main h1')).toHaveText(closed.property_name.ru)
    await expect(page.locator('main .countdown--ended')).toBeVisible()
    await expect(page.locator('main a[href*="e-auksion.uz"]')).toHaveCount(0)

    const missing = await page.goto(href('e-auction-lot', { locale: 'en', params: { id: '1' } }))
    expect(missing?.status()).toBe(404)
    dropStatusError(consoleErrors, 404)
  })
})

test.describe('UzEx', () => {
  test('lots list their products, start cost and a ticking countdown; closed lots on page 2 have no offer link', async ({
    page,
  }) => {
    const res = await page.goto(href('uz-ex', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.locator('main h1')).toHaveText('UzEx exchange lots')
    const lots = page.locator('main .uzex-lot')
    const first = pageOf(uzexLots, UZEX_PAGE, 0)
    await expect(lots).toHaveCount(first.length)
    await expect(lots.first().locator('h2')).toHaveText(first[0]!.proposal_name.en)
    await expect(lots.first().locator('tbody tr')).toHaveCount(first[0]!.products.length)
    await expect(lots.first().getByRole('link', { name: /Make an offer on UzEx/ })).toHaveCount(1)
    const digits = lots.first().locator('.countdown__units')
    const before = await digits.textContent()
    await expect.poll(() => digits.textContent(), { timeout: 2000, intervals: [250] }).not.toBe(before)
    await page.getByRole('navigation', { name: 'Pages of lots' }).getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(href('uz-ex', { locale: 'en', query: { page: 1 } }))
    const second = pageOf(uzexLots, UZEX_PAGE, 1)
    expect(second.some((l) => ended(l.end_offset_hours))).toBe(true)
    await expect(lots).toHaveCount(second.length)
    for (const [i, lot] of second.entries()) {
      await expect(lots.nth(i).locator('h2')).toHaveText(lot.proposal_name.en)
      await expect(lots.nth(i).getByRole('link', { name: /Make an offer on UzEx/ })).toHaveCount(
        ended(lot.end_offset_hours) ? 0 : 1,
      )
    }
  })

  test('the UzEx page reads in Uzbek', async ({ page }) => {
    await page.goto(href('uz-ex', { locale: 'uz' }))
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz')
    await expect(page.locator('main .uzex-lot h2').first()).toHaveText(uzexLots[0]!.proposal_name.uz)
    await checkA11y(page)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the service guide moves between steps and stages with plain links', async ({ page }) => {
    await page.goto(serviceUrl('en'))
    await expectStep(page, stage1.steps[0]!)
    await page
      .getByRole('navigation', { name: 'Previous and next step' })
      .getByRole('link', { name: /Next step/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`step=${stage1.steps[1]!.id}`))
    await expectStep(page, stage1.steps[1]!)
    await page
      .getByRole('navigation', { name: 'Stages of the service' })
      .getByRole('link', { name: new RegExp(stage2.title.en) })
      .click()
    // The browser keeps the link's #fragment across the edge's redirect.
    await expect(page).toHaveURL(new RegExp(`\\?process=${stage2.id}&step=${stage2.steps[0]!.id}(#|$)`))
    await expectStep(page, stage2.steps[0]!)
  })

  test('catalogue, lot lists and a lot page render their content on the edge', async ({ page }) => {
    await page.goto(href('service-category-index', { locale: 'en' }))
    await expect(page.locator('main h1')).toHaveText(firstCategory.title.en)
    await expect(page.locator(`main #category-${childCategory.id} .service-card`).first()).toBeVisible()
    await page.goto(href('e-auction', { locale: 'en', query: { page: 1 } }))
    await expect(page.locator('main .lot-card .card__title').first()).toHaveText(
      auctionLots[AUCTION_PAGE]!.property_name.en,
    )
    await page.goto(href('e-auction-lot', { locale: 'en', params: { id: auctionLots[0]!.lot_number } }))
    await expect(page.locator('main .lot-terms')).toContainText('UZS')
    await page.goto(href('uz-ex', { locale: 'en' }))
    await expect(page.locator('main .uzex-lot table').first()).toBeVisible()
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
  })
})
