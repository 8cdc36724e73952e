/**
 * The console's rich-text editor (docs/decisions/0055-console-editor.md), in Chromium on `npm start`'s stack: an editor
 * writes a news text with a heading, a list, a link to a portal page and an image with its alternative text in three
 * languages with the toolbar and the keyboard only, publishes it, and the portal's post page has the same structure in
 * each language; without scripts the same item is edited and saved as plain HTML. Pasted Word markup keeps only the
 * allow-list's elements, text typed but not saved is offered back after a reload, and text typed before the editor's
 * script arrives is kept, the keys going on in the editor. axe checks every form on the way.
 */
import type { Locator, Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import { type ConsoleSession, signInToConsole } from './console-support'
import { checkA11y, expect, test } from './fixtures'
import { href, PNG } from './support'

const NAMES: Record<Locale, string> = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' }

/** A seeded news item the texts link to, found by its English title in every language. */
const LINKED = { id: '1', search: 'Regional investment programmes' }

const word = () => `qe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Texts = { title: string; heading: string; intro: string; items: [string, string]; alt: string }

const textsFor = (w: string): Record<Locale, Texts> => ({
  uz: {
    title: `Quyosh elektr stansiyasi ishga tushdi ${w}`,
    heading: 'Loyiha haqida',
    intro: 'Batafsil: ',
    items: ['Quvvati 100 MVt', 'Ish oʻrinlari 300'],
    alt: 'Dalada quyosh panellari',
  },
  ru: {
    title: `Запущена солнечная электростанция ${w}`,
    heading: 'О проекте',
    intro: 'Подробнее: ',
    items: ['Мощность 100 МВт', 'Рабочих мест 300'],
    alt: 'Солнечные панели в поле',
  },
  en: {
    title: `A solar power plant starts work ${w}`,
    heading: 'About the project',
    intro: 'More: ',
    items: ['Capacity 100 MW', '300 jobs'],
    alt: 'Solar panels in a field',
  },
})

/** Ends an operator's session, failing the test on any console error its pages raised. */
async function close(session: ConsoleSession) {
  expect(session.errors, 'console errors on the console’s pages').toEqual([])
  await session.context.close()
}

/** Moves the toolbar's focus with the arrow keys to the button named `name` and presses it. */
async function pressTool(page: Page, editor: Locator, name: string) {
  await editor.press('Alt+F10')
  for (let i = 0; i < 20; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '')
    if (focused === name) return page.keyboard.press('Enter')
    await page.keyboard.press('ArrowRight')
  }
  throw new Error(`no toolbar button ${name}`)
}

/** Writes one language's text in the editor with the keyboard and toolbar only. */
async function writeText(page: Page, l: Locale, t: Texts, upload: boolean) {
  await page.getByRole('tab', { name: new RegExp(`^${NAMES[l]}`) }).press('Enter')
  const title = page.getByRole('group', { name: /^Title/ }).getByLabel(NAMES[l])
  await title.focus()
  await page.keyboard.type(t.title)
  const editor = page.getByRole('group', { name: /^Text/ }).getByRole('textbox', { name: new RegExp(`^${NAMES[l]}`) })
  await editor.focus()
  await pressTool(page, editor, 'Heading')
  await page.keyboard.type(t.heading)
  await page.keyboard.press('Enter')
  await page.keyboard.type(t.intro)
  // A link to a page of the portal, found by its title in the link dialog (Ctrl+K).
  await page.keyboard.press('Control+K')
  const dialog = page.getByRole('dialog', { name: 'Link' })
  await expect(dialog.getByLabel('Find a page of the portal')).toBeFocused()
  await page.keyboard.type(LINKED.search)
  await expect(dialog.getByRole('status')).toContainText('Pages found')
  await checkA11y(page)
  await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toHaveAttribute('data-path', `/${l}/post/${LINKED.id}`)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+Shift+8')
  await page.keyboard.type(t.items[0])
  await page.keyboard.press('Enter')
  await page.keyboard.type(t.items[1])
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  // An image: uploaded in the first language, chosen from the item's images in the others; its alternative text in
  // this language.
  await pressTool(page, editor, 'Image')
  const image = page.getByRole('dialog', { name: 'Image' })
  if (upload) {
    await image
      .getByLabel('Upload a new image')
      .setInputFiles({ name: 'solar.png', mimeType: 'image/png', buffer: PNG })
    await expect(image.getByRole('radio')).toBeFocused()
  } else {
    await expect(image.getByRole('radio')).toBeFocused()
    await page.keyboard.press('Space')
  }
  await image.getByLabel(/^Alternative text/).focus()
  await page.keyboard.type(t.alt)
  await checkA11y(page)
  await image.getByRole('button', { name: 'Insert the image' }).focus()
  await page.keyboard.press('Enter')
  await expect(image).toBeHidden()
}

/** A Word document's list and emphasis as it lands on the clipboard. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>
<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->
<p class=MsoNormal style='margin-bottom:0cm'><b><span style='font-family:"Calibri"'>Investment climate</span></b><o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><![endif]>Low taxes<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><![endif]>Free zones<o:p></o:p></p>
<p class=MsoNormal><span style='color:red'>Call <a href="javascript:alert(1)">us</a></span> <font face="Arial">today</font><script>alert(1)</script></p>
</body></html>`

test('an editor writes, links and illustrates a news text in three languages with the keyboard, publishes it, and the post page has its structure; without scripts it is edited and saved', async ({
  page,
  browser,
  consoleErrors,
}) => {
  expect(consoleErrors).toEqual([])
  test.setTimeout(90_000)
  const w = word()
  const texts = textsFor(w)
  const editor = await signInToConsole(browser, 'editor')
  const console_ = editor.page
  await console_.goto('/en/content/post/new')
  await expect(console_.getByRole('tab', { name: /^English/ })).toHaveAttribute('aria-selected', 'true')
  await checkA11y(console_)
  await console_.getByLabel('Category').selectOption('news')
  await console_.getByLabel('Date of publication').fill(new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10))
  for (const [i, l] of LOCALES.entries()) await writeText(console_, l, texts[l], i === 0)
  // Every language is written: each tab says so.
  for (const l of LOCALES)
    await expect(console_.getByRole('tab', { name: new RegExp(`^${NAMES[l]}`) })).toContainText('Translated')
  // The comparison shows two languages next to each other.
  await console_.getByRole('button', { name: 'Compare two languages' }).press('Enter')
  await console_.getByLabel('Left', { exact: true }).selectOption('ru')
  await console_.getByLabel('Right', { exact: true }).selectOption('en')
  const [left, right] = await Promise.all(
    ['ru', 'en'].map((l) =>
      console_.locator(`fieldset[data-localized][data-type=html] [data-lang=${l}]`).boundingBox(),
    ),
  )
  expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1)
  expect(Math.abs(right!.y - left!.y)).toBeLessThan(2)
  await checkA11y(console_)
  await console_.getByRole('button', { name: 'Save the draft' }).press('Enter')
  await expect(console_.getByRole('status').first()).toContainText('The draft is saved.')
  const id = Number(/\/content\/post\/(\d+)/.exec(console_.url())![1])
  await console_.getByRole('button', { name: 'Publish now' }).press('Enter')
  await expect(console_.getByRole('status').first()).toContainText('Published')

  // The portal's page has the same structure in each language.
  for (const l of LOCALES) {
    await page.goto(href('post', { locale: l, params: { id: String(id) } }))
    const body = page.locator('main')
    await expect(body.getByRole('heading', { level: 2, name: texts[l].heading })).toBeVisible()
    await expect(body.locator('ul > li').filter({ hasText: texts[l].items[0] })).toHaveCount(1)
    await expect(body.locator('ul > li').filter({ hasText: texts[l].items[1] })).toHaveCount(1)
    await expect(body.locator(`a[href="/${l}/post/${LINKED.id}"]`)).toHaveCount(1)
    const img = body.getByRole('img', { name: texts[l].alt })
    await expect(img).toBeVisible()
    await expect(img).toHaveAttribute('src', /^\/gateway\/document\/public\/file\/[\w-]+$/)
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1)
  }

  // Without scripts, the same item is plain fields and HTML text areas, edited and saved as before.
  const plain = await signInToConsole(browser, 'editor', { javaScriptEnabled: false })
  await plain.page.goto(`/en/content/post/${id}`)
  const area = plain.page.getByRole('group', { name: /^Text/ }).getByLabel('English')
  await expect(area).toHaveValue(/<h2>About the project<\/h2>/)
  await area.fill('<h2>About the project</h2><p>Edited without scripts.</p>')
  await plain.page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(plain.page.getByRole('status').first()).toContainText('The changes are saved.')
  await page.goto(href('post', { locale: 'en', params: { id: String(id) } }))
  await expect(page.locator('main').getByText('Edited without scripts.')).toBeVisible()
  await close(plain)

  // Pasting from Word keeps the allow-list's elements only; a reload before saving offers the text back.
  await console_.goto('/en/content/post/new')
  const box = console_.getByRole('group', { name: /^Text/ }).getByRole('textbox', { name: /^English/ })
  await box.focus()
  await box.evaluate((el, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Investment climate')
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, WORD_HTML)
  const stored = console_.locator('textarea[name=content_en]')
  await expect(stored).toHaveValue(
    '<p><strong>Investment climate</strong></p><ul><li><p>Low taxes</p></li><li><p>Free zones</p></li></ul><p>Call us today</p>',
  )
  await console_
    .getByRole('group', { name: /^Title/ })
    .getByLabel('English')
    .fill(`Kept ${w}`)
  // The draft is kept a moment after the last keystroke.
  await expect
    .poll(() =>
      console_.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('console-draft:post:new'))),
    )
    .toHaveLength(1)
  console_.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload')
    void dialog.accept()
  })
  await console_.reload()
  const offer = console_.getByRole('region', { name: /This browser kept text/ })
  await expect(offer).toContainText('English')
  await checkA11y(console_)
  await offer.getByRole('button', { name: 'Restore it' }).press('Enter')
  await expect(stored).toHaveValue(/^<p><strong>Investment climate<\/strong><\/p><ul>/)
  await expect(console_.getByRole('group', { name: /^Title/ }).getByLabel('English')).toHaveValue(`Kept ${w}`)
  await expect(box.locator('li')).toHaveCount(2)

  // The editor's script arriving late: what was typed in the text area is kept, and the keys go on in the editor.
  const late = await editor.context.newPage()
  late.on('pageerror', (err) => editor.errors.push(`pageerror: ${err.message}`))
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await late.route(/\/assets\/console-editor-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await late.goto('/en/content/post/new', { waitUntil: 'commit' })
  const early = late.getByRole('group', { name: /^Text/ }).getByRole('textbox', { name: /^English/ })
  await early.focus()
  await late.keyboard.type('Investment')
  release()
  await expect(late.getByRole('toolbar', { name: /^Formatting: English/ })).toBeVisible()
  await late.keyboard.type(' climate')
  await expect(early).toHaveText('Investment climate')
  await expect(early).toBeFocused()
  await expect(late.locator('textarea[name=content_en]')).toHaveValue('<p>Investment climate</p>')
  await close(editor)
})
