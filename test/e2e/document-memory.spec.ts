/**
 * The edge remembers a complete public document while its data is in the isolate's memory (docs/architecture.md):
 * a reader asking again gets the same document, under a CSP nonce of its own.
 */
import { expect, test } from './fixtures'
import { href } from './support'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

test('a public page asked for again answers the same document with a nonce of its own in the header and on every script', async ({
  request,
}) => {
  const path = href('media', { locale: 'en', params: { id: 'news' } })
  const answers = []
  for (let i = 0; i < 3; i++) {
    const res = await request.get(path, { headers: { 'user-agent': BROWSER } })
    expect(res.status()).toBe(200)
    const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    const html = await res.text()
    const scriptNonces = [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1])
    expect(scriptNonces.length).toBeGreaterThan(0)
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
    answers.push({ nonce: nonce!, html: html.replaceAll(nonce!, 'NONCE') })
  }
  expect(new Set(answers.map((a) => a.nonce)).size).toBe(3)
  expect(answers[1]!.html).toBe(answers[0]!.html)
  expect(answers[2]!.html).toBe(answers[0]!.html)
})

test('a signed-in reader never gets a remembered document: the header says who is signed in', async ({ page }) => {
  await page.goto(href('sign-in', { locale: 'en', query: { role: 'investor' } }))
  await page.request.get(href('about', { locale: 'en' }))
  await page.request.get(href('about', { locale: 'en' }))
  await page.locator('input[name="email"]').fill('investor@demo.invest.example')
  await page.locator('input[name="password"]').fill('Investor#2026')
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL(/\/en\/profile$/)
  await page.goto(href('about', { locale: 'en' }))
  await expect(page.locator('header .account-menu__toggle')).toBeVisible()
})
