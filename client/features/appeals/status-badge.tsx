import type { Appeal } from '../../../contract/gateway/account'
import { useT } from '../../runtime/i18n'

type AppealStatus = Appeal['status']

const STATUS_TONE: Record<AppealStatus, 'brand' | 'success' | 'danger' | 'neutral'> = {
  in_moderation: 'neutral',
  reviewed: 'brand',
  resolved: 'success',
  not_resolved: 'danger',
}

export function AppealStatusBadge({ status }: { status: AppealStatus }) {
  const t = useT()
  return <span className={`badge badge--${STATUS_TONE[status] ?? 'neutral'}`}>{t(`appeals.status.${status}`)}</span>
}
