/**
 * The search page as the edge renders it over the seeded gateway (its results are in the first byte, so the form works
 * without JavaScript): every kind grouped with its count, each hit linking to its page in the page's language, and
 * the way Uzbekistan types: either script on /uz, any word form on /ru.
 */
import { describe, expect, it } from 'vitest'
import { href } from '../../shared/routing/match'
import { decodeEntities, getPage } from './helpers'

/** The groups of a rendered search page: kind → count shown and the hits' links. */
async function groupsOf(locale: 'uz' | 'ru' | 'en', keyword: string) {
  const { status, html } = await getPage(href('search', { locale, query: { keyword } }))
  expect(status).toBe(200)
  const groups = new Map<string, { count: number; links: string[] }>()
  for (const m of html.matchAll(
    /<section class="search-group" aria-labelledby="search-(\w+)">([\s\S]*?)<\/section>/g,
  )) {
    const count = Number(/search-group__count">\((\d+)\)/.exec(m[2]!.replace(/<!-- -->/g, ''))?.[1])
    const links = [...m[2]!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((a) => decodeEntities(a[1]!))
    groups.set(m[1]!, { count, links })
  }
  const status_ = /<p class="search-answer__status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
  return { groups, status: decodeEntities(status_.replace(/<!--.*?-->/g, '')) }
}

describe('the search page', () => {
  it('groups projects, services, sectors and lots with their counts, linking to their pages in the page’s language', async () => {
    const { groups } = await groupsOf('ru', 'текстиль')
    expect(groups.get('sectors')?.links).toContain(href('sector', { locale: 'ru', params: { sector: 'textiles' } }))
    const all = await groupsOf('en', 'invest')
    for (const [kind, pattern] of [
      ['projects', /^\/en\/guide\/project\/\d+$/],
      ['services', /^\/en\/service\/\d+$/],
      ['posts', /^\/en\/post\/\d+$/],
    ] as const) {
      const group = all.groups.get(kind)
      expect(group, kind).toBeDefined()
      expect(group!.links.length).toBeGreaterThan(0)
      expect(
        group!.links.every((l) => pattern.test(l)),
        kind,
      ).toBe(true)
      expect(group!.count).toBeGreaterThanOrEqual(group!.links.length)
    }
    const lots = await groupsOf('uz', 'yer')
    expect(lots.groups.get('lots')?.links.every((l) => /^\/uz\/service\/e-auction\/\d+$/.test(l))).toBe(true)
  })

  it('on /uz finds with инвестиция what investitsiya finds, and with ўзбекистон what Oʻzbekiston finds', async () => {
    const latin = await groupsOf('uz', 'investitsiya')
    const cyrillic = await groupsOf('uz', 'инвестиция')
    expect(latin.groups.size).toBeGreaterThan(2)
    expect([...cyrillic.groups]).toEqual([...latin.groups])
    expect([...(await groupsOf('uz', 'ўзбекистон')).groups]).toEqual([...(await groupsOf('uz', 'Oʻzbekiston')).groups])
  })

  it('on /ru finds with проекты what проект finds, and counts the results in Russian plural forms', async () => {
    const plural = await groupsOf('ru', 'проекты')
    const singular = await groupsOf('ru', 'проект')
    expect([...plural.groups]).toEqual([...singular.groups])
    const total = [...plural.groups.values()].reduce((n, g) => n + g.count, 0)
    const form =
      total % 10 === 1 && total % 100 !== 11
        ? 'результат'
        : /^[234]$/.test(String(total % 10)) && !/^1[234]$/.test(String(total % 100))
          ? 'результата'
          : 'результатов'
    expect(plural.status).toContain(`${total} ${form} по запросу «проекты»`)
  })
})
