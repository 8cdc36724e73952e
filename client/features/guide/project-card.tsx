/** A project in a list: image, sector, title, region and budget, with its status over the image. */
import type { Project } from '../../../contract/gateway/guide'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { Card } from '../../ui/card'
import { cardImage, nameOf, toNumber } from './guide-utils'
import { statusTone } from './status-badge'

export function ProjectCard({ project, headingLevel = 3 }: { project: Project; headingLevel?: 2 | 3 }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const budget = toNumber(project.budget)
  return (
    <Card
      to={href('project', { locale, params: { id: String(project.id) } })}
      title={project.title}
      kicker={nameOf(project.sector) || undefined}
      meta={[nameOf(project.region), budget !== null ? f.money(budget, 'USD', { compact: budget >= 1_000_000 }) : null]}
      image={cardImage(project.upload)}
      badge={t(`guide.status.${project.status}`)}
      badgeTone={statusTone(project.status)}
      headingLevel={headingLevel}
    />
  )
}
