/** A streamed media list: cards, an empty or error state, and pagination from the envelope's `pageable`. */
import type { ReactNode } from 'react'
import type { Pageable } from '../../../contract/gateway/common'
import type { Key } from '../../../shared/keys/api-keys'
import type { Params, RouteId } from '../../../shared/routing/routes'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Pagination } from '../../ui/pagination'

/** Pages of a list: from `pageable.total` (items) and the page size asked for. */
export function totalPages(pageable: Pageable | null | undefined, size: number, shown: number): number {
  const total = pageable?.total ?? shown
  return Math.max(1, Math.ceil(total / size))
}

export function ListSection<T>({
  dataKey,
  size,
  page,
  routeId,
  params,
  label,
  renderItem,
  empty,
}: {
  dataKey: Key<T[]>
  size: number
  page: number
  routeId: RouteId
  params?: Params
  /** Accessible name of the card list. */
  label: string
  renderItem: (item: T, index: number) => ReactNode
  empty?: ReactNode
}) {
  const t = useT()
  const { data, error } = usePayload(dataKey)
  if (error) return <ErrorState error={error} />
  const items = data?.content ?? []
  if (!items.length)
    return <>{empty ?? <EmptyState title={t('media.empty.title')} message={<p>{t('media.empty.message')}</p>} />}</>
  return (
    <>
      <CardGrid label={label}>{items.map(renderItem)}</CardGrid>
      <Pagination
        routeId={routeId}
        params={params}
        page={page}
        totalPages={totalPages(data?.pageable, size, items.length)}
      />
    </>
  )
}
