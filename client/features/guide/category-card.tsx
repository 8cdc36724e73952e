/** A project category in a list: its image (or generated art), title and description, linking to its projects. */
import type { ProjectCategory } from '../../../contract/gateway/guide'
import { href } from '../../../shared/routing/match'
import { useLocale } from '../../runtime/i18n'
import { Card } from '../../ui/card'
import { cardImage } from './guide-utils'

export function CategoryCard({ category, headingLevel = 3 }: { category: ProjectCategory; headingLevel?: 2 | 3 }) {
  const locale = useLocale()
  return (
    <Card
      to={href('project-category', { locale, params: { id: String(category.id) } })}
      title={category.title}
      description={category.description ? <p>{category.description}</p> : undefined}
      image={cardImage(category.upload)}
      headingLevel={headingLevel}
    />
  )
}
