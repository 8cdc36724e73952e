/** Key figures in a row (docs/design.md#figures): each set large with its unit, a label and the source and year. */
import type { ReactNode } from 'react'
import { useFormat } from '../lib/format'

export type Stat = {
  /** A number is formatted in the page's language; pass a string for a figure already formatted. */
  value: number | string
  /** Unit after the figure: "%", "bn USD", "km²"… */
  unit?: string
  /** Prefix before the figure, e.g. "+" or "$". */
  prefix?: string
  label: ReactNode
  /** "World Bank, 2024" — shown small under the label. */
  source?: string
  maxFractionDigits?: number
}

export function StatBlocks({
  items,
  tone = 'light',
  className,
}: {
  items: readonly Stat[]
  /** `deep` for dark bands. */
  tone?: 'light' | 'deep' | 'plain'
  className?: string
}) {
  const f = useFormat()
  return (
    <dl className={['stat-blocks', `stat-blocks--${tone}`, className].filter(Boolean).join(' ')}>
      {items.map((item, i) => (
        <div key={i} className="stat-block">
          <dt className="stat-block__label">{item.label}</dt>
          <dd className="stat-block__figure">
            {item.prefix}
            {typeof item.value === 'number'
              ? f.number(item.value, { maxFractionDigits: item.maxFractionDigits ?? 1 })
              : item.value}
            {item.unit && <span className="stat-block__unit">{item.unit}</span>}
          </dd>
          {item.source && <dd className="stat-block__source">{item.source}</dd>}
        </div>
      ))}
    </dl>
  )
}
