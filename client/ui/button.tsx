/** The button of docs/product.md#buttons: a link when `href`/`to` is set; disabled and announcing while loading. */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useT } from '../runtime/i18n'
import { Link } from '../runtime/router'
import { Icon } from './icon'

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> & {
  variant?: 'solid' | 'outline' | 'ghost' | 'link'
  size?: 'sm' | 'md' | 'lg'
  color?: 'primary' | 'secondary' | 'success' | 'danger' | 'neutral'
  label?: ReactNode
  loadingLabel?: string
  rounded?: boolean
  squared?: boolean
  loading?: boolean
  /** External or full-page URL. */
  href?: string
  /** Portal URL built with `href()`: navigates on the client. */
  to?: string
  iconName?: string
  iconClass?: string
  afterIcon?: boolean
}

export function Button({
  variant = 'solid',
  size = 'md',
  color = 'primary',
  label,
  loadingLabel,
  rounded,
  squared,
  loading = false,
  disabled = false,
  href,
  to,
  iconName,
  iconClass,
  afterIcon = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const t = useT()
  const classes = [
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    `btn--${color}`,
    rounded && 'btn--rounded',
    squared && 'btn--squared',
    loading && 'btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ')
  const icon = iconName && !loading ? <Icon name={iconName} className={iconClass} /> : null
  const content = loading ? (
    <>
      <span className="btn__spinner" aria-hidden="true" />
      <span>{loadingLabel ?? t('common.loading')}</span>
    </>
  ) : (
    <>
      {!afterIcon && icon}
      {label ?? children}
      {afterIcon && icon}
    </>
  )
  if ((to || href) && !disabled && !loading) {
    return to ? (
      <Link to={to} className={classes}>
        {content}
      </Link>
    ) : (
      <a href={href} className={classes}>
        {content}
      </a>
    )
  }
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {content}
    </button>
  )
}
