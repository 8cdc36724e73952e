/** Pagination with 0-based `page` in the URL query (built with `href()`): previous/next and numbered links. */
import { type HrefQuery, hrefTo } from '../../shared/routing/match'
import type { Params, RouteId } from '../../shared/routing/routes'
import { useLocale, useT } from '../runtime/i18n'
import { Link } from '../runtime/router'
import { Icon } from './icon'

export type PaginationProps = {
  /** The list's route and its params; other query values (filters) are kept on every link. */
  routeId: RouteId
  params?: Params
  query?: HrefQuery
  /** Current page, 0-based (as in the URL). */
  page: number
  totalPages: number
  /** Accessible name when a page has more than one pagination. */
  label?: string
}

/** Page indexes to show: first, last, and the current one with a neighbour each side; null is a gap. */
function pageWindow(page: number, totalPages: number): (number | null)[] {
  const keep = new Set([0, totalPages - 1, page - 1, page, page + 1].filter((p) => p >= 0 && p < totalPages))
  // Fill a gap of one page rather than showing an ellipsis for it.
  if (keep.has(2) && totalPages > 2) keep.add(1)
  if (keep.has(totalPages - 3)) keep.add(totalPages - 2)
  const sorted = [...keep].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null)
    out.push(p)
  })
  return out
}

export function Pagination({ routeId, params, query = {}, page, totalPages, label }: PaginationProps) {
  const t = useT()
  const locale = useLocale()
  if (totalPages <= 1) return null
  const current = Math.min(Math.max(0, page), totalPages - 1)
  const to = (p: number) =>
    hrefTo({ id: routeId, params }, { locale, query: { ...query, page: p === 0 ? undefined : p } })
  const step = (p: number, kind: 'prev' | 'next') => {
    const text = kind === 'prev' ? t('pagination.previous') : t('pagination.next')
    const icon = <Icon name={kind === 'prev' ? 'arrow-left' : 'arrow-right'} />
    const inside =
      kind === 'prev' ? (
        <>
          {icon}
          <span>{text}</span>
        </>
      ) : (
        <>
          <span>{text}</span>
          {icon}
        </>
      )
    const ok = p >= 0 && p < totalPages
    return ok ? (
      <Link to={to(p)} className={`pagination__step pagination__step--${kind}`} rel={kind}>
        {inside}
      </Link>
    ) : (
      <span className={`pagination__step pagination__step--${kind} is-disabled`} aria-hidden="true">
        {inside}
      </span>
    )
  }
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      {step(current - 1, 'prev')}
      <ul className="pagination__pages">
        {pageWindow(current, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li
              key={p}
              className={Math.abs(p - current) > 1 && p !== 0 && p !== totalPages - 1 ? 'pagination__far' : undefined}
            >
              <Link
                to={to(p)}
                className="pagination__page"
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p + 1 })}
              >
                {p + 1}
              </Link>
            </li>
          ),
        )}
      </ul>
      <p className="pagination__status">{t('pagination.status', { page: current + 1, total: totalPages })}</p>
      {step(current + 1, 'next')}
    </nav>
  )
}
