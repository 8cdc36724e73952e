/**
 * The service catalogue's side navigation: the top-level categories by `order`; under the current one, its sections
 * as in-page links (each section of the category page carries its services).
 */
import type { ServiceCategory } from '../../../contract/gateway/services'
import { byOrder, parentIdOf, sectionAnchor } from '../../../shared/keys/service-keys'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Icon } from '../../ui/icon'

/**
 * The category's own icon; `<Icon fallback={CATEGORY_ICON_FALLBACK}>` draws a neutral one when the portal has no such
 * icon.
 */
export function categoryIcon(category: Pick<ServiceCategory, 'icon'>): string {
  return category.icon || CATEGORY_ICON_FALLBACK
}

export const CATEGORY_ICON_FALLBACK = 'briefcase'

/** Parent id of a category, whichever field the gateway filled. */
export function categoryParentId(category: ServiceCategory): string | null {
  return parentIdOf(category.parent ?? category.parent_id)
}

export function CategoryNav({
  categories,
  currentId,
  sections,
}: {
  /** Top-level categories. */
  categories: readonly ServiceCategory[]
  currentId: string
  /** The current category's sections (its children). */
  sections: readonly ServiceCategory[]
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <nav className="category-nav" aria-label={t('services.catalog.navLabel')}>
      <ul className="category-nav__list">
        {byOrder(categories.filter((c) => categoryParentId(c) === null)).map((c) => {
          const current = String(c.id) === currentId
          return (
            <li key={c.id} className={current ? 'is-open' : undefined}>
              <Link
                to={href('service-category', { locale, params: { category_id: String(c.id) } })}
                className="category-nav__link"
                aria-current={current ? 'page' : undefined}
              >
                <Icon name={categoryIcon(c)} fallback={CATEGORY_ICON_FALLBACK} />
                <span>{c.title}</span>
              </Link>
              {current && sections.length > 0 && (
                <ul className="category-nav__children">
                  {sections.map((k) => (
                    <li key={k.id}>
                      <a href={`#${sectionAnchor(k.id)}`} className="category-nav__child">
                        {k.title}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
