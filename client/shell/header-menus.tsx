/** The header menus' panels: a section's links in the mega-menu, and the mobile menu's navigation. */
import { useState } from 'react'
import { siteKeys } from '../../shared/keys/site-keys'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { Link, useRouter } from '../runtime/router'
import { Icon } from '../ui/icon'
import type { NavSectionId } from './nav-section-ids'
import { type GuideLinks, type NavSection, useNavSections } from './nav-sections'

/**
 * The guide's links to content pages from the site settings, which a menu drawn in the browser loads when it first
 * opens (the footer's copy stays on the edge): none while they load, rather than links that may not be the agency's.
 */
function useGuideLinks(): GuideLinks {
  const { data, isLoading } = usePayload(siteKeys.settings())
  return isLoading ? NONE : data?.content?.guide_links
}
const NONE: GuideLinks = []

/** An open mega-menu panel: the section's name, its sentence and overview link, and its groups of links. */
export function MegaPanel({ sectionId, onNavigate }: { sectionId: NavSectionId; onNavigate: () => void }) {
  const { sections } = useNavSections(useGuideLinks())
  const section = sections.find((s) => s.id === sectionId)!
  return (
    <div className="container mega-panel__inner">
      <SectionIntro section={section} onNavigate={onNavigate} />
      <SectionLinks section={section} onNavigate={onNavigate} />
    </div>
  )
}

function SectionIntro({ section, onNavigate }: { section: NavSection; onNavigate: () => void }) {
  return (
    <div className="mega-panel__intro">
      <p className="mega-panel__title">{section.label}</p>
      <p className="mega-panel__text">{section.intro}</p>
      <Link to={section.overview.to} className="mega-panel__overview" onClick={onNavigate}>
        {section.overview.label}
        <Icon name="arrow-right" />
      </Link>
    </div>
  )
}

function SectionLinks({ section, onNavigate }: { section: NavSection; onNavigate: () => void }) {
  return (
    <div className={`mega-panel__groups mega-panel__groups--${section.groups.length}`}>
      {section.groups.map((group, i) => {
        const headingId = `mega-${section.id}-${i}`
        return (
          <div key={i} className="mega-panel__group">
            {group.label && (
              <p className="mega-panel__group-label" id={headingId}>
                {group.label}
              </p>
            )}
            <GroupLinks links={group.links} labelledBy={group.label ? headingId : undefined} onNavigate={onNavigate} />
          </div>
        )
      })}
    </div>
  )
}

/** The open mobile menu: each section a disclosure of its links, then Contacts. */
export function MobileMenuNav({ baseId, onNavigate }: { baseId: string; onNavigate: () => void }) {
  const t = useT()
  const { sections, contacts } = useNavSections(useGuideLinks())
  const [expanded, setExpanded] = useState<string | null>(null)
  return (
    <nav aria-label={t('nav.primary')} className="container">
      <ul className="mobile-menu__list">
        {sections.map((section) => {
          const isOpen = expanded === section.id
          const listId = `${baseId}-${section.id}`
          return (
            <li key={section.id} className="mobile-menu__section">
              <button
                type="button"
                className="mobile-menu__section-toggle"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => setExpanded(isOpen ? null : section.id)}
              >
                {section.label}
                <Icon name="chevron-down" className="mobile-menu__chevron" />
              </button>
              <div id={listId} className="mobile-menu__links" hidden={!isOpen}>
                {section.groups.map((group, i) => (
                  <div key={i}>
                    {group.label && <p className="mobile-menu__group-label">{group.label}</p>}
                    <GroupLinks links={group.links} onNavigate={onNavigate} />
                  </div>
                ))}
              </div>
            </li>
          )
        })}
        <li className="mobile-menu__section">
          <Link to={contacts.to} className="mobile-menu__plain" onClick={onNavigate}>
            {contacts.label}
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** A group's links; the one for the current page is marked. */
function GroupLinks({
  links,
  labelledBy,
  onNavigate,
}: {
  links: NavSection['groups'][number]['links']
  labelledBy?: string
  onNavigate: () => void
}) {
  const { route } = useRouter()
  return (
    <ul aria-labelledby={labelledBy}>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} onClick={onNavigate} aria-current={route.path === l.to ? 'page' : undefined}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
