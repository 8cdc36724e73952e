/** A personal project's moderation state as a badge: draft, under moderation, published or rejected. */
import type { PersonalProject } from '../../../contract/gateway/account'
import { useT } from '../../runtime/i18n'

const STATE_TONE: Record<PersonalProject['state'], 'neutral' | 'success' | 'danger'> = {
  pending: 'neutral',
  approved: 'success',
  rejected: 'danger',
}

export function ProjectStateBadge({ project }: { project: Pick<PersonalProject, 'state' | 'draft'> }) {
  const t = useT()
  if (project.draft) return <span className="badge badge--neutral">{t('projects.state.draft')}</span>
  return (
    <span className={`badge badge--${STATE_TONE[project.state] ?? 'neutral'}`}>
      {t(`projects.state.${project.state}`)}
    </span>
  )
}
