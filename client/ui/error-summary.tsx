/**
 * The error summary at the top of a form (docs/design.md#forms): a list of what to fix, each a link that moves
 * focus to its field. It takes focus itself whenever a new set of errors arrives (on submit).
 */
import { type MouseEvent, useEffect, useId, useRef } from 'react'
import { useT } from '../runtime/i18n'

/** `field` is the id of the control to fix (for a radio group, its first option's id). */
export type FieldError = { field: string; message: string }

export function ErrorSummary({
  errors,
  title,
  className,
}: {
  errors: readonly FieldError[]
  title?: string
  className?: string
}) {
  const t = useT()
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useEffect(() => {
    if (errors.length) ref.current?.focus()
  }, [errors])
  if (!errors.length) return null
  const onClick = (field: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(field)
    if (!target) return
    event.preventDefault()
    // Show the label with the field: scroll its question into view, then focus without a second jump.
    const label =
      document.querySelector(`label[for="${CSS.escape(field)}"]`) ?? target.closest('fieldset')?.querySelector('legend')
    ;(label ?? target).scrollIntoView({ block: 'start' })
    target.focus({ preventScroll: true })
  }
  return (
    <div
      ref={ref}
      className={['error-summary', className].filter(Boolean).join(' ')}
      tabIndex={-1}
      aria-labelledby={titleId}
      role="alert"
    >
      <h2 className="error-summary__title" id={titleId}>
        {title ?? t('form.summaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {errors.map((e) => (
          <li key={e.field + e.message}>
            <a href={`#${e.field}`} onClick={onClick(e.field)}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
