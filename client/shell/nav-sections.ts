/**
 * The site's sections and their links, shared by the header's menu panels and the footer (both load this module when
 * they draw: the header's buttons need only `NAV_SECTION_IDS` and `navSectionOf`).
 */
import { useMemo } from 'react'
import type { Locale } from '../../contract/locales'
import type { Translate } from '../../shared/i18n/i18n'
import { href } from '../../shared/routing/match'
import { MEDIA_TYPES, REASONS } from '../../shared/routing/routes'
import { useLocale, useT } from '../runtime/i18n'
import type { NavSectionId } from './nav-section-ids'

/**
 * The guide's content pages linked from the menu and the footer when the upstream's site settings name none
 * (`guide_links` absent, or the settings unreadable): served by the catch-all route, named in the locales.
 */
const CONDITION_PAGES = ['investment-climate', 'tax-incentives', 'free-economic-zones', 'faq'] as const

/** The guide's links to content pages as the site settings give them (docs/gateway-contract.md#site-settings). */
export type GuideLinks = readonly { slug: string; label: string }[] | null | undefined

export type NavLink = { to: string; label: string }
type NavGroup = { label?: string; links: readonly NavLink[] }
export type NavSection = {
  id: NavSectionId
  label: string
  /** One sentence under the section name in the mega-menu. */
  intro: string
  overview: NavLink
  groups: readonly NavGroup[]
}

/**
 * The four menu sections (About, Media, Investor guide, Services) and the plain Contacts link, in the page's language;
 * `guideLinks`, the guide's links to content pages from the site settings (the portal's own when absent).
 */
export function useNavSections(guideLinks?: GuideLinks): { sections: readonly NavSection[]; contacts: NavLink } {
  const t = useT()
  const locale = useLocale()
  return useMemo(() => navSections(t, locale, guideLinks), [t, locale, guideLinks])
}

/** The sections and the Contacts link for a translator, a language and the site settings' guide links. */
export function navSections(
  t: Translate,
  locale: Locale,
  guideLinks?: GuideLinks,
): { sections: readonly NavSection[]; contacts: NavLink } {
  {
    const link = (to: string, key: string): NavLink => ({ to, label: t(key) })
    const sections: NavSection[] = [
      {
        id: 'about',
        label: t('nav.about'),
        intro: t('menu.about.intro'),
        overview: link(href('about', { locale }), 'menu.about.overview'),
        groups: [
          {
            links: [
              link(href('about', { locale }), 'routes.about'),
              link(href('contacts', { locale }), 'routes.contacts'),
              link(href('contact-us', { locale }), 'routes.contactUs'),
            ],
          },
        ],
      },
      {
        id: 'media',
        label: t('nav.media'),
        intro: t('menu.media.intro'),
        overview: link(href('media', { locale, params: { id: 'news' } }), 'menu.media.overview'),
        groups: [
          {
            links: [
              ...MEDIA_TYPES.map((id) => link(href('media', { locale, params: { id } }), `menu.media.${id}`)),
              link(href('event-list', { locale }), 'routes.events'),
              link(href('story-list', { locale }), 'routes.stories'),
            ],
          },
        ],
      },
      {
        id: 'guide',
        label: t('nav.guide'),
        intro: t('menu.guide.intro'),
        overview: link(href('guide-project', { locale }), 'menu.guide.overview'),
        groups: [
          {
            label: t('menu.guide.start'),
            links: [
              link(href('guide-register-investor', { locale }), 'routes.registerInvestor'),
              link(href('guide-register-business', { locale }), 'routes.registerBusiness'),
              link(href('guide-partnership', { locale }), 'routes.partnership'),
              link(href('guide-privatization', { locale }), 'routes.privatization'),
            ],
          },
          {
            label: t('menu.guide.opportunities'),
            links: [
              link(href('guide-project', { locale }), 'routes.projects'),
              link(href('project-category-list', { locale }), 'routes.projectCategories'),
              link(href('explore', { locale }), 'routes.explore'),
            ],
          },
          {
            label: t('menu.guide.conditions'),
            links: guideLinks
              ? guideLinks.map(({ slug, label }) => ({ to: href('page', { locale, params: { slug } }), label }))
              : CONDITION_PAGES.map((slug) => link(href('page', { locale, params: { slug } }), `menu.pages.${slug}`)),
          },
          {
            label: t('menu.guide.reasons'),
            links: REASONS.map((topic) => link(href('reason', { locale, params: { topic } }), `menu.reasons.${topic}`)),
          },
        ],
      },
      {
        id: 'services',
        label: t('nav.services'),
        intro: t('menu.services.intro'),
        overview: link(href('service-category-index', { locale }), 'menu.services.overview'),
        groups: [
          {
            links: [
              link(href('service-category-index', { locale }), 'menu.services.categories'),
              link(href('e-auction', { locale }), 'routes.eAuction'),
              link(href('uz-ex', { locale }), 'routes.uzEx'),
            ],
          },
        ],
      },
    ]
    return { sections, contacts: link(href('contacts', { locale }), 'nav.contacts') }
  }
}
