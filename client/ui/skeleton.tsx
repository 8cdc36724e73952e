/**
 * Placeholders for streamed sections (`<Section fallback>`): the region is `aria-busy` with a spoken
 * "Loading…" label, the grey shapes are hidden from assistive technology.
 */
import type { CSSProperties, ReactNode } from 'react'
import { useT } from '../runtime/i18n'

/** A busy region wrapping any skeleton shapes; `label` names what is loading. */
export function SkeletonRegion({
  label,
  children,
  className,
}: {
  label?: string
  children: ReactNode
  className?: string
}) {
  const t = useT()
  return (
    <div className={['skeleton-region', className].filter(Boolean).join(' ')} aria-busy="true">
      <p className="visually-hidden" role="status">
        {label ?? t('common.loading')}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  )
}

/** One grey shape: a text line (width in %), a block of given height, or a circle. */
export function Skeleton({
  width,
  height,
  shape = 'line',
  className,
}: {
  width?: number | string
  height?: number | string
  shape?: 'line' | 'block' | 'circle'
  className?: string
}) {
  const style: CSSProperties = {
    width: typeof width === 'number' ? `${width}%` : width,
    height: typeof height === 'number' ? `${height}px` : height,
  }
  return <span className={['skeleton', `skeleton--${shape}`, className].filter(Boolean).join(' ')} style={style} />
}

/** Lines of text, the last one shorter. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className="skeleton-text">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? 60 : 100} />
      ))}
    </span>
  )
}

/** A card-shaped placeholder matching `<Card>`'s anatomy, so nothing shifts when the data arrives. */
function SkeletonCard({ image = true }: { image?: boolean }) {
  return (
    <span className="card card--skeleton">
      {image && (
        <span className="card__media">
          <Skeleton shape="block" height="100%" />
        </span>
      )}
      <span className="card__body">
        <Skeleton width={30} />
        <Skeleton width={90} height="1.4em" />
        <Skeleton width={70} height="1.4em" />
        <Skeleton width={45} />
      </span>
    </span>
  )
}

/** A grid of card placeholders in a busy region: the usual fallback of a streamed list. */
export function SkeletonCardGrid({
  count = 6,
  columns = 3,
  label,
  image = true,
}: {
  count?: number
  columns?: 2 | 3 | 4
  label?: string
  image?: boolean
}) {
  return (
    <SkeletonRegion label={label}>
      <span className={`card-grid card-grid--${columns}`}>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} image={image} />
        ))}
      </span>
    </SkeletonRegion>
  )
}
