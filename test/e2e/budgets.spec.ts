/**
 * The first-view budgets of content pages (test/bench/budgets.json), measured in Chromium on the production build:
 * the JavaScript a first view fetches until the network is idle (gzip as served), and the document itself (gzipped,
 * and its elements without JavaScript).
 */
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { expect, test } from './fixtures'
import { href, seed } from './support'

const budgets = JSON.parse(fs.readFileSync(new URL('../bench/budgets.json', import.meta.url), 'utf8')) as {
  firstView: { jsGzipBytes: number; document: { homeGzipBytes: number; homeElements: number; gzipBytes: number } }
}
const { jsGzipBytes, document: documents } = budgets.firstView
const locale = 'en'
/** A lot with photos, prices and contacts: the seed's first. */
const firstLot = seed<{ lot_number: string }[]>('eauction-lots')[0]!.lot_number

const pages = {
  home: href('home', { locale }),
  'news list': href('media', { locale, params: { id: 'news' } }),
  'event list': href('event-list', { locale }),
  'story list': href('story-list', { locale }),
  post: href('post', { locale, params: { id: '1' } }),
  about: href('about', { locale }),
  'guide page': href('guide-partnership', { locale }),
  'registration guide': href('guide-register-business', { locale }),
  'projects hub': href('guide-project', { locale }),
  'all projects': href('all-projects', { locale }),
  'service catalogue': href('service-category-index', { locale }),
  'e-auction': href('e-auction', { locale }),
  'e-auction lot': href('e-auction-lot', { locale, params: { id: firstLot } }),
  UzEx: href('uz-ex', { locale }),
  'contact form': href('contact-us', { locale }),
  'sign-in': href('sign-in', { locale, query: { role: 'investor' } }),
}

/** Gzipped bytes of every script the page fetched from its load until the network was idle. */
async function firstViewJs(browser: Browser, url: string): Promise<{ bytes: number; files: string[] }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const sizes: Promise<[string, number]>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      sizes.push(request.sizes().then((s) => [new URL(request.url()).pathname, s.responseBodySize]))
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  await page.waitForTimeout(300)
  await page.waitForLoadState('networkidle')
  const files = await Promise.all(sizes)
  await context.close()
  return { bytes: files.reduce((sum, [, n]) => sum + n, 0), files: files.map(([f, n]) => `${f} ${n}`) }
}

test.describe('first-view budgets', () => {
  test.describe.configure({ mode: 'serial' })

  for (const [name, path] of Object.entries(pages)) {
    test(`the ${name} page fetches at most ${jsGzipBytes} bytes of gzipped JavaScript until the network is idle`, async ({
      browser,
    }) => {
      const { bytes, files } = await firstViewJs(browser, path)
      expect(bytes, files.join('\n')).toBeLessThanOrEqual(jsGzipBytes)
    })

    const isHome = name === 'home'
    const gzipBudget = isHome ? documents.homeGzipBytes : documents.gzipBytes
    test(`the ${name} page's document is at most ${gzipBudget} bytes gzipped${isHome ? ` and ${documents.homeElements} elements` : ''}`, async ({
      browser,
      request,
    }) => {
      const res = await request.get(path, {
        headers: {
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
        },
      })
      expect(res.status()).toBe(200)
      const html = await res.text()
      // Measured on the whole page: home's sections carry their posts and reviews.
      if (isHome) expect(html.match(/class="testimonial"/g)?.length ?? 0).toBeGreaterThan(0)
      expect(gzipSync(html).length).toBeLessThanOrEqual(gzipBudget)
      if (!isHome) return
      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(path)
      const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
      await context.close()
      expect(elements).toBeLessThanOrEqual(documents.homeElements)
    })
  }
})
