/**
 * Render errors in the browser (docs/product.md#render-errors): a page whose data makes a component throw shows the
 * translated error screen with its go-home button, never an empty page; a document whose hydration throws shows the
 * 404 page; a client navigation away recovers without a reload. The data is broken at the network boundary: the
 * `_payload.json` of a client navigation, or the state the document embeds.
 */
import fs from 'node:fs'
import type { Page, Route } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import { checkA11y, expect, test, waitForHydratedElement, waitForHydration } from './fixtures'
import { href, isSameDocument, markDocument, readServerTitle } from './support'

type Messages = {
  site: { name: string }
  errors: { goHome: string; render_failed: string; page_not_found: string }
  states: { error: { render: string; retry: string } }
}
const messages = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(fs.readFileSync(new URL(`../../locales/${l}.json`, import.meta.url), 'utf8')) as Messages,
  ]),
) as Record<Locale, Messages>

type Payloads = Record<string, { ok: boolean; envelope?: { content?: { files?: unknown } } }>

/** A gallery whose `files` is a number: the gallery page maps over its files, so drawing it throws a TypeError. */
function breakGalleries(payloads: Payloads) {
  for (const [key, entry] of Object.entries(payloads))
    if (key.includes('/gallery/') && entry.envelope?.content) entry.envelope.content.files = 5
}

/** The one console error the broken page writes: React logs the error a boundary caught, once. */
const THROWN = /^TypeError: .*\.map is not a function/

/** Removes the one expected console error (the fixture fails on any other) and checks it was written exactly once. */
function expectOneRenderError(errors: string[]) {
  expect(
    errors.filter((e) => THROWN.test(e)),
    'the render error, written once',
  ).toHaveLength(1)
  errors.splice(
    errors.findIndex((e) => THROWN.test(e)),
    1,
  )
}

/**
 * Removes React's report that hydration failed and the browser drew the part itself (a recoverable error, which the
 * entry logs as a warning and the fixture fails on elsewhere), checking it was written.
 */
function expectHydrationGaveUp(errors: string[]) {
  const recoverable = errors.filter((e) => e.startsWith('warning: Recoverable render error'))
  expect(recoverable.length, 'React’s report that hydration gave way to a client render').toBeGreaterThan(0)
  errors.splice(0, errors.length, ...errors.filter((e) => !recoverable.includes(e)))
}

/** Answers a gallery's `_payload.json` with the real answer, its gallery broken. */
async function breakGalleryPayloads(page: Page) {
  await page.route('**/gallery/*/_payload.json*', async (route: Route) => {
    const response = await route.fetch()
    const payload = (await response.json()) as { payloads: Payloads }
    breakGalleries(payload.payloads)
    await route.fulfill({ response, json: payload })
  })
}

/**
 * Serves a document with the gallery in its embedded state broken: the edge drew it whole, the browser cannot hydrate
 * it.
 */
async function breakEmbeddedGallery(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      const response = await route.fetch()
      const html = await response.text()
      const broken = html.replace(
        /(<script type="application\/json" id="__STATE__"[^>]*>)([\s\S]*?)(<\/script>)/,
        (_, open: string, text: string, close: string) => {
          const state = JSON.parse(text) as { payloads: Payloads }
          breakGalleries(state.payloads)
          return open + JSON.stringify(state).replace(/</g, '\\u003c') + close
        },
      )
      expect(broken, 'the document embeds its state').not.toBe(html)
      await route.fulfill({ response, body: broken })
    },
  )
}

/** Goes home with the error screen's button, on the client, and checks the home page came back in the same document. */
async function goHomeAndRecover(page: Page, locale: Locale) {
  const home = href('home', { locale })
  const title = await readServerTitle(page, home)
  await page.getByRole('link', { name: messages[locale].errors.goHome }).click()
  await expect(page).toHaveURL(home)
  await expect(page).toHaveTitle(title)
  await expect(page.locator('.error-screen')).toHaveCount(0)
  await expect(page.locator('main h1')).toBeVisible()
  expect(await isSameDocument(page)).toBe(true)
}

/**
 * Each failure is shown in one language, a different one for each: what recovers is the same in every language, and
 * every language has each text the screens show (`test/locales.test.ts`) (docs/performance.md#test-suite-time).
 */
const [THROWING_PAGE, THROWING_HYDRATION, THROWING_SECTION] = LOCALES

{
  const locale = THROWING_PAGE
  const t = messages[locale]

  test(`in ${locale}, a page whose data makes a component throw shows the translated error screen with the go-home button, and going home recovers without a reload`, async ({
    page,
    consoleErrors,
  }) => {
    const list = href('media', { locale, params: { id: 'gallery' } })
    await page.goto(list)
    await waitForHydration(page)
    // The list is a static section: its links navigate through its element's delegated handler.
    await waitForHydratedElement(page.locator('div.static-section:has(main)'))
    await markDocument(page)
    await breakGalleryPayloads(page)
    // Any gallery of the list: its path is the gallery route's up to the id.
    const galleries = href('gallery', { locale, params: { id: '1' } }).slice(0, -1)
    const link = page.locator(`main a[href^="${galleries}"]`).first()
    const target = await link.getAttribute('href')
    await link.click()
    await expect(page).toHaveURL(target!)
    await expect(page.locator('.error-screen__code')).toHaveText('500')
    await expect(page.locator('main h1')).toContainText(t.errors.render_failed)
    await expect(page).toHaveTitle(`500 — ${t.site.name}`)
    await expect(page.getByRole('link', { name: t.errors.goHome })).toHaveAttribute('href', href('home', { locale }))
    expect(await isSameDocument(page)).toBe(true)
    await checkA11y(page)
    expectOneRenderError(consoleErrors)
    await goHomeAndRecover(page, locale)
  })
}

