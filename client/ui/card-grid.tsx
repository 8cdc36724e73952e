/** A responsive list of cards: one column on phones, up to `columns` on wide screens; each child is a list item. */
import { Children, isValidElement, type ReactNode } from 'react'

export function CardGrid({
  children,
  columns = 3,
  label,
  className,
}: {
  children: ReactNode
  columns?: 2 | 3 | 4
  /** Accessible name of the list when the page has several. */
  label?: string
  className?: string
}) {
  return (
    <ul className={['card-grid', `card-grid--${columns}`, className].filter(Boolean).join(' ')} aria-label={label}>
      {Children.toArray(children).map((child, i) => (
        <li key={isValidElement(child) && child.key !== null ? child.key : i}>{child}</li>
      ))}
    </ul>
  )
}
