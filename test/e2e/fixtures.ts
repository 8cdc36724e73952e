/**
 * Playwright fixtures: every test fails on a console error, an uncaught page error or a hydration warning (React's
 * recoverable errors, which the entry logs as warnings: a page whose markup the browser drew differently); `checkA11y`
 * runs axe.
 */
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'

/** React's messages when hydration did not match the server's markup. */
export const HYDRATION_WARNING = /hydrat|recoverable|did not match|server rendered/i

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
        else if (msg.type() === 'warning' && HYDRATION_WARNING.test(msg.text())) errors.push(`warning: ${msg.text()}`)
      })
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
      await use(errors)
      expect(errors, 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Fails on any WCAG 2.2 AA violation axe can detect. */
export async function checkA11y(page: Page) {
  // Contrast is judged on settled toasts, not mid fade-in.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((t) => getComputedStyle(t).opacity === '1'),
  )
  // One run in the page (`axe.run`) rather than a partial run per frame finished in a new blank page, which loaded axe
  // a second time in a page of its own: half the time for the same results, on a portal with no frames
  // (docs/performance.md#test-suite-time).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}

/** Resolves once React has hydrated the document (the entry marks <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
}

/**
 * Resolves once React owns the element: a lazily loaded section (its own chunk, its own Suspense boundary) hydrates
 * after the document does, and a click before that is a plain link.
 */
export async function waitForHydratedElement(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))), {
      timeout: 10_000,
    })
    .toBe(true)
}
