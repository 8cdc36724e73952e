/** The one toast region (docs/product.md#toasts): labelled, reachable with Alt+T, with the spec's layout values. */
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'
import { dropStatusError, findDemoAccount, href, SWR_FOCUS_THROTTLE_MS, signInFromPage } from './support'

const locale = 'en'
const investor = findDemoAccount({ role: 'investor', is_resident: false })

/** An empty live region until the first toast, which loads sonner and its region (keeping both out of a first view). */
const region = (page: Page) => page.locator('section[aria-label^="Notifications"]')
const toaster = (page: Page) => page.locator('ol[data-sonner-toaster]')
/**
 * SWR ignores a focus that comes within `focusThrottleInterval` of the hook's mount or last focus revalidation (5 s by
 * default, which the bell keeps); past it, a focus makes the bell ask again.
 */

/**
 * The profile page as the signed-in investor sees it once settled: hydrated, and its bell (which mounts a moment after
 * hydration) has had its first answer, so that a later request of the page is one the test caused.
 */
async function openProfileSignedIn(page: Page) {
  await page.goto(href('home', { locale }))
  await waitForHydration(page)
  await signInFromPage(page, investor)
  const bellAnswered = page.waitForResponse((res) => res.url().includes('/gateway/siw/notification') && res.ok())
  await page.goto(href('profile', { locale }))
  await waitForHydration(page)
  await bellAnswered
}

test('the toast region is a labelled landmark in the page language', async ({ page }) => {
  await page.goto(href('search', { locale }))
  await waitForHydration(page)
  await expect(region(page)).toHaveCount(1)
  await expect(region(page)).toHaveAttribute('aria-label', /^Notifications alt\+T$/)
  await expect(region(page)).toHaveAttribute('aria-live', 'polite')

  await page.goto(href('search', { locale: 'ru' }))
  await waitForHydration(page)
  await expect(page.locator('section[aria-label^="Уведомления"]')).toHaveCount(1)
})

test('a success toast appears bottom-right with the spec values, and Alt+T moves focus to it', async ({ page }) => {
  await openProfileSignedIn(page)
  await expect(region(page)).toHaveCount(1)
  await page.getByRole('button', { name: 'Refresh' }).click()

  const toast = toaster(page).locator('li[data-sonner-toast]')
  await expect(toast).toHaveCount(1)
  await expect(toast).toHaveAttribute('data-type', 'success')
  await expect(toast).toContainText('Your data has been updated.')

  const list = toaster(page)
  await expect(list).toHaveAttribute('data-y-position', 'bottom')
  await expect(list).toHaveAttribute('data-x-position', 'right')
  // sonner's own rules arrive with the inlined stylesheet, not injected by sonner.
  await expect(list).toHaveCSS('position', 'fixed')
  await expect(toast).toHaveCSS('position', 'absolute')
  const style = await list.evaluate((el) => {
    const s = (el as HTMLElement).style
    return {
      width: s.getPropertyValue('--width'),
      gap: s.getPropertyValue('--gap'),
      bottom: s.getPropertyValue('--offset-bottom'),
      right: s.getPropertyValue('--offset-right'),
    }
  })
  expect(style).toEqual({ width: '356px', gap: '14px', bottom: '32px', right: '32px' })

  await expect(list).not.toBeFocused()
  await expect(toast).toHaveAttribute('data-expanded', 'false')
  await page.keyboard.press('Alt+KeyT')
  await expect(list).toBeFocused()
  await expect(toast).toHaveAttribute('data-expanded', 'true')
})

test('gateway failures the page reports show the translated unauthorized toast, once for failures that come together', async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install()
  await openProfileSignedIn(page)
  await expect(region(page)).toHaveCount(1)
  // The session ends elsewhere (the token is revoked and the cookie cleared by the edge); the page does not know yet.
  const status = await page.evaluate(async () => {
    const res = await fetch('/gateway/core/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    return res.status
  })
  expect(status).toBe(200)
  // The focus below comes after SWR's focus throttle, as it would for a visitor who comes back to the tab later: the
  // page's clock moves on past it.
  await page.clock.fastForward(SWR_FOCUS_THROTTLE_MS + 300)
  // Several requests fail together (the page refreshes while focus revalidates the bell and the profile): one toast.
  // The first refusal also ends the session in the page, which then goes to sign-in; the toast stays.
  const failures = page.waitForResponse((res) => res.status() === 401 && res.url().includes('/gateway/'))
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await failures

  const toast = toaster(page).locator('li[data-sonner-toast]')
  await expect(toast).toHaveCount(1)
  await expect(toast).toHaveAttribute('data-type', 'error')
  await expect(toast).toContainText('Your session has ended. Please sign in again.')
  dropStatusError(consoleErrors, 401)
})
