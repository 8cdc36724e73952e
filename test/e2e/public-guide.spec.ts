/**
 * Investor guide (docs/product.md#routes): the PPP and privatisation guides, the projects hub, categories with filters
 * in the URL and
 * pagination, project details, the sector explorer with its fourteen pages, and the investor and business
 * registration forms for residents and non-residents, with and without JavaScript, against the reference gateway.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { Locale } from '../../contract/locales'
import { uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydratedElement, waitForHydration } from './fixtures'
import { dropStatusError, GERMANY, href, seed } from './support'

type L = { uz: string; ru: string; en: string }
const pages = seed<{ slug: string; title: L }[]>('pages')
// A sector is one record (docs/gateway-contract.md#guide): its name (`content`), summary, figures and page.
const sectorPages = seed<{ slug: string; content: L; summary: L; figures: unknown[] }[]>('sectors')
/** The published sectors the local gateway seeds, in their order: the explorer lists the upstream's. */
const SECTORS = sectorPages.map((s) => s.slug)
const categories = seed<{ id: number; title: L; order: number; service_ids: number[] }[]>('project-categories')
const projects =
  seed<
    {
      id: number
      category_id: number
      sector_slug: string
      region_code: string
      title: L
      status: string
      latitude: number
      longitude: number
      email: string
    }[]
  >('projects')
const sectors = seed<{ id: number; slug: string }[]>('sectors')
const services = seed<{ id: number; title: L }[]>('services')

const pageTitle = (slug: string, locale: Locale) => pages.find((p) => p.slug === slug)!.title[locale]
const sectorId = (slug: string) => String(sectors.find((s) => s.slug === slug)!.id)
/** A region's id is its SOATO code. */
const regionId = (code: string) => code
/** Category 1 has seven projects: two pages of six. */
const CATEGORY = categories.find((c) => c.id === 1)!
const inCategory = projects.filter((p) => p.category_id === CATEGORY.id)
const PROJECT = inCategory[0]!

