/**
 * The card (docs/design.md#cards): the same anatomy everywhere — image, kicker, title, meta line — and one link target,
 * the title, whose hit area covers the whole card.
 */
import type { ReactNode } from 'react'
import { Link } from '../runtime/router'
import { PatternArt } from './pattern-art'

export type CardImage = { src: string; alt?: string; width?: number; height?: number }

export type CardProps = {
  /** Portal URL from `href()` (client navigation), or any URL with `external`. */
  to: string
  title: string
  kicker?: ReactNode
  /** The meta line: date, place, amount… Several items are joined with a dot. */
  meta?: ReactNode | readonly ReactNode[]
  description?: ReactNode
  /** A photo; without one the card shows a generated pattern seeded by the title. */
  image?: CardImage | null
  /** A status chip over the image, e.g. "Open" or "Ended". */
  badge?: ReactNode
  badgeTone?: 'brand' | 'success' | 'neutral' | 'danger'
  headingLevel?: 2 | 3 | 4
  /** The first card above the fold: its image loads eagerly and first, as it is likely the largest paint. */
  priority?: boolean
  /** `horizontal` puts the image beside the text from 40rem; `compact` drops the image. */
  variant?: 'default' | 'horizontal' | 'compact'
  external?: boolean
  className?: string
}

export function Card({
  to,
  title,
  kicker,
  meta,
  description,
  image,
  badge,
  badgeTone = 'brand',
  headingLevel = 3,
  variant = 'default',
  external = false,
  className,
  priority = false,
}: CardProps) {
  const Heading = `h${headingLevel}` as const
  const metaItems = (Array.isArray(meta) ? meta : meta ? [meta] : []).filter(
    (m) => m !== null && m !== undefined && m !== '',
  )
  const classes = ['card', `card--${variant}`, className].filter(Boolean).join(' ')
  return (
    <article className={classes}>
      {variant !== 'compact' && (
        <div className="card__media">
          {image?.src ? (
            <img
              src={image.src}
              alt={image.alt ?? ''}
              width={image.width ?? 640}
              height={image.height ?? 400}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <PatternArt seed={title} className="card__pattern" />
          )}
          {badge && <span className={`badge badge--${badgeTone} card__badge`}>{badge}</span>}
        </div>
      )}
      <div className="card__body">
        {kicker && <p className="card__kicker">{kicker}</p>}
        <Heading className="card__title">
          {external ? (
            <a href={to} className="card__link" rel="noopener noreferrer">
              {title}
            </a>
          ) : (
            <Link to={to} className="card__link">
              {title}
            </Link>
          )}
        </Heading>
        {description && <div className="card__description">{description}</div>}
        {metaItems.length > 0 && (
          <p className="card__meta">
            {metaItems.map((m, i) => (
              <span key={i} className="card__meta-item">
                {m}
              </span>
            ))}
          </p>
        )}
        {variant === 'compact' && badge && <span className={`badge badge--${badgeTone}`}>{badge}</span>}
      </div>
    </article>
  )
}
