/**
 * A complete document inlines only the CSS rules its own elements can match, and the browser links the whole sheets
 * at the reader's first interaction (docs/architecture.md): the page must look exactly the same before and after.
 */
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'
import { href } from './support'

/** Every element's box and the computed properties a missing rule would change. */
const snapshot = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'), (el) => {
      const r = el.getBoundingClientRect()
      const s = getComputedStyle(el)
      return [
        el.tagName,
        el.className && String(el.className),
        Math.round(r.x),
        Math.round(r.y),
        Math.round(r.width),
        Math.round(r.height),
        s.color,
        s.backgroundColor,
        s.fontSize,
        s.fontWeight,
        s.display,
        s.borderTopWidth,
      ].join(' ')
    }),
  )

const pages = [
  ['home', href('home', { locale: 'en' })],
  ['news list', href('media', { locale: 'en', params: { id: 'news' } })],
  ['post', href('post', { locale: 'en', params: { id: '1' } })],
  ['about', href('about', { locale: 'ru' })],
  ['service catalogue', href('service-category-index', { locale: 'uz' })],
  ['sign-in', href('sign-in', { locale: 'en', query: { role: 'investor' } })],
] as const

for (const [name, path] of pages) {
  test(`the ${name} page looks the same with the rules the edge inlined as with the whole sheets`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(path)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const before = await snapshot(page)
    // Before it, only the print sheet is linked (docs/product.md#print), which the screen does not use.
    const links = page.locator('head link[rel="stylesheet"]:not([media="print"])')
    await expect(links).toHaveCount(0)
    // The first interaction links the whole sheets.
    await page.keyboard.press('Shift')
    await expect.poll(() => links.count()).toBeGreaterThan(0)
    await page.waitForLoadState('networkidle')
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(
            document.querySelectorAll('head link[rel="stylesheet"]'),
            (l) => (l as HTMLLinkElement).sheet !== null,
          ).every(Boolean),
        ),
      )
      .toBe(true)
    expect(await snapshot(page)).toEqual(before)
  })
}
