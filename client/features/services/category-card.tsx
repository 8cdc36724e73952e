/** A service category as a compact card: icon, title, description; links to the category's page. */
import type { ServiceCategory } from '../../../contract/gateway/services'
import { href } from '../../../shared/routing/match'
import { useLocale } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Icon } from '../../ui/icon'
import { CATEGORY_ICON_FALLBACK, categoryIcon } from './category-nav'

export function CategoryCard({ category, headingLevel = 3 }: { category: ServiceCategory; headingLevel?: 2 | 3 }) {
  const locale = useLocale()
  const Heading = `h${headingLevel}` as const
  return (
    <article className="card card--compact category-card">
      <div className="card__body">
        <span className="category-card__icon" aria-hidden="true">
          <Icon name={categoryIcon(category)} fallback={CATEGORY_ICON_FALLBACK} />
        </span>
        <Heading className="card__title">
          <Link
            to={href('service-category', { locale, params: { category_id: String(category.id) } })}
            className="card__link"
          >
            {category.title}
          </Link>
        </Heading>
        {category.description && <p className="card__description">{category.description}</p>}
      </div>
    </article>
  )
}
