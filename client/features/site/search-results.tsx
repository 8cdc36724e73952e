/** Search results grouped by kind, each hit linking to its page, the keyword marked in titles and snippets. */
import { Fragment, type ReactNode, useRef } from 'react'
import type { Envelope } from '../../../contract/gateway/common'
import type { SearchHit, SearchResults } from '../../../contract/gateway/site'
import type { Locale } from '../../../contract/locales'
import { pluralKey } from '../../../shared/i18n/plural'
import type { Key } from '../../../shared/keys/api-keys'
import { href, hrefTo, matchRoute, type RouteTarget, splitLocale } from '../../../shared/routing/match'
import { REASONS, SECTOR_SLUG } from '../../../shared/routing/routes'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Pagination } from '../../ui/pagination'
import { SkeletonRegion, SkeletonText } from '../../ui/skeleton'

const SEARCH_KINDS = [
  'pages',
  'projects',
  'sectors',
  'services',
  'lots',
  'posts',
  'events',
  'stories',
  'gallery',
] as const
type SearchKind = (typeof SEARCH_KINDS)[number]

/** A hit's page from its kind and id, when its path says nothing the route table knows. */
const DETAIL_ROUTE: Readonly<Record<Exclude<SearchKind, 'pages'>, (id: string) => RouteTarget | null>> = {
  posts: (id) => numbered('post', id),
  events: (id) => numbered('event', id),
  stories: (id) => numbered('story', id),
  gallery: (id) => numbered('gallery', id),
  projects: (id) => numbered('project', id),
  services: (id) => (/^\d{1,12}$/.test(id) ? { id: 'service', params: { service_id: id } } : null),
  lots: (id) => numbered('e-auction-lot', id),
  sectors: (id) => (SECTOR_SLUG.test(id) ? { id: 'sector', params: { sector: id } } : null),
}
function numbered(id: RouteTarget['id'], value: string): RouteTarget | null {
  return /^\d{1,20}$/.test(value) ? { id, params: { id: value } } : null
}
const REASON_SLUG = new RegExp(`^reason-(${REASONS.join('|')})$`)

/** The portal URL of a hit: its gateway path matched against the route table, else its kind and id. */
function hitHref(kind: SearchKind, hit: SearchHit, locale: Locale): string | null {
  const id = String(hit.id ?? '')
  if (kind === 'pages') {
    const slug = (hit.path ?? '').replace(/^\/+/, '').split(/[?#]/)[0] || id
    const reason = REASON_SLUG.exec(slug)
    if (reason) return href('reason', { locale, params: { topic: reason[1]! } })
  }
  if (hit.path?.startsWith('/') && !hit.path.startsWith('//')) {
    const { rest } = splitLocale(hit.path.split(/[?#]/)[0]!)
    const match = matchRoute(rest)
    if (match) return hrefTo(match, { locale })
  }
  if (kind === 'pages') return /^[a-z0-9-]+$/.test(id) ? href('page', { locale, params: { slug: id } }) : null
  const target = DETAIL_ROUTE[kind](id)
  return target ? hrefTo(target, { locale }) : null
}

/** Text with each occurrence of the keyword (any case) in <mark>. */
function markKeyword(text: string, keyword: string): ReactNode {
  const needle = keyword.trim().toLocaleLowerCase()
  if (!needle) return text
  const lower = text.toLocaleLowerCase()
  const parts: ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1 && parts.length < 40; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  if (!parts.length) return text
  parts.push(text.slice(from))
  return parts.map((p, i) => <Fragment key={i}>{p}</Fragment>)
}

/** The hit's excerpt as plain text (React escapes it; stray tags are dropped, not rendered). */
const snippet = (value: string | null | undefined) => {
  const text = (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 240 ? `${text.slice(0, 239).replace(/\s+\S*$/, '')}…` : text
}

/**
 * How many pages to offer: up to the current one, plus the next while the gateway says there is one. Its `total`
 * counts hits of every kind together, which says nothing about pages of at most `size` hits per kind.
 */
function countPages(envelope: Envelope<SearchResults>, page: number): number {
  const next = envelope.pageable?.next
  return next !== null && next !== undefined && next > page ? next + 1 : page + 1
}

function Hits({
  kind,
  hits,
  count,
  keyword,
}: {
  kind: SearchKind
  hits: readonly SearchHit[]
  count: number
  keyword: string
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="search-group" aria-labelledby={`search-${kind}`}>
      <h2 className="search-group__title" id={`search-${kind}`}>
        {t(`site.search.kinds.${kind}`)} <span className="search-group__count">({count})</span>
      </h2>
      <ul className="search-hits">
        {hits.map((hit) => {
          const to = hitHref(kind, hit, locale)
          const text = snippet(hit.description)
          return (
            <li key={`${kind}-${hit.id}`} className="search-hit">
              <h3 className="search-hit__title">
                {to ? <Link to={to}>{markKeyword(hit.title, keyword)}</Link> : markKeyword(hit.title, keyword)}
              </h3>
              {text && <p className="search-hit__text">{markKeyword(text, keyword)}</p>}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The answer for one keyword and page; while a new answer loads, the previous one stays with the region busy. */
export function SearchAnswer({
  dataKey,
  keyword,
  page,
}: {
  dataKey: Key<SearchResults>
  keyword: string
  page: number
}) {
  const t = useT()
  const locale = useLocale()
  const { data, error, isLoading } = usePayload(dataKey)
  const last = useRef<{ data: Envelope<SearchResults>; keyword: string; page: number } | null>(null)
  if (data) last.current = { data, keyword, page }
  const shown = data ? { data, keyword, page } : isLoading ? last.current : null
  if (error && !data) return <ErrorState error={error} />
  if (!shown) {
    return (
      <SkeletonRegion label={t('site.search.searching')}>
        <SkeletonText lines={6} />
      </SkeletonRegion>
    )
  }
  // Each kind's matches over every page when the upstream counts them, else what this page holds.
  const counts = shown.data.content?.counts
  const groups = SEARCH_KINDS.map((kind) => {
    const hits = shown.data.content?.[kind] ?? []
    return { kind, hits, count: Math.max(hits.length, Number(counts?.[kind] ?? 0) || 0) }
  }).filter(({ hits }) => hits.length)
  const count = groups.reduce((n, g) => n + g.count, 0)
  const totalPages = countPages(shown.data, shown.page)
  return (
    <div className="search-answer" aria-busy={isLoading && !data ? true : undefined}>
      <p className="search-answer__status" role="status">
        {count
          ? t(pluralKey('site.search.found', count, locale), { count, keyword: shown.keyword })
          : t('site.search.noneFor', { keyword: shown.keyword })}
      </p>
      {count ? (
        <>
          {groups.map(({ kind, hits, count: n }) => (
            <Hits key={kind} kind={kind} hits={hits} count={n} keyword={shown.keyword} />
          ))}
          <Pagination
            routeId="search"
            query={{ keyword: shown.keyword }}
            page={shown.page}
            totalPages={totalPages}
            label={t('site.search.pages')}
          />
        </>
      ) : (
        <EmptyState title={t('site.search.emptyTitle')} message={<p>{t('site.search.emptyText')}</p>} icon="search" />
      )}
    </div>
  )
}
