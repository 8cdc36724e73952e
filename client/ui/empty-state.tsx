/** A designed empty list: what is (not) here and the next step, never a blank area. */
import type { ReactNode } from 'react'
import { useT } from '../runtime/i18n'
import { Icon } from './icon'

export type EmptyStateProps = {
  title?: string
  message?: ReactNode
  /** The next step: a link or a button (e.g. "Clear filters", "Contact us"). */
  action?: ReactNode
  icon?: string
  headingLevel?: 2 | 3
  className?: string
}

export function EmptyState({ title, message, action, icon = 'inbox', headingLevel = 2, className }: EmptyStateProps) {
  const t = useT()
  const Heading = `h${headingLevel}` as const
  return (
    <div className={['state', 'state--empty', className].filter(Boolean).join(' ')}>
      <span className="state__icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <Heading className="state__title">{title ?? t('states.empty.title')}</Heading>
      <div className="state__message">{message ?? <p>{t('states.empty.message')}</p>}</div>
      {action && <div className="state__action">{action}</div>}
    </div>
  )
}
