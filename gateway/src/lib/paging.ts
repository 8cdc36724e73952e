/** 0-based paging from `page`/`size` query values (docs/gateway-contract.md#lists). */
export type Paging = { page: number; size: number; offset: number }

export function readPaging(query: Record<string, string | undefined>, defaultSize = 12, maxSize = 100): Paging {
  const page = Math.max(0, Number.parseInt(query.page ?? '0', 10) || 0)
  const rawSize = Number.parseInt(query.size ?? String(defaultSize), 10)
  const size = Math.min(maxSize, Math.max(1, Number.isFinite(rawSize) ? rawSize : defaultSize))
  return { page, size, offset: page * size }
}

export function pageable(p: Paging, total: number) {
  const last = Math.max(0, Math.ceil(total / p.size) - 1)
  return { total, current: p.page, prev: p.page > 0 ? p.page - 1 : null, next: p.page < last ? p.page + 1 : null }
}
