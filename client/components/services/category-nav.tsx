/** The service catalogue's side navigation: top-level categories by `order`, the current branch opened to its children. */
import { href } from '../../../shared/match'
import { byOrder, parentIdOf } from '../../../shared/service-keys'
import { useLocale, useT } from '../../i18n'
import { Link } from '../../router'
import { Icon } from '../icon'
import { ICONS } from '../icons'
import type { ServiceCategory } from './types'

/** The category's own icon when the bundled set has it, else a neutral one. */
export function categoryIcon(category: Pick<ServiceCategory, 'icon'>): string {
  return category.icon && ICONS[category.icon] ? category.icon : 'briefcase'
}

/** Parent id of a category, whichever field the gateway filled. */
export function categoryParentId(category: ServiceCategory): string | null {
  return parentIdOf(category.parent ?? category.parent_id)
}

export function CategoryNav({ categories, currentId }: { categories: readonly ServiceCategory[]; currentId: string | null }) {
  const t = useT()
  const locale = useLocale()
  const current = categories.find((c) => String(c.id) === currentId)
  const branchId = current ? (categoryParentId(current) ?? String(current.id)) : null
  const top = byOrder(categories.filter((c) => categoryParentId(c) === null))
  const to = (c: ServiceCategory) => href('service-category', { locale, params: { category_id: String(c.id) } })
  return (
    <nav className="category-nav" aria-label={t('services.catalog.navLabel')}>
      <ul className="category-nav__list">
        {top.map((c) => {
          const open = String(c.id) === branchId
          const children = open ? byOrder(categories.filter((k) => categoryParentId(k) === String(c.id))) : []
          return (
            <li key={c.id} className={open ? 'is-open' : undefined}>
              <Link to={to(c)} className="category-nav__link" aria-current={String(c.id) === currentId ? 'page' : undefined}>
                <Icon name={categoryIcon(c)} />
                <span>{c.title}</span>
              </Link>
              {children.length > 0 && (
                <ul className="category-nav__children">
                  {children.map((k) => (
                    <li key={k.id}>
                      <Link to={to(k)} className="category-nav__child" aria-current={String(k.id) === currentId ? 'page' : undefined}>
                        {k.title}
                      </Link>
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
