/**
 * Bot-protection plumbing (docs/product.md#bot-protection): with a provider and site key in the public config,
 * protected forms load the vendor
 * script on demand and send its token as `hash`. The vendor cannot be reached here, so its script is replaced at the
 * network boundary by a fake that calls the real client code's callbacks; the page's embedded config is switched on
 * the same way.
 */
import type { Page, Request } from '@playwright/test'
import { BUSINESSMAN, uniqueIp } from './account-support'
import { expect, test, waitForHydration } from './fixtures'
import { dropExpectedErrors, href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

const TURNSTILE = 'https://challenges.cloudflare.com/turnstile/v0/api.js**'
const RECAPTCHA = 'https://www.google.com/recaptcha/api.js**'

/** Serves the portal's documents with bot protection configured in the embedded public config. */
async function configureBot(page: Page, provider: 'turnstile' | 'recaptcha') {
  await page.route(
    (url) => url.pathname.startsWith('/en/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const body = (await response.text()).replace(
        '"botProvider":null,"botSiteKey":null',
        `"botProvider":"${provider}","botSiteKey":"test-site-key"`,
      )
      await route.fulfill({ response, body })
    },
  )
}

/** The multipart body of the page action's POST, as text. */
function postBody(request: Request): string {
  return request.postDataBuffer()?.toString('utf8') ?? ''
}

test('Turnstile: the script loads only on a protected form and its token for "signin" travels as hash', async ({
  page,
}) => {
  await configureBot(page, 'turnstile')
  const vendorRequests: string[] = []
  await page.route(TURNSTILE, async (route) => {
    vendorRequests.push(route.request().url())
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.turnstile = {
        render(container, options) {
          if (!(container instanceof HTMLElement) || options.sitekey !== 'test-site-key') throw new Error('bad render call')
          setTimeout(() => options.callback('turnstile-token-for-' + options.action), 20)
          return 'widget-1'
        },
        execute() {},
        remove(id) { window.__removed = id },
      }`,
    })
  })

  await page.goto(href('search', { locale: 'en' }))
  await waitForHydration(page)
  expect(vendorRequests).toEqual([])

  await page.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen' } }))
  await waitForHydration(page)
  await expect.poll(() => vendorRequests.length).toBe(1)
  expect(vendorRequests[0]).toContain('render=explicit')

  await page.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await page.locator('input[name="password"]').fill(BUSINESSMAN.password)
  const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/auth/sign-in'))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  expect(postBody(await post)).toContain('turnstile-token-for-signin')
  await page.waitForURL(/\/en\/profile$/)
  expect(await page.evaluate(() => (window as unknown as { __removed?: string }).__removed)).toBe('widget-1')
})

test('reCAPTCHA v3: the site key is in the script URL and the token for "sendnewpassword" travels as hash', async ({
  page,
}) => {
  await configureBot(page, 'recaptcha')
  let scriptUrl = ''
  await page.route(RECAPTCHA, async (route) => {
    scriptUrl = route.request().url()
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.grecaptcha = {
        ready(cb) { setTimeout(cb, 10) },
        execute(key, options) { return Promise.resolve('recaptcha-' + key + '-' + options.action) },
      }`,
    })
  })
  await page.goto(href('forgot-password', { locale: 'en', query: { role: 'investor' } }))
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill(`nobody-${Date.now()}@demo.invest.example`)
  const post = page.waitForRequest((r) => r.method() === 'POST')
  await page.getByRole('button', { name: 'Send the link' }).click()
  expect(postBody(await post)).toContain('recaptcha-test-site-key-sendnewpassword')
  expect(scriptUrl).toContain('render=test-site-key')
  await expect(page.getByText('Check your e-mail')).toBeVisible()
})

test('when the vendor cannot be reached the form still posts (with an empty token) and the gateway decides', async ({
  page,
  consoleErrors,
}) => {
  await configureBot(page, 'turnstile')
  await page.route(TURNSTILE, (route) => route.abort('internetdisconnected'))
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'businessmen' } }))
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill(BUSINESSMAN.email)
  await page.locator('input[name="password"]').fill(BUSINESSMAN.password)
  const post = page.waitForRequest((r) => r.method() === 'POST')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  expect(postBody(await post)).toMatch(/name="hash"\r\n\r\n\r\n/)
  // This gateway has no bot secret, so it does not verify and the sign-in goes through.
  await page.waitForURL(/\/en\/profile$/)
  dropExpectedErrors(consoleErrors, /ERR_INTERNET_DISCONNECTED|challenges\.cloudflare\.com/)
})
