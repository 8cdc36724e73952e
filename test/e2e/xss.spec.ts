/**
 * Serialised-payload XSS (docs/security.md#rendering): a post whose title, body and author carry `</script><script>…`,
 * `<!--<script>`
 * and U+2028/U+2029 renders as inert text in Chromium and hydrates byte-identical to what the edge sent. The post is
 * written through the gateway's dev-only seam, dated far in the past so it sits last in its category (no other spec
 * sees it), and removed afterwards.
 */
import type { APIRequest, APIRequestContext, Page } from '@playwright/test'
import { expect, HYDRATION_WARNING, test, waitForHydration } from './fixtures'
import { href } from './support'

const POST_ID = '990007'
const BREAKOUT = '</script><script>window.__xss=1</script>'
const COMMENT_OPENER = '<!--<script>'
const TITLE = `Inert headline ${BREAKOUT} ${COMMENT_OPENER} line\u2028separator\u2029end`
const CONTENT =
  '<p>Body line\u2028separator\u2029end, shown as text: &lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt; &lt;!--&lt;script&gt;</p>' +
  `${BREAKOUT}<p>After the breakout.</p>${COMMENT_OPENER}<p>Inside the comment.</p>`
const AUTHOR = `Mallory ${BREAKOUT}\u2028`
/** Far in the past: last on the last page of PR materials, never among the newest posts other specs count. */
const PUBLISH_DATE = '1999-01-01'
/** The PR materials page the post lands on (7 seeded posts, 6 a page): 0-based page 1. */
const LIST_URL = href('media', { locale: 'en', params: { id: 'pr_material' }, query: { page: 1 } })
const POST_URL = href('post', { locale: 'en', params: { id: POST_ID } })

/** React reports hydration mismatches as recoverable errors; the entry logs those as warnings. */

async function openApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-requested-with': 'invest-portal' },
  })
}

// One worker for the whole file: the post is written once before the tests and removed once after them.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await openApi(playwright, baseURL!)
  const res = await api.put('/_dev/content/post', {
    data: {
      id: POST_ID,
      category: 'pr_material',
      publish_date: PUBLISH_DATE,
      title: TITLE,
      content: CONTENT,
      author: AUTHOR,
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  await api.dispose()
})

test.afterAll(async ({ playwright, baseURL }) => {
  const api = await openApi(playwright, baseURL!)
  await api.delete(`/_dev/content/post/${POST_ID}`)
  await api.dispose()
})

/** Records dialogs, hydration warnings and whether the injected script ever ran. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], hydrationWarnings: [] as string[] }
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && HYDRATION_WARNING.test(msg.text())) seen.hydrationWarnings.push(msg.text())
  })
  return seen
}

async function expectInert(page: Page, seen: ReturnType<typeof watch>) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  // Data blocks (the state, payloads, JSON-LD) carry the text, escaped; no script that runs does.
  expect(
    await page
      .locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])')
      .evaluateAll((els) => els.filter((e) => e.textContent?.includes('__xss')).length),
  ).toBe(0)
  expect(
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.filter((e) => /[<>\u2028\u2029]/.test(e.textContent ?? '')).length),
  ).toBe(0)
  expect(seen.dialogs).toEqual([])
  expect(seen.hydrationWarnings).toEqual([])
}

/** The texts and markup a page shows for the post, read from a document (live or parsed from the edge's HTML). */
type Shown = { h1: string; prose: string; proseText: string; meta: string }

function readShown(doc: Document): Shown {
  return {
    h1: doc.querySelector('main h1')?.textContent ?? '',
    prose: doc.querySelector('.article__body .prose')?.innerHTML ?? '',
    proseText: doc.querySelector('.article__body .prose')?.textContent ?? '',
    meta: doc.querySelector('.article__meta')?.textContent ?? '',
  }
}

/** What the edge's HTML shows, parsed by the browser without running it. */
async function readServerShown(page: Page, html: string): Promise<Shown> {
  return (await page.evaluate(
    `(${readShown.toString()})(new DOMParser().parseFromString(${JSON.stringify(html)}, 'text/html'))`,
  )) as Shown
}

/** Bodies of the edge's JSON data scripts (the serialised state and streamed payloads). */
function dataScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\btype="application\/json"[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!)
}

test.describe('hostile gateway content', () => {
  test('the edge escapes it inside the serialised state, which still parses back to the exact strings', async ({
    request,
  }) => {
    const res = await request.get(POST_URL)
    expect(res.status()).toBe(200)
    const html = await res.text()
    expect(html.includes('<script>window.__xss'), 'a live <script>window.__xss in the HTML').toBe(false)
    expect(html.includes(COMMENT_OPENER), 'a live <!--<script> in the HTML').toBe(false)
    const state = /<script\b[^>]*\bid="__STATE__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(state, 'no __STATE__ script').toBeDefined()
    expect(state).toContain('\\u003c/script\\u003e\\u003cscript\\u003ewindow.__xss=1')
    expect(state).toContain('\\u003c!--\\u003cscript\\u003e')
    expect(state).toContain('\\u2028')
    const data = dataScripts(html)
    expect(data.length).toBeGreaterThan(0)
    for (const body of data) expect(body).not.toMatch(/[<\u2028\u2029]/)
    const parsed = JSON.parse(state!) as {
      payloads: Record<
        string,
        { envelope: { content: { title: string; content: string; author: { firstName: string } } } }
      >
    }
    const post = parsed.payloads[`/siw/public/post/${POST_ID}`]!.envelope.content
    expect(post).toMatchObject({ title: TITLE, content: CONTENT, author: { firstName: AUTHOR } })
  })

  test('the post page shows it as text, runs none of it, and hydrates to the markup the edge sent', async ({
    page,
    request,
  }) => {
    const seen = watch(page)
    const server = await readServerShown(page, await (await request.get(POST_URL)).text())
    const res = await page.goto(POST_URL)
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    const hydrated = (await page.evaluate(`(${readShown.toString()})(document)`)) as Shown
    expect(hydrated).toEqual(server)
    expect(hydrated.h1).toBe(TITLE)
    expect(hydrated.proseText).toContain('</script><script>window.__xss=1</script> <!--<script>')
    expect(hydrated.proseText).toContain('Body line\u2028separator\u2029end')
    expect(hydrated.meta).toContain(AUTHOR)
    expect(await page.title()).toBe(`${TITLE} — Invest Portal`)
    await expect(page.locator('.article__body .prose script')).toHaveCount(0)
    await expectInert(page, seen)
  })

  test('the list shows the title as text, and a client navigation renders the post exactly as the edge does', async ({
    page,
    request,
  }) => {
    const seen = watch(page)
    const server = await readServerShown(page, await (await request.get(POST_URL)).text())
    const res = await page.goto(LIST_URL)
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    const title = page.locator('main .card__title').filter({ hasText: 'Inert headline' })
    await expect(title).toHaveCount(1)
    expect(await title.evaluate((el) => el.textContent)).toBe(TITLE)
    await expectInert(page, seen)

    await title.click()
    await expect(page).toHaveURL(POST_URL)
    await expect(page.locator('main h1')).toHaveCount(1)
    await expect.poll(() => page.evaluate(`(${readShown.toString()})(document)`)).toEqual(server)
    await expectInert(page, seen)
  })
})
