/** Search results grouped by kind, each hit linking to its page, the keyword marked in titles and snippets. */
import { Fragment, type ReactNode, useRef } from 'react'
import type { Key } from '../../../shared/api-keys'
import type { Locale } from '../../../shared/constants'
import type { Envelope } from '../../../shared/contract/common'
import type { SearchHit, SearchResults } from '../../../shared/contract/site'
import { href, hrefTo, matchRoute, splitLocale } from '../../../shared/match'
import { REASONS } from '../../../shared/routes'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Pagination } from '../../ui/pagination'
import { SkeletonRegion, SkeletonText } from '../../ui/skeleton'

const SEARCH_KINDS = ['pages', 'posts', 'events', 'stories', 'gallery'] as const
type SearchKind = (typeof SEARCH_KINDS)[number]

const DETAIL_ROUTE: Readonly<Record<Exclude<SearchKind, 'pages'>, 'post' | 'event' | 'story' | 'gallery'>> = {
  posts: 'post',
  events: 'event',
  stories: 'story',
  gallery: 'gallery',
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
  return /^\d{1,12}$/.test(id) ? href(DETAIL_ROUTE[kind], { locale, params: { id } }) : null
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

function Hits({ kind, hits, keyword }: { kind: SearchKind; hits: readonly SearchHit[]; keyword: string }) {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="search-group" aria-labelledby={`search-${kind}`}>
      <h2 className="search-group__title" id={`search-${kind}`}>
        {t(`site.search.kinds.${kind}`)} <span className="search-group__count">({hits.length})</span>
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
  const groups = SEARCH_KINDS.map((kind) => [kind, shown.data.content?.[kind] ?? []] as const).filter(
    ([, hits]) => hits.length,
  )
  const count = groups.reduce((n, [, hits]) => n + hits.length, 0)
  const totalPages = countPages(shown.data, shown.page)
  return (
    <div className="search-answer" aria-busy={isLoading && !data ? true : undefined}>
      <p className="search-answer__status" role="status">
        {count
          ? t('site.search.found', { count, keyword: shown.keyword })
          : t('site.search.noneFor', { keyword: shown.keyword })}
      </p>
      {count ? (
        <>
          {groups.map(([kind, hits]) => (
            <Hits key={kind} kind={kind} hits={hits} keyword={shown.keyword} />
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
