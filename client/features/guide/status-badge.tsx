/** A public project's status (open, under negotiation, closed) as a badge; the tone follows the status. */
import type { ProjectStatus } from '../../../contract/gateway/statuses'
import { useT } from '../../runtime/i18n'

const TONE: Readonly<Record<ProjectStatus, 'success' | 'brand' | 'neutral'>> = {
  open_for_investment: 'success',
  under_negotiation: 'brand',
  closed: 'neutral',
}

/** The badge tone of a status, for `<Card badgeTone>`. */
export function statusTone(status: ProjectStatus): 'success' | 'brand' | 'neutral' {
  return TONE[status] ?? 'neutral'
}

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const t = useT()
  return <span className={`badge badge--${statusTone(status)}`}>{t(`guide.status.${status}`)}</span>
}
