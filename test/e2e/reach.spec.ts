/**
 * Reach (docs/product.md#reach): all projects filtered with their open-data download, the dataset page and the
 * accessibility statement from the footer in each language; a project printed as its passport (the PDF read back with
 * `pdftotext`); and "Was this page useful?" answered from a content page. Axe checks every new page.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import { checkA11y, expect, test } from './fixtures'
import { href, seed } from './support'

type L = Record<Locale, string>
type Messages = {
  routes: Record<string, string>
  feedback: { question: string; yes: string; no: string; comment: string; thanksTitle: string; back: string }
  guide: { filters: { apply: string } }
}
const messages = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(fs.readFileSync(new URL(`../../locales/${l}.json`, import.meta.url), 'utf8')) as Messages,
  ]),
) as Record<Locale, Messages>

const projects = seed<{ id: number; title: L }[]>('projects')

/** Each test answers from its own client address, so the per-visitor bound never spills across runs. */
async function ownAddress(page: Page) {
  const n = () => Math.floor(Math.random() * 250) + 1
  await page.setExtraHTTPHeaders({ 'cf-connecting-ip': `198.19.${n()}.${n()}` })
}

test('all projects filter, and download as the list shows them', async ({ page }) => {
  await page.goto(href('all-projects', { locale: 'en' }))
  await expect(page.locator('main h1')).toHaveText(messages.en.routes.allProjects!)
  await expect(page.locator('main .card')).toHaveCount(12)
  await checkA11y(page)

  await page.locator('#filter-category_id').selectOption('2')
  await page.getByRole('button', { name: messages.en.guide.filters.apply }).click()
  // The form sends its empty fields too; the page reads only the chosen one.
  await expect(page).toHaveURL(/\/en\/guide\/project\/all\?category_id=2&/)
  const titles = await page.locator('main .card__title').allTextContents()
  expect(titles.length).toBeGreaterThan(0)
  const json = page.locator('.all-projects__downloads a', { hasText: 'JSON' })
  await expect(json).toHaveAttribute('href', '/en/open-data/projects.json?category_id=2')
  const download = (await (await page.request.get((await json.getAttribute('href'))!)).json()) as {
    items: { title: string }[]
  }
  expect(download.items.map((p) => p.title)).toEqual(titles.map((t) => t.trim()))
})

test('the accessibility statement and open data are a footer link away in each language', async ({ page }) => {
  for (const locale of LOCALES) {
    await page.goto(href('about', { locale }))
    const footer = page.locator('footer.site-footer')
    await expect(footer.getByRole('link', { name: messages[locale].routes.accessibility })).toHaveAttribute(
      'href',
      href('accessibility', { locale }),
    )
    await expect(footer.getByRole('link', { name: messages[locale].routes.openData })).toHaveAttribute(
      'href',
      href('open-data', { locale }),
    )
  }
  await page.goto(href('about', { locale: 'uz' }))
  await page.locator('footer.site-footer').getByRole('link', { name: messages.uz.routes.accessibility }).click()
  await expect(page).toHaveURL(href('accessibility', { locale: 'uz' }))
  await expect(page.locator('main h2').first()).toBeVisible()
  await checkA11y(page)

  await page.goto(href('open-data', { locale: 'ru' }))
  await expect(page.locator('main h1')).toHaveText(messages.ru.routes.openData!)
  await expect(page.locator('a[rel="license"]')).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/')
  await checkA11y(page)
})

test('a project prints as its passport: no navigation, its title, figures and address', async ({ page }) => {
  const project = projects[0]!
  const url = href('project', { locale: 'en', params: { id: String(project.id) } })
  await page.goto(url)
  // The key figures as the screen shows them: each label, and each value without its unit.
  const labels = await page.locator('.guide-project__figures .stat-block__label').allTextContents()
  const values = await page.locator('.guide-project__figures .stat-block__figure').evaluateAll((dds) =>
    dds.map((dd) =>
      Array.from(dd.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join(''),
    ),
  )
  expect(labels.length).toBeGreaterThan(1)
  const figures = [...labels, ...values].map((s) => s.replace(/\s+/g, ' ').trim())

  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.site-header')).toBeHidden()
  await expect(page.locator('footer.site-footer')).toBeHidden()
  await expect(page.locator('.breadcrumbs')).toBeHidden()
  await expect(page.locator('.page-feedback')).toBeHidden()
  await expect(page.locator('.guide-project__passport')).toBeVisible()

  const file = path.join(os.tmpdir(), `passport-${process.pid}-${Date.now()}.pdf`)
  await page.pdf({ path: file, format: 'A4' })
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  // pdftotext spaces glyphs as they are set (`46.5 m`): figures are compared without spaces.
  const flat = text.replace(/\s+/g, '')
  fs.rmSync(file)
  expect(pages).toBeGreaterThanOrEqual(1)
  expect(pages).toBeLessThanOrEqual(2)
  expect(text).toContain(project.title.en)
  for (const figure of figures) expect(flat).toContain(figure.replace(/\s+/g, ''))
  expect(text).toContain(`${new URL(page.url()).origin}${url}`)
  // The header's and footer's navigation are not on paper.
  expect(text).not.toContain(messages.en.routes.sitemap)
  expect(text).not.toContain(messages.en.feedback.question)
})

test('a reader says a page was not useful, with a comment, and is thanked with the way back', async ({ page }) => {
  await ownAddress(page)
  const t = messages.en.feedback
  await page.goto(href('about', { locale: 'en' }))
  const control = page.getByRole('region', { name: t.question })
  await expect(control).toBeVisible()
  await control.getByLabel(t.comment).fill('The regional figures need a source.')
  await control.getByRole('button', { name: t.no, exact: true }).click()
  await expect(page).toHaveURL(href('page-feedback', { locale: 'en', query: { return: '/en/about' } }))
  await expect(page.locator('main h1')).toHaveText(t.thanksTitle)
  await checkA11y(page)
  await page.getByRole('link', { name: t.back }).click()
  await expect(page).toHaveURL(href('about', { locale: 'en' }))
})
