/**
 * The projects map (docs/product.md#all-projects, docs/decisions/0058-project-map.md) on the seeded archive: opened
 * from the list, its clusters split into markers that link to their projects, the list beside it reached and followed
 * with the keyboard, the filters kept by the view, axe on both views, and the list standing with a message where the
 * map cannot start. Chromium's headless build draws WebGL in software, so the map does start here.
 */
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../contract/locales'
import { checkA11y, expect, test } from './fixtures'
import { href, seed } from './support'

type L = Record<Locale, string>
type Messages = {
  routes: Record<string, string>
  allProjects: { viewMap: string; map: { failed: string; listTitle: string } }
  guide: { filters: { apply: string } }
}
const messages = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(fs.readFileSync(new URL(`../../locales/${l}.json`, import.meta.url), 'utf8')) as Messages,
  ]),
) as Record<Locale, Messages>

const projects = seed<{ id: number; category_id: number; title: L; latitude: number | null }[]>('projects').filter(
  (p) => p.latitude !== null,
)
const titleOf = (id: string, locale: Locale) => projects.find((p) => String(p.id) === id)?.title[locale]

/** Waits for the map to start, or to say it cannot; true when it started. */
async function mapStarted(page: Page): Promise<boolean> {
  const map = page.locator('.project-map')
  await expect(map).toHaveAttribute('data-status', /^(ready|failed)$/, { timeout: 20_000 })
  return (await map.getAttribute('data-status')) === 'ready'
}

test('opens the map from the list, and its markers link to their projects', async ({ page }) => {
  await page.goto(href('all-projects', { locale: 'en' }))
  await page.locator('.all-projects__views').getByRole('link', { name: messages.en.allProjects.viewMap }).click()
  await expect(page).toHaveURL(href('all-projects-map', { locale: 'en' }))
  await expect(page.locator('main h1')).toHaveText(messages.en.routes.allProjectsMap!)
  expect(await mapStarted(page)).toBe(true)
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveAttribute('aria-label', /.+/)
  const clusters = page.locator('.project-map__cluster')
  const markers = page.locator('.project-map__marker')
  await expect(clusters.or(markers).first()).toBeVisible()
  // Each cluster counts what it holds; together with the single markers, every project with a place.
  const counted = (await clusters.allTextContents()).reduce((sum, n) => sum + Number(n), 0)
  expect(counted + (await markers.count())).toBe(projects.length)
  // A marker or cluster of the tiles loaded may lie beyond the box's edge, under the page: take one the reader sees.
  const seen = (locator: typeof markers) =>
    locator.evaluateAll((els) => {
      const box = document.querySelector('.project-map__canvas')!.getBoundingClientRect()
      return els.findIndex((el) => {
        const r = el.getBoundingClientRect()
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom
      })
    })
  // A cluster zooms in until it splits.
  for (let i = 0; i < 8 && (await seen(markers)) < 0; i++) {
    const cluster = await seen(clusters)
    if (cluster < 0) break
    await clusters.nth(cluster).click()
    await page.waitForTimeout(600)
  }
  const inside = await seen(markers)
  expect(inside).toBeGreaterThanOrEqual(0)
  const marker = markers.nth(inside)
  const target = (await marker.getAttribute('href'))!
  const id = /\/guide\/project\/(\d+)$/.exec(target)?.[1]
  expect(target).toBe(href('project', { locale: 'en', params: { id: id! } }))
  await expect(marker).toHaveAttribute('aria-label', titleOf(id!, 'en')!)
  await expect(marker).toHaveAttribute('tabindex', '-1')
  await marker.click()
  await expect(page).toHaveURL(target)
  await expect(page.locator('main h1')).toHaveText(titleOf(id!, 'en')!)
})

test('the list beside the map holds every marked project and is reached with the keyboard', async ({ page }) => {
  await page.goto(href('all-projects-map', { locale: 'uz' }))
  await mapStarted(page)
  const list = page.getByRole('region', { name: messages.uz.allProjects.map.listTitle.replace('{{count}}', '') })
  await expect(list).toHaveCount(1)
  const links = list.getByRole('link')
  await expect(links).toHaveCount(projects.length)
  await expect(links.first()).toHaveText(projects[0]!.title.uz)
  // From the map's canvas, Tab passes its zoom controls, never a marker, and reaches the list's first project.
  await page.locator('canvas.maplibregl-canvas').focus()
  const first = await links.first().evaluateHandle((el) => el)
  let reached = false
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.className ?? '')
    expect(focused).not.toContain('project-map__')
    reached = await page.evaluate((el) => document.activeElement === el, first)
  }
  expect(reached).toBe(true)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(href('project', { locale: 'uz', params: { id: String(projects[0]!.id) } }))
  await expect(page.locator('main h1')).toHaveText(projects[0]!.title.uz)
})

test('the map view keeps its filters, and both views pass axe', async ({ page }) => {
  const category = projects[0]!.category_id
  await page.goto(href('all-projects-map', { locale: 'ru' }))
  await mapStarted(page)
  await checkA11y(page)
  await page.locator('#filter-category_id').selectOption(String(category))
  await page.getByRole('button', { name: messages.ru.guide.filters.apply }).click()
  await expect(page).toHaveURL(new RegExp(`/ru/guide/project/all/map\\?category_id=${category}&`))
  const inCategory = projects.filter((p) => p.category_id === category)
  await expect(page.locator('.project-map-list__items a')).toHaveCount(inCategory.length)
  expect(await mapStarted(page)).toBe(true)
  // The switch takes the filters to the list, and back.
  await page.locator('.all-projects__views a').first().click()
  await expect(page).toHaveURL(href('all-projects', { locale: 'ru', query: { category_id: String(category) } }))
  await checkA11y(page)
})

test('without WebGL the map says so in the page’s language, and the list stands', async ({ page }) => {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      return /webgl/i.test(type) ? null : getContext.call(this, type as '2d', ...(rest as []))
    } as typeof getContext
  })
  await page.goto(href('all-projects-map', { locale: 'ru' }))
  expect(await mapStarted(page)).toBe(false)
  await expect(page.locator('.project-map__status[role="status"]')).toHaveText(messages.ru.allProjects.map.failed)
  await expect(page.locator('.project-map-list__items a')).toHaveCount(projects.length)
  await checkA11y(page)
})