/** Every address gets its own bucket of the gateway's per-client form limit, so reruns never hit it. */
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The page answers 200 and its server-rendered h1 reads `heading`; returns the HTML. */
async function expectHeading(request: APIRequestContext, url: string, heading: string): Promise<string> {
  const res = await request.get(url)
  expect(res.status(), url).toBe(200)
  const html = await res.text()
  expect(html, url).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(heading))}</h1>`))
  return html
}
const cardTitles = (page: Page) => page.locator('.guide-results .card__title').allTextContents()
const sorted = (titles: string[]) => [...titles].sort()

test.describe('guide pages', () => {
  for (const [id, slug, cta] of [
    ['guide-partnership', 'guide-partnership', 'See projects open to investors'],
    ['guide-privatization', 'guide-privatization', 'Go to the e-auction'],
  ] as const) {
    test(`${id} shows its gateway text in each language, with its next step`, async ({ page, request }) => {
      for (const locale of ['uz', 'ru'] as const)
        await expectHeading(request, href(id, { locale }), pageTitle(slug, locale))
      const res = await page.goto(href(id, { locale: 'en' }))
      expect(res?.status()).toBe(200)
      await expect(page.locator('main h1')).toHaveText(pageTitle(slug, 'en'))
      await expect(page.locator('.guide-article .prose h2').first()).toBeVisible()
      await expect(page.locator('.hero').getByRole('link', { name: cta })).toBeVisible()
      await checkA11y(page)
    })
  }

  test('the privatisation guide leads to the e-auction', async ({ request }) => {
    const html = await (await request.get(href('guide-privatization', { locale: 'en' }))).text()
    expect(html).toContain(`href="${href('e-auction', { locale: 'en' })}"`)
  })

  test('the projects hub shows its figures, the ways in, every category and open projects', async ({ page }) => {
    const res = await page.goto(href('guide-project', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText('Investment projects')
    await expect(page.locator('.hero .stat-block').first()).toContainText(String(categories.length))
    await expect(page.locator('.guide-entry')).toHaveCount(3)
    const categorySection = page.locator('section', {
      has: page.getByRole('heading', { name: 'Project categories', level: 2 }),
    })
    await expect(categorySection.locator('.card')).toHaveCount(categories.length)
    const open = page.locator('#open-projects .card')
    await expect(open.first()).toBeVisible()
    for (const badge of await open.locator('.badge').allTextContents()) expect(badge).toBe('Open for investment')
    await checkA11y(page)
    for (const locale of ['uz', 'ru'] as const) {
      const html = await (await page.request.get(href('guide-project', { locale }))).text()
      expect(html).toContain(escapeHtml([...categories].sort((a, b) => a.order - b.order)[0]!.title[locale]))
    }
  })

  test('the category list leads to a category through client navigation', async ({ page }) => {
    const res = await page.goto(href('project-category-list', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText('Project categories')
    await expect(page.locator('main .card')).toHaveCount(categories.length)
    await checkA11y(page)
    await waitForHydration(page)
    await page.getByRole('link', { name: CATEGORY.title.en }).click()
    await expect(page).toHaveURL(href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } }))
    await expect(page.locator('main h1')).toHaveText(CATEGORY.title.en)
  })

  test('a category pages through its projects and lists the services for them', async ({ page }) => {
    const res = await page.goto(href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('.guide-results__count')).toHaveText(`Projects found: ${inCategory.length}`)
    await expect(page.locator('.guide-results .card')).toHaveCount(6)
    const servicesSection = page.locator('.guide-services')
    for (const id of CATEGORY.service_ids)
      await expect(
        servicesSection.getByRole('link', { name: services.find((s) => s.id === id)!.title.en }),
      ).toBeVisible()
    await checkA11y(page)
    await waitForHydration(page)
    const firstPage = await cardTitles(page)
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]page=1$/)
    await expect(page.locator('.guide-results .card')).toHaveCount(inCategory.length - 6)
    expect(sorted([...firstPage, ...(await cardTitles(page))])).toEqual(sorted(inCategory.map((p) => p.title.en)))
  })

  test('filters apply on change, stay in the URL with the focus on the control, and clear', async ({ page }) => {
    await page.goto(href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } }))
    await waitForHydration(page)
    await page.locator('#filter-sector').selectOption(sectorId('textiles'))
    await expect(page).toHaveURL(
      href('project-category', {
        locale: 'en',
        params: { id: String(CATEGORY.id) },
        query: { sector_id: sectorId('textiles') },
      }),
    )
    const textiles = inCategory.filter((p) => p.sector_slug === 'textiles')
    await expect(page.locator('.guide-results .card')).toHaveCount(textiles.length)
    expect(sorted(await cardTitles(page))).toEqual(sorted(textiles.map((p) => p.title.en)))
    await expect(page.locator('#filter-sector')).toBeFocused()
    await expect(page.locator('#filter-sector')).toHaveValue(sectorId('textiles'))

    const one = textiles[0]!
    await page.locator('#filter-region').selectOption(regionId(one.region_code))
    await expect(page).toHaveURL(
      new RegExp(`sector_id=${sectorId('textiles')}&region_id=${regionId(one.region_code)}$`),
    )
    await expect(page.locator('.guide-results .card__title')).toHaveText([one.title.en])

    await page.locator('#filter-status').selectOption('closed')
    await expect(page.getByRole('heading', { name: 'No projects match these filters' })).toBeVisible()
    await page.locator('.guide-results').getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } }))
    await expect(page.locator('.guide-results .card')).toHaveCount(6)
  })

  test('a project shows its status, figures, map link and contacts in each language', async ({ page }) => {
    const res = await page.goto(href('project', { locale: 'en', params: { id: String(PROJECT.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(PROJECT.title.en)
    await expect(page.locator('.guide-project__badges .badge')).toHaveText('Open for investment')
    await expect(page.locator('.guide-project__figures .stat-block').first()).toContainText('USD')
    await expect(page.locator('.stat-block__label')).toContainText([
      'Budget',
      'Payback period',
      'Internal rate of return',
      'Net present value',
    ])
    const lat = PROJECT.latitude.toFixed(5)
    const lon = PROJECT.longitude.toFixed(5)
    await expect(page.getByRole('link', { name: /Open the location on OpenStreetMap/ })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=12/${lat}/${lon}`,
    )
    await expect(page.getByRole('link', { name: PROJECT.email })).toHaveAttribute('href', `mailto:${PROJECT.email}`)
    await expect(page.locator('.breadcrumbs').getByRole('link', { name: CATEGORY.title.en })).toHaveAttribute(
      'href',
      href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } }),
    )
    await checkA11y(page)
    for (const locale of ['uz', 'ru'] as const)
      await expectHeading(
        page.request,
        href('project', { locale, params: { id: String(PROJECT.id) } }),
        PROJECT.title[locale],
      )
  })

  test('the explorer lists all fourteen sectors, each leading to its page', async ({ page }) => {
    const res = await page.goto(href('explore', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText('Explore sectors')
    const cards = page.locator('.guide-sectors .card__link')
    await expect(cards).toHaveCount(SECTORS.length)
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      SECTORS.map((sector) => href('sector', { locale: 'en', params: { sector } })),
    )
    await checkA11y(page)
  })

  test('all fourteen sector pages answer 200 with their own heading, summary and figures', async ({ request }) => {
    for (const slug of SECTORS) {
      const brief = sectorPages.find((s) => s.slug === slug)!
      const html = await expectHeading(
        request,
        href('sector', { locale: 'en', params: { sector: slug } }),
        brief.content.en,
      )
      expect(html, slug).toContain(`<p class="hero__lead">${escapeHtml(brief.summary.en)}</p>`)
      expect(html.match(/class="stat-block"/g)?.length ?? 0, slug).toBe(brief.figures.length)
    }
  })

  test('a sector page reads the same in all three languages, with its figures and next steps', async ({ page }) => {
    const brief = sectorPages.find((s) => s.slug === 'textiles')!
    for (const locale of ['uz', 'ru'] as const) {
      const html = await expectHeading(
        page.request,
        href('sector', { locale, params: { sector: 'textiles' } }),
        brief.content[locale],
      )
      expect(html).toContain(`<p class="hero__lead">${escapeHtml(brief.summary[locale])}</p>`)
    }
    const res = await page.goto(href('sector', { locale: 'en', params: { sector: 'textiles' } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(brief.content.en)
    await expect(page.locator('.hero__lead')).toHaveText(brief.summary.en)
    await expect(page.locator('.guide-figures .stat-block')).toHaveCount(brief.figures.length)
    await expect(page.getByRole('navigation', { name: 'Other sectors' }).getByRole('link')).toHaveCount(
      SECTORS.length - 1,
    )
    await checkA11y(page)
  })

  test('an explore item shows the project under the explorer', async ({ page }) => {
    const res = await page.goto(href('explore-item', { locale: 'ru', params: { id: String(PROJECT.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(PROJECT.title.ru)
    await expect(page.locator('.breadcrumbs').getByRole('link', { name: 'Отрасли' })).toHaveAttribute(
      'href',
      href('explore', { locale: 'ru' }),
    )
    await checkA11y(page)
  })

  test('unknown projects, categories and sectors answer 404', async ({ page, consoleErrors }) => {
    for (const url of [
      href('project', { locale: 'en', params: { id: '999999' } }),
      href('project-category', { locale: 'en', params: { id: '999999' } }),
      href('explore-item', { locale: 'en', params: { id: '999999' } }),
      href('page', { locale: 'en', params: { slug: 'guide/explore/mining' } }),
    ]) {
      const res = await page.goto(url)
      expect(res?.status(), url).toBe(404)
    }
    dropStatusError(consoleErrors, 404)
  })
})

type Registration = {
  company?: string
  name?: string
  surname?: string
  email: string
  phone: string
  source?: string
}

async function fillCommon(page: Page, r: Registration) {
  await page.locator('#register-company_name').fill(r.company ?? 'Silk Road Ventures')
  await page.locator('#register-name').fill(r.name ?? 'Aziza')
  await page.locator('#register-surname').fill(r.surname ?? 'Karimova')
  await page.locator('#register-email').fill(r.email)
  await page.locator('#register-phone').fill(r.phone)
  await page.locator('#register-source').selectOption(r.source ?? 'forum')
}

const unique = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

test.describe('registration forms', () => {
  test('a non-resident investor fixes the errors the form lists, then is registered', async ({ page }) => {
    await page.goto(href('guide-register-investor', { locale: 'en' }))
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Send registration' }).click()
    const summary = page.locator('.error-summary')
    await expect(summary).toBeFocused()
    await expect(
      summary.getByRole('link', { name: 'Residency: Choose whether you are a resident of Uzbekistan.' }),
    ).toBeVisible()
    await expect(page.locator('#register-company_name-error')).toContainText('Fill in this field.')
    await checkA11y(page)

    await expect(page.locator('#register-country_id')).toBeHidden()
    await page.getByLabel('Non-resident (foreign citizen or company)').check()
    await expect(page.locator('#register-country_id')).toBeVisible()
    await expect(page.locator('#register-pin')).toBeHidden()
    await fillCommon(page, { email: 'not-an-email', phone: '+49 30 1234 5678' })
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page.locator('#register-email-error')).toContainText('Enter an e-mail address like name@example.com.')
    await expect(page.locator('#register-country_id-error')).toContainText('Choose your country.')

    await page.locator('#register-country_id').selectOption(String(GERMANY.id))
    await page.locator('#register-email').fill(unique('investor'))
    await page.locator('#register-source_variant').fill('Tashkent International Investment Forum')
    await page.locator('#register-comments').fill('Solar generation in Navoi region, around USD 20 million.')
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page).toHaveURL(href('success-registration', { locale: 'en' }))
  })

  test("the form's code loads as the form nears the viewport, not with the first view", async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/registration-form-[^/]*\.js$/.test(request.url())) chunks.push(request.url())
    })
    await page.goto(href('guide-register-business', { locale: 'en' }))
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(chunks).toEqual([])
    // The hero's link to the form.
    await page.getByRole('link', { name: 'Go to the form' }).click()
    await expect.poll(() => chunks.length).toBe(1)
    await waitForHydratedElement(page.locator('#registration form'))
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page.locator('.error-summary')).toBeFocused()
  })

  // Residents open their accounts through OneID (docs/decisions/0049-identity-from-oneid.md): choosing "resident"
  // offers the OneID button for the form's role and hides the rest of the form; no PINFL or TIN is typed.
  test('a resident investor is sent to OneID instead of filling the form', async ({ page }) => {
    await page.goto(href('guide-register-investor', { locale: 'ru' }))
    await waitForHydration(page)
    await page.getByLabel('Резидент Узбекистана').check()
    const oneId = page.getByRole('link', { name: 'Зарегистрироваться через OneID' })
    await expect(oneId).toBeVisible()
    await expect(oneId).toHaveAttribute('href', href('one-id', { locale: 'ru', query: { role: 'investor' } }))
    await expect(page.getByRole('button', { name: 'Отправить заявку' })).toBeHidden()
    await expect(page.locator('#register-pin')).toHaveCount(0)
    // Changing one's mind brings the form back.
    await page.getByLabel('Нерезидент (иностранный гражданин или компания)').check()
    await expect(page.getByRole('button', { name: 'Отправить заявку' })).toBeVisible()
    await expect(oneId).toBeHidden()
  })

  test('a resident business is sent to OneID with the businessman role', async ({ page }) => {
    await page.goto(href('guide-register-business', { locale: 'uz' }))
    await expect(page.locator('main h1')).toHaveText(pageTitle('guide-register-business', 'uz'))
    await waitForHydration(page)
    await page.getByLabel('Oʻzbekiston rezidenti').check()
    const oneId = page.getByRole('link', { name: 'OneID orqali roʻyxatdan oʻtish' })
    await expect(oneId).toHaveAttribute('href', href('one-id', { locale: 'uz', query: { role: 'businessmen' } }))
    await expect(page.getByRole('button', { name: 'Arizani yuborish' })).toBeHidden()
    await expect(page.locator('#register-tin')).toHaveCount(0)
    await checkA11y(page)
  })

  test('a non-resident business registers with its contacts only', async ({ page }) => {
    await page.goto(href('guide-register-business', { locale: 'en' }))
    await waitForHydration(page)
    await page.getByLabel('Non-resident (foreign citizen or company)').check()
    await expect(page.locator('#register-tin')).toBeHidden()
    await fillCommon(page, {
      company: 'Anatolia Textiles A.S.',
      email: unique('business'),
      phone: '902125550101',
      source: 'linkedin',
    })
    await page.locator('#register-legal_address').fill('Buyukdere Cd. 100, Istanbul, Turkey')
    await page.locator('#register-website').fill('anatolia-textiles.example')
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page).toHaveURL(href('success-registration', { locale: 'en' }))
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('guide, sector and project pages show their whole content', async ({ page }) => {
    await page.goto(href('guide-privatization', { locale: 'en' }))
    await expect(page.locator('.guide-article .prose h2').first()).toBeVisible()
    await page.goto(href('sector', { locale: 'ru', params: { sector: 'energy' } }))
    await expect(page.locator('.guide-figures .stat-block').first()).toBeVisible()
    await expect(page.locator('.guide-article .prose h2').first()).toBeVisible()
    await page.goto(href('project', { locale: 'en', params: { id: String(PROJECT.id) } }))
    await expect(page.locator('.guide-project__main .prose')).toBeVisible()
    await page.goto(href('guide-project', { locale: 'en' }))
    await expect(page.locator('#open-projects .card').first()).toBeVisible()
    await expect(page.locator('.skeleton-region')).toHaveCount(0)
  })

  test('the filter form submits as a GET and keeps the filters in the URL; pagination is plain links', async ({
    page,
  }) => {
    const category = href('project-category', { locale: 'en', params: { id: String(CATEGORY.id) } })
    await page.goto(category)
    await page.locator('#filter-status').selectOption('open_for_investment')
    await page.getByRole('button', { name: 'Show projects' }).click()
    await expect(page).toHaveURL(/[?&]status=open_for_investment(&|$)/)
    const open = inCategory.filter((p) => p.status === 'open_for_investment')
    await expect(page.locator('.guide-results__count')).toHaveText(`Projects found: ${open.length}`)
    expect(sorted(await cardTitles(page))).toEqual(sorted(open.map((p) => p.title.en)))
    await expect(page.locator('#filter-status')).toHaveValue('open_for_investment')
    await page.locator('#filter-status').selectOption('under_negotiation')
    await page.getByRole('button', { name: 'Show projects' }).click()
    await expect(page.locator('.guide-results .card__title')).toHaveText(
      inCategory.filter((p) => p.status === 'under_negotiation').map((p) => p.title.en),
    )

    await page.locator('.guide-filters').getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(category)
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(`${category}?page=1`)
    await expect(page.locator('.guide-results .card')).toHaveCount(inCategory.length - 6)
  })

  test('the investor form reveals the country with CSS, lists errors from the edge, then registers', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(href('guide-register-investor', { locale: 'en' }))
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page.locator('.error-summary')).toBeVisible()
    await expect(page.locator('#register-is_resident-error')).toContainText(
      'Choose whether you are a resident of Uzbekistan.',
    )
    dropStatusError(consoleErrors, 422)
    await expect(page.locator('#register-country_id')).toBeHidden()
    await page.getByLabel('Non-resident (foreign citizen or company)').check()
    await expect(page.locator('#register-country_id')).toBeVisible()
    await page.locator('#register-country_id').selectOption(String(GERMANY.id))
    await fillCommon(page, { email: unique('nojs.investor'), phone: '493012345678' })
    await page.getByRole('button', { name: 'Send registration' }).click()
    await expect(page).toHaveURL(href('success-registration', { locale: 'en' }))
  })

  test('the business form keeps the values after an error, and refuses a resident post with the way to OneID', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(href('guide-register-business', { locale: 'ru' }))
    await page.getByLabel('Нерезидент (иностранный гражданин или компания)').check()
    await fillCommon(page, { email: unique('nojs.business'), phone: 'call me' })
    await page.getByRole('button', { name: 'Отправить заявку' }).click()
    await expect(page.locator('.error-summary')).toBeVisible()
    await expect(page.locator('#register-phone-error')).toBeVisible()
    dropStatusError(consoleErrors, 422)
    await expect(page.locator('#register-company_name')).toHaveValue('Silk Road Ventures')
    await expect(page.getByLabel('Нерезидент (иностранный гражданин или компания)')).toBeChecked()
    // A resident's post (an old bookmark, a form without CSS) is refused at the residency and names OneID.
    await page.getByLabel('Резидент Узбекистана').check()
    await page.evaluate(() => (document.querySelector('form.guide-form') as HTMLFormElement).submit())
    await expect(page.locator('#register-is_resident-error')).toContainText('OneID')
    await expect(page.getByRole('link', { name: 'Зарегистрироваться через OneID' })).toBeVisible()
    dropStatusError(consoleErrors, 422)
    await page.getByLabel('Нерезидент (иностранный гражданин или компания)').check()
    await page.locator('#register-phone').fill('998901112233')
    await page.getByRole('button', { name: 'Отправить заявку' }).click()
    await expect(page).toHaveURL(href('success-registration', { locale: 'ru' }))
  })
})
