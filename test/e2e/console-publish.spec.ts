/**
 * Publishing from the operator console (docs/decisions/0030-operator-console.md#content-screens), against `npm start`'s local stack: an
 * editor writes a news item in three languages with an image, previews it through the portal's signed links, publishes
 * it and finds it on the portal's news list and in search in each language; an edit of its title shows on the next
 * load. A scheduled item appears once the gateway's cron has run: the test runs the gateway's scheduled handler itself
 * through Miniflare's trigger route (docs/decisions/0030-operator-console.md#content-screens) at a time after the one scheduled, so
 * nothing waits for a clock.
 */
import type { Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import { type ConsoleSession, signInToConsole } from './console-support'
import { checkA11y, expect, test } from './fixtures'
import { dropStatusError, holdRequests, href, isSameDocument, markDocument, PNG } from './support'

/** A word no seed text holds, so search finds exactly this test's item. */
const tag = () => `qz${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Texts = Record<Locale, { title: string; text: string }>

const newsTexts = (word: string): Texts => ({
  uz: {
    title: `Navoiyda mis zavodi ochildi ${word}`,
    text: `Navoiy viloyatida yangi mis zavodi ishga tushdi ${word}.`,
  },
  ru: {
    title: `В Навои открылся медный завод ${word}`,
    text: `В Навоийской области запущен новый медный завод ${word}.`,
  },
  en: { title: `A copper plant opens in Navoi ${word}`, text: `A new copper plant has started work in Navoi ${word}.` },
})

/** Today in Tashkent, as a date field takes it. */
const today = () => new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10)

/** Ends an operator's session, failing the test on any console error its pages raised. */
async function close(session: ConsoleSession) {
  expect(session.errors, 'console errors on the console’s pages').toEqual([])
  await session.context.close()
}

/** Fills the new-item form of a news item with `texts` in every language (and `image`, if given) and saves it. */
async function writeNews(page: Page, texts: Texts, image?: boolean): Promise<number> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Content' }).click()
  await page.getByRole('link', { name: 'News and publications' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News and publications')
  await checkA11y(page)
  await page.getByRole('link', { name: 'New item' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New: News and publications')
  await page.getByLabel('Category').selectOption('news')
  await page.getByLabel('Date of publication').fill(today())
  const title = page.getByRole('group', { name: /^Title/ })
  const text = page.getByRole('group', { name: /^Text/ })
  const names: Record<Locale, string> = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' }
  // One language at a time, in the editor (test/e2e/console-editor.spec.ts walks its toolbar). The editor takes the
  // text area's place when its script has run: filled before that, the text area could be hidden under the fill.
  for (const l of LOCALES) {
    await page.getByRole('tab', { name: new RegExp(`^${names[l]}`) }).click()
    await title.getByLabel(names[l]).fill(texts[l].title)
    await expect(text.getByRole('toolbar', { name: new RegExp(`^Formatting: ${names[l]}`) })).toBeVisible()
    await text.getByRole('textbox', { name: new RegExp(`^${names[l]}`) }).fill(texts[l].text)
  }
  if (image)
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'plant.png', mimeType: 'image/png', buffer: PNG })
  await checkA11y(page)
  await page.getByRole('button', { name: 'Save the draft' }).click()
  await expect(page.getByRole('status')).toContainText('The draft is saved.')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`News and publications: ${texts.en.title}`)
  return Number(/\/content\/post\/(\d+)/.exec(page.url())![1])
}

/** The news list of the portal in `locale`, and its card titled `title` (none when it is not listed). */
async function newsCard(page: Page, locale: Locale, title: string) {
  const res = await page.goto(href('media', { locale, params: { id: 'news' } }))
  expect(res?.status()).toBe(200)
  return page.locator('main .card').filter({ has: page.locator('.card__title', { hasText: title }) })
}

test('an editor publishes a news item in three languages with an image: previewed, then listed and found in each language, and a title edit shows on the next load', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  const word = tag()
  const texts = newsTexts(word)
  const editor = await signInToConsole(browser, 'editor')
  const id = await writeNews(editor.page, texts, true)
  await expect(editor.page.getByText('Stored file:')).toBeVisible()
  await checkA11y(editor.page)

  // A draft is nowhere on the portal.
  await expect(await newsCard(page, 'en', texts.en.title)).toHaveCount(0)
  expect((await page.goto(href('post', { locale: 'en', params: { id: String(id) } })))?.status()).toBe(404)
  dropStatusError(consoleErrors, 404)

  // The preview links draw the unpublished item as the portal will, image included, in each language.
  await editor.page.getByRole('button', { name: 'Preview links' }).click()
  await checkA11y(editor.page)
  const names: Record<Locale, string> = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' }
  for (const l of LOCALES) {
    const link = editor.page.getByRole('link', { name: `Preview in ${names[l]}` })
    const url = new URL((await link.getAttribute('href'))!)
    expect(url.pathname).toBe(href('post', { locale: l, params: { id: String(id) } }))
    expect(url.searchParams.get('preview')).toBeTruthy()
    // The link names the gateway's PORTAL_ORIGIN (the default local port); this stack's portal serves the same path.
    const res = await page.goto(url.pathname + url.search)
    expect(res?.status()).toBe(200)
    expect(res?.headers()['cache-control']).toContain('no-store')
    await expect(page.locator('main h1')).toHaveText(texts[l].title)
    await expect(page.locator('main')).toContainText(texts[l].text)
    // The uploaded photo, not a generated illustration.
    await expect(page.locator('main img[src*="/document/public/file/"]').first()).toBeVisible()
  }

  await editor.page.getByRole('button', { name: 'Publish now' }).click()
  await expect(editor.page.getByRole('status')).toContainText('Published')
  await checkA11y(editor.page)

  for (const l of LOCALES) {
    const card = await newsCard(page, l, texts[l].title)
    await expect(card).toHaveCount(1)
    await expect(card.locator('img')).toHaveAttribute('src', /\/document\/public\/file\//)
    const res = await page.goto(href('search', { locale: l, query: { keyword: word } }))
    expect(res?.status()).toBe(200)
    const hit = page.locator('section[aria-labelledby="search-posts"] a', { hasText: texts[l].title })
    await expect(hit).toHaveAttribute('href', href('post', { locale: l, params: { id: String(id) } }))
  }

  // An edit of a published title is what the next load shows.
  const edited = `${texts.en.title} (updated)`
  await editor.page
    .getByRole('group', { name: /^Title/ })
    .getByLabel('English')
    .fill(edited)
  await editor.page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(editor.page.getByRole('status')).toContainText('The changes are saved.')
  await page.goto(href('post', { locale: 'en', params: { id: String(id) } }))
  await expect(page.locator('main h1')).toHaveText(edited)
  await expect(await newsCard(page, 'en', edited)).toHaveCount(1)
  await close(editor)
})

test('a news item scheduled for later appears on the portal once the gateway’s cron has run', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const texts = newsTexts(tag())
  const editor = await signInToConsole(browser, 'editor')
  const id = await writeNews(editor.page, texts)

  // Tomorrow at 09:00 in Tashkent (UTC+5).
  const day = new Date(Date.now() + 29 * 3600_000).toISOString().slice(0, 10)
  await editor.page.getByLabel('Publish at a later time').fill(`${day}T09:00`)
  await editor.page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(editor.page.getByRole('status')).toContainText('Scheduled')
  await expect(editor.page.locator('.console-panel time')).toHaveText(`${day} 09:00`)
  await checkA11y(editor.page)
  await expect(await newsCard(page, 'en', texts.en.title)).toHaveCount(0)

  // The gateway's cron, run as if a minute after the scheduled time.
  const due = Date.parse(`${day}T04:01:00Z`)
  const ran = await request.get(`${baseURL}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*&time=${due}`, {
    headers: { 'MF-Route-Override': 'invest-portal-gateway' },
  })
  expect(ran.status(), await ran.text()).toBe(200)

  for (const l of LOCALES) await expect(await newsCard(page, l, texts[l].title)).toHaveCount(1)
  await page.goto(href('post', { locale: 'ru', params: { id: String(id) } }))
  await expect(page.locator('main h1')).toHaveText(texts.ru.title)
  await editor.page.reload()
  await expect(editor.page.locator('.console-panel .badge').first()).toHaveText('Published')
  // The contacts' form is the section's other screen.
  await editor.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Content' }).click()
  await editor.page.getByRole('link', { name: 'Contacts' }).click()
  await expect(editor.page.getByRole('heading', { level: 1 })).toHaveText('Contacts')
  await checkA11y(editor.page)
  await close(editor)
})

test('a form with a file sends itself with a progress bar and shows a refusal in place; without scripts it posts as a plain form', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  for (const javaScriptEnabled of [true, false]) {
    const editor = await signInToConsole(browser, 'editor', { javaScriptEnabled })
    const page = editor.page
    await page.goto('/en/content/post/new')
    await page.getByLabel('Category').selectOption('news')
    await page.getByLabel('Date of publication').fill(today())
    const title = page.getByRole('group', { name: /^Title/ }).getByLabel('English')
    await title.fill('A photo that is not one')
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    const save = page.getByRole('button', { name: 'Save the draft' })
    if (javaScriptEnabled) {
      await markDocument(page)
      // While the form is on its way, its progress shows and it cannot be sent twice.
      const hold = await holdRequests(page, '**/en/content/post/new')
      await save.click()
      await expect(page.getByRole('progressbar', { name: 'Sending the files…' })).toBeVisible()
      await expect(save).toBeDisabled()
      hold.release()
    } else await save.click()
    await expect(page.getByRole('alert')).toContainText('Photo: This type of file is not accepted.')
    await expect(title).toHaveValue('A photo that is not one')
    if (javaScriptEnabled) {
      // The script sent the form and drew the answer in the same document, focus on the page's content.
      expect(await isSameDocument(page)).toBe(true)
      await expect(page.locator('#main')).toBeFocused()
      // axe runs in the page: only where scripts do.
      await checkA11y(page)
    }
    // The refusal is a 422: Chromium logs it as a failed load, which is the point here.
    editor.errors.splice(0, editor.errors.length, ...editor.errors.filter((e) => !/status of 422/.test(e)))
    await close(editor)
  }
})
