/**
 * Server-rendered pages hydrate cleanly in every language, with the right document metadata (docs/product.md#locale).
 */
import type { Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import type { RouteId } from '../../shared/routing/routes'
import { checkA11y, expect, HYDRATION_WARNING, test, waitForHydratedElement, waitForHydration } from './fixtures'
import { href, isSameDocument, markDocument } from './support'

type Sample = { name: string; id: RouteId; params?: Record<string, string> }

/**
 * The pages drawn with dates, whose words and numbers the browser formats after hydration in the page's language:
 * hydrated here in every language. Every other page is checked wherever a test opens it, since every test fails on a
 * hydration warning (`fixtures.ts`): the about page below, the guides, services and sign-in in their own specs
 * (docs/performance.md#test-suite-time).
 */
const SAMPLES: readonly Sample[] = [
  { name: 'home', id: 'home' },
  { name: 'media news list', id: 'media', params: { id: 'news' } },
  { name: 'a post', id: 'post', params: { id: '1' } },
  { name: 'event list', id: 'event-list' },
]

for (const locale of LOCALES) {
  for (const sample of SAMPLES) {
    test(`${sample.name} in ${locale} answers 200 and hydrates without console errors or hydration warnings`, async ({
      page,
    }) => {
      const warnings: string[] = []
      let onWarning: () => void = () => undefined
      const warned = new Promise<void>((resolve) => (onWarning = resolve))
      page.on('console', (msg) => {
        if (msg.type() !== 'warning' || !HYDRATION_WARNING.test(msg.text())) return
        warnings.push(msg.text())
        onWarning()
      })
      const path = href(sample.id, { locale, params: sample.params })
      const res = await page.goto(path)
      expect(res?.status()).toBe(200)
      // A mismatch makes React re-render the document, which can drop the hydration mark: report the mismatch itself.
      await Promise.race([waitForHydration(page), warned])
      expect(warnings).toEqual([])
      await waitForHydration(page)
      await expect(page.locator('main h1')).toBeVisible()
      expect(warnings).toEqual([])
    })
  }

  test(`the ${locale} document declares its language, canonical URL and hreflang alternates`, async ({
    page,
    baseURL,
  }) => {
    const path = href('about', { locale })
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', baseURL + path)
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
      )
    const expected: Record<string, string> = { 'x-default': `${baseURL}/about` }
    for (const l of LOCALES) expected[l] = baseURL + href('about', { locale: l as Locale })
    expect(alternates).toEqual(expected)
  })

  // In English, `public-site.spec.ts` checks both.
  if (locale !== 'en')
    test(`the ${locale} home and about pages have no axe violations`, async ({ page }) => {
      for (const id of ['home', 'about'] as const) {
        await page.goto(href(id, { locale }))
        await waitForHydration(page)
        await checkA11y(page)
      }
    })
}

// A second copy of the rules, or a sheet added after paint, restyles the whole page while it becomes interactive.
/** The document's stylesheets in order: element, file (or inline) and, for a sheet with a media query, that query. */
const sheetsOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.styleSheets,
      (s) => `${s.ownerNode?.nodeName} ${s.href ?? 'inline'}${s.media.mediaText ? ` ${s.media.mediaText}` : ''}`,
    ),
  )
/** The shell's whole sheet, linked for print: the first view inlines no print rules (docs/product.md#print). */
const printSheet = (page: Page) =>
  page.evaluate(
    () =>
      `LINK ${new URL(JSON.parse(document.getElementById('__STATE__')!.textContent!).assets.shellCss, location.href).href} print`,
  )

test('the stylesheets the edge inlines (shell and site area), and the shell for print, stay the only ones once the lazy map and the toast region have loaded', async ({
  page,
}) => {
  await page.goto(href('home', { locale: 'en' }))
  await waitForHydration(page)
  // The map hydrates when its section nears the viewport.
  await page.locator('#regions').scrollIntoViewIfNeeded()
  await waitForHydratedElement(page.locator('.region-map__svg a').first())
  await expect(page.locator('section[aria-label^="Notifications"]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  expect(await sheetsOf(page)).toEqual(['STYLE inline', 'STYLE inline', await printSheet(page)])
})

test("a client navigation to the rich post body links the shell's whole sheet once, right after the rules the edge inlined, and no other", async ({
  page,
}) => {
  await page.goto(href('media', { locale: 'en', params: { id: 'news' } }))
  await waitForHydration(page)
  const first = page.locator('main a[href^="/en/post/"]').first()
  // The list is a static section: its links navigate through its element's delegated handler.
  await waitForHydratedElement(page.locator('div.static-section:has(main)'))
  await markDocument(page)
  await first.click()
  await expect(page.locator('main .prose').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await isSameDocument(page)).toBe(true)
  // The list inlined only the rules its own elements use; the page drawn in the browser may need any of the shell's.
  const shell = await page.evaluate(
    () => JSON.parse(document.getElementById('__STATE__')!.textContent!).assets.shellCss as string,
  )
  expect(await sheetsOf(page)).toEqual([
    'STYLE inline',
    `LINK ${new URL(shell, page.url()).href}`,
    await printSheet(page),
  ])
})

test("a server-only page hydrates without its own code, and a client navigation back to it draws it from its body's chunk", async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(href('about', { locale: 'en' }))
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  const assets = await page.evaluate(
    () =>
      JSON.parse(document.getElementById('__STATE__')!.textContent!).assets as { page: string; serverOnly: boolean },
  )
  expect(assets.serverOnly).toBe(true)
  // The document names the body's chunk, which the browser leaves alone while it adopts the edge's page.
  expect(scripts).not.toContain(assets.page)
  await waitForHydratedElement(page.locator('div.static-section:has(main)'))
  await markDocument(page)
  await page.locator('main a[href="/en/contacts"]').first().click()
  await expect(page).toHaveURL(/\/en\/contacts$/)
  await page.goBack()
  await expect(page.locator('main h1')).toBeVisible()
  await expect(page).toHaveTitle(/About/)
  expect(await isSameDocument(page)).toBe(true)
  // Request events reach the test after the page has used the chunk: wait for the event, not only the page.
  await expect.poll(() => scripts).toContain(assets.page)
})

test('the header and regions map the edge repeats from its memory hydrate as drawn: the menu opens and the map selects', async ({
  page,
}) => {
  // A query the home route does not declare is rendered for every request: the second render repeats the live parts
  // the first remembered (docs/decisions/0057-section-memory.md#live-parts). Any hydration warning fails the test.
  const path = href('home', { locale: 'en', query: { campaign: `live-${Date.now().toString(36)}` } })
  await page.goto(path)
  await waitForHydration(page)
  await page.goto(path)
  await waitForHydration(page)
  const menu = page.locator('.mega-nav').getByRole('button', { name: 'Investor guide' })
  await waitForHydratedElement(menu)
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  // The panel the browser draws has the id the edge's button names: React's ids agree between the two.
  const controls = await menu.getAttribute('aria-controls')
  await expect(page.locator(`[id="${controls}"]`)).toBeVisible()
  await page.keyboard.press('Escape')
  const map = page.locator('.region-map__svg')
  await map.scrollIntoViewIfNeeded()
  const andijan = map.locator('a[href*="region=1703"]')
  await waitForHydratedElement(andijan)
  await andijan.click()
  await expect(andijan).toHaveAttribute('aria-current', 'true')
})
