/** A section that could not load: a friendly message, then a retry or another way forward. */
import type { ReactNode } from 'react'
import { href } from '../../shared/routing/match'
import { useLocale, useT } from '../runtime/i18n'
import { Button } from './button'
import { EmptyState } from './empty-state'
import { Icon } from './icon'

export type ErrorStateProps = {
  /** The failure from `usePayload().error`; its code picks the message (`messages.error.*`). */
  error?: { status?: number; code?: string } | null
  title?: string
  message?: ReactNode
  /** Shows a "Try again" button. */
  onRetry?: () => void
  /** Replaces the default next step (a link to the contacts page). */
  action?: ReactNode
  headingLevel?: 2 | 3
  className?: string
}

export function ErrorState({ error, title, message, onRetry, action, headingLevel = 2, className }: ErrorStateProps) {
  const t = useT()
  const locale = useLocale()
  const Heading = `h${headingLevel}` as const
  // Nothing there is no failure: a text the agency has not published yet (a fresh deployment) is an empty state.
  if (error?.code === 'not_found')
    return (
      <EmptyState
        title={t('states.unpublished.title')}
        message={<p>{t('states.unpublished.message')}</p>}
        action={<Button variant="outline" to={href('contacts', { locale })} label={t('states.error.contact')} />}
        headingLevel={headingLevel}
        className={className}
      />
    )
  const key = error?.code ? `messages.error.${error.code}` : ''
  const known = key ? t(key) : key
  const text = message ?? (known && known !== key ? known : t('states.error.message'))
  return (
    <div className={['state', 'state--error', className].filter(Boolean).join(' ')} role="alert">
      <span className="state__icon" aria-hidden="true">
        <Icon name="alert" />
      </span>
      <Heading className="state__title">{title ?? t('states.error.title')}</Heading>
      <div className="state__message">{typeof text === 'string' ? <p>{text}</p> : text}</div>
      <div className="state__action">
        {onRetry && <Button variant="solid" iconName="refresh" label={t('states.error.retry')} onClick={onRetry} />}
        {action ?? (
          <Button
            variant={onRetry ? 'outline' : 'solid'}
            to={href('contacts', { locale })}
            label={t('states.error.contact')}
          />
        )}
      </div>
    </div>
  )
}
