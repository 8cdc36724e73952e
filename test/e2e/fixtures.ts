/**
 * Playwright fixtures: every test fails on a console error, an uncaught page error or a hydration warning (React's
 * recoverable errors, which the entry logs as warnings: a page whose markup the browser drew differently); `checkA11y`
 * runs axe.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type Frame, type Locator, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

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

/**
 * Options for reading the local outbox (`/_dev/outbox`, idempotent): a request on a kept-alive connection the server is
 * closing at that moment fails with ECONNRESET, which Playwright's request client retries only when asked.
 */
export const OUTBOX_READ = { maxRetries: 2 }

/**
 * axe's minified build (650 KB), put into a document once. `@axe-core/playwright` sent the unminified source (1.5 MB)
 * twice per check, and the renderer parsed it each time: half of a check's CPU went to that
 * (docs/performance.md#test-suite-time).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
}

/** Puts axe into a frame unless it is there already (a second check on the same document). */
async function injectAxe(frame: Frame) {
  if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) return
  await frame.evaluate(`${AXE_SOURCE}\n;axe.configure({ allowedOrigins: ['<same_origin>'] })`)
}

/** Fails on any WCAG 2.2 AA violation axe can detect. */
export async function checkA11y(page: Page) {
  // Contrast is judged on settled toasts, not mid fade-in.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((t) => getComputedStyle(t).opacity === '1'),
  )
  // One run in the page (`axe.run`, which asks the frames' own axe for their part) rather than a partial run per frame
  // finished in a new blank page, which loaded axe a second time in a page of its own: half the time for the same
  // results, on a portal with no frames (docs/performance.md#test-suite-time). A frame axe cannot enter (gone, or
  // another site's) is left to axe, which reports it as not tested.
  const main = page.mainFrame()
  await injectAxe(main)
  const frames = page.frames().filter((frame) => frame !== main)
  await Promise.all(frames.map((frame) => injectAxe(frame).catch(() => {})))
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }
    const results = await axe.run(document, options)
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)
  }, AXE_OPTIONS)
  expect(violations).toEqual([])
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
