import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../contract/locales'
import { matchRoute, splitLocale } from '../../shared/routing/match'
import type { RouteId } from '../../shared/routing/routes'
import { NAV_SECTION_IDS, NAV_SECTION_ROUTES, navSectionOf } from './nav-section-ids'
import { navSections } from './nav-sections'

const routeOf = (to: string) => matchRoute(splitLocale(to.split('?')[0]!).rest)!.route.id as RouteId

describe('the header menu sections', () => {
  it.each(LOCALES)('mark a section current on exactly the pages its menu links to (%s)', (locale) => {
    const { sections } = navSections((key) => key, locale)
    expect(sections.map((s) => s.id)).toEqual([...NAV_SECTION_IDS])
    for (const section of sections) {
      const linked = new Set([section.overview, ...section.groups.flatMap((g) => g.links)].map((l) => routeOf(l.to)))
      expect([...linked].sort()).toEqual([...NAV_SECTION_ROUTES[section.id]].sort())
      for (const id of linked) expect(navSectionOf(id), id).toBe(section.id)
    }
  })

  it('marks no section on pages outside the menus', () => {
    expect(navSectionOf('post')).toBeNull()
    expect(navSectionOf('home')).toBeNull()
    expect(navSectionOf(null)).toBeNull()
  })
})
