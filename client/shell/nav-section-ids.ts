/**
 * The header's menu sections by id, and which section a page belongs to (its button then shows where the reader is).
 */
import type { RouteId } from '../../shared/routing/routes'

export const NAV_SECTION_IDS = ['about', 'media', 'guide', 'services'] as const
export type NavSectionId = (typeof NAV_SECTION_IDS)[number]

/** The routes each section's menu links to (`nav-sections.ts` draws the links; a unit test keeps the two in step). */
export const NAV_SECTION_ROUTES: Readonly<Record<NavSectionId, readonly RouteId[]>> = {
  about: ['about', 'contacts', 'contact-us'],
  media: ['media', 'event-list', 'story-list'],
  guide: [
    'guide-register-investor',
    'guide-register-business',
    'guide-partnership',
    'guide-privatization',
    'guide-project',
    'project-category-list',
    'explore',
    'page',
    'reason',
  ],
  services: ['service-category-index', 'e-auction', 'uz-ex'],
}

/** The section whose menu links to this page, if any. */
export function navSectionOf(routeId: RouteId | null): NavSectionId | null {
  if (!routeId) return null
  return NAV_SECTION_IDS.find((id) => NAV_SECTION_ROUTES[id].includes(routeId)) ?? null
}