{
  const locale = THROWING_HYDRATION
  const t = messages[locale]

  test(`in ${locale}, a document whose hydration throws shows the 404 page, and a navigation away recovers without a reload`, async ({
    page,
    consoleErrors,
  }) => {
    const gallery = href('gallery', { locale, params: { id: '1' } })
    await breakEmbeddedGallery(page, gallery)
    const res = await page.goto(gallery)
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.locator('.error-screen__code')).toHaveText('404')
    await expect(page.locator('main h1')).toContainText(t.errors.page_not_found.replace('{{path}}', gallery))
    await expect(page).toHaveURL(gallery)
    await markDocument(page)
    expectOneRenderError(consoleErrors)
    expectHydrationGaveUp(consoleErrors)
    await goHomeAndRecover(page, locale)
  })
}

/** The one console error a broken section writes: React logs the error its boundary caught, once. */
function expectOneSectionError(errors: string[], thrown: RegExp) {
  expect(
    errors.filter((e) => thrown.test(e)),
    'the section’s render error, written once',
  ).toHaveLength(1)
  errors.splice(
    errors.findIndex((e) => thrown.test(e)),
    1,
  )
}

{
  const locale = THROWING_SECTION
  const t = messages[locale]

  test(`in ${locale}, a lazily loaded section whose data makes it throw shows its own translated failure with a retry, and the page stays`, async ({
    page,
    consoleErrors,
  }) => {
    // The post's related list is loaded by the browser when it nears the viewport; its answer has a null post.
    let broken = true
    await page.route('**/gateway/siw/public/post?*', async (route: Route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { content: unknown[] }
      if (broken) body.content = [null, ...body.content]
      await route.fulfill({ response, json: body })
    })
    const post = href('post', { locale, params: { id: '1' } })
    await page.goto(post)
    await waitForHydration(page)
    const title = await page.locator('main h1').first().textContent()
    await page.locator('.related-posts').scrollIntoViewIfNeeded()
    const related = page.locator('.related-posts__list')
    await expect(related.getByRole('alert')).toContainText(t.states.error.render)
    await expect(page.locator('.error-screen')).toHaveCount(0)
    await expect(page.locator('main h1').first()).toHaveText(title!)
    await checkA11y(page)
    expectOneSectionError(consoleErrors, /TypeError: Cannot read properties of null/)
    // Drawn again with the upstream answering well: the cards come, on the same page.
    broken = false
    await markDocument(page)
    await related.getByRole('button', { name: t.states.error.retry }).click()
    await expect(related.locator('a[href*="/post/"]').first()).toBeVisible()
    await expect(related.getByRole('alert')).toHaveCount(0)
    expect(await isSameDocument(page)).toBe(true)
  })
}

test('a section hydrated later whose data makes it throw shows its failure in place; the rest of the page works', async ({
  page,
  consoleErrors,
}) => {
  const home = href('home', { locale: 'en' })
  // The map's section hydrates when it nears the viewport, from the regions the document streamed with it: broken.
  await page.route(
    (url) => url.pathname === home,
    async (route: Route) => {
      const response = await route.fetch()
      const html = await response.text()
      const broken = html.replace(
        /(<script type="application\/json" data-payload="[^"]*\/territory[^"]*">)([\s\S]*?)(<\/script>)/,
        (_, open: string, text: string, close: string) => {
          const entry = JSON.parse(text) as { envelope: { content: unknown } }
          entry.envelope.content = 5
          return open + JSON.stringify(entry) + close
        },
      )
      expect(broken, 'the document streams the map’s data').not.toBe(html)
      await route.fulfill({ response, body: broken })
    },
  )
  await page.goto(home)
  await waitForHydration(page)
  // The map hydrates when its section nears the viewport, after the page has.
  await page.locator('#regions').scrollIntoViewIfNeeded()
  await expect(page.locator('#regions').getByRole('alert')).toContainText(messages.en.states.error.render)
  await expect(page.locator('.error-screen')).toHaveCount(0)
  await expect(page.locator('main h1').first()).toBeVisible()
  expectOneSectionError(consoleErrors, /TypeError: .*\.map is not a function/)
  expectHydrationGaveUp(consoleErrors)
  // The rest of the page still works: a link below the map navigates on the client.
  await markDocument(page)
  await page.locator('main a[href="/en/contact-us"]').first().click()
  await expect(page).toHaveURL('/en/contact-us')
  expect(await isSameDocument(page)).toBe(true)
})
