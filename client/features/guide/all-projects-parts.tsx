/**
 * What the two views of all projects share (docs/product.md#all-projects): the heading with the switch between the
 * list and the map, and the filters' GET form, which sends the reader to the view it was sent from. And the map view's
 * list of the projects it marks, every one a link: the keyboard's way through the map, and the whole of the view
 * where the map cannot start (docs/decisions/0058-project-map.md).
 */
import type { Region } from '../../../contract/gateway/common'
import type { Amount, ProjectCategory, Sector } from '../../../contract/gateway/guide'
import { PROJECT_STATUSES } from '../../../contract/gateway/statuses'
import { FILTER_NAMES, readAllProjectsFilters } from '../../../shared/keys/guide-keys'
import { allProjectsMapPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { useConfig } from '../../runtime/config'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { SelectField } from '../../ui/form-field'
import { nameOf } from './guide-utils'

export type ProjectsView = 'all-projects' | 'all-projects-map'
type Lists = Readonly<{
  category_id: readonly ProjectCategory[]
  sector_id: readonly Sector[]
  region_id: readonly Region[]
  amount_id: readonly Amount[]
}>

const optionsOf = (items: readonly (ProjectCategory | Sector | Region | Amount)[]) =>
  items.map((item) => ({ value: String(item.id), label: nameOf(item) }))

/** The filters a view applies, without the empty ones: what its links and the other view's link keep. */
export function appliedFilters(query: Readonly<Record<string, string | number | undefined>>): Record<string, string> {
  const filters = readAllProjectsFilters(query as Record<string, string | undefined>)
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>
}

/** Breadcrumbs, the heading and, when the portal has a map (`MAP_TILES`), the switch between the two views. */
export function AllProjectsHeader({ view, applied }: { view: ProjectsView; applied: Record<string, string> }) {
  const t = useT()
  const locale = useLocale()
  const hasMap = useConfig().map !== null
  const list = t('routes.allProjects')
  const title = view === 'all-projects' ? list : t('routes.allProjectsMap')
  const crumbs = [{ label: t('routes.projects'), to: href('guide-project', { locale }) }]
  if (view === 'all-projects-map') crumbs.push({ label: list, to: href('all-projects', { locale, query: applied }) })
  return (
    <>
      <Breadcrumbs items={[...crumbs, { label: title }]} />
      <header className="page-header guide-header">
        <span className="page-header__kicker">{t('nav.guide')}</span>
        <h1>{title}</h1>
        <p className="lead">{t(view === 'all-projects' ? 'allProjects.lead' : 'allProjects.map.lead')}</p>
        {hasMap ? (
          <nav className="all-projects__views" aria-label={t('allProjects.views')}>
            {(['all-projects', 'all-projects-map'] as const).map((id) => (
              <Link
                key={id}
                to={href(id, { locale, query: applied })}
                className="all-projects__view"
                aria-current={id === view ? 'page' : undefined}
              >
                {t(id === 'all-projects' ? 'allProjects.viewList' : 'allProjects.viewMap')}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>
    </>
  )
}

/** The filters' GET form: its values live in the URL query, and it works without JavaScript. */
export function AllProjectsFilters({
  view,
  lists,
  query,
}: {
  view: ProjectsView
  lists: Lists
  query: Readonly<Record<string, string | number | undefined>>
}) {
  const t = useT()
  const locale = useLocale()
  const filters = readAllProjectsFilters(query as Record<string, string | undefined>)
  const action = href(view, { locale })
  const active = Object.keys(appliedFilters(query)).length > 0
  const fields = ['category_id', ...FILTER_NAMES] as const
  return (
    <form method="get" action={action} className="guide-filters" role="search" aria-labelledby="filters-title">
      <h2 className="guide-filters__title" id="filters-title">
        {t('guide.filters.title')}
      </h2>
      <p className="guide-filters__hint">{t('guide.filters.hint')}</p>
      <div className="guide-filters__fields">
        {fields.map((name) => (
          <SelectField
            key={name}
            id={`filter-${name}`}
            name={name}
            label={t(name === 'category_id' ? 'allProjects.category' : `guide.filters.${name.replace('_id', '')}`)}
            options={
              name === 'status'
                ? PROJECT_STATUSES.map((s) => ({ value: s, label: t(`guide.status.${s}`) }))
                : optionsOf(lists[name])
            }
            placeholder={t('guide.filters.any')}
            defaultValue={filters[name] ?? ''}
          />
        ))}
      </div>
      <div className="guide-filters__actions">
        <Button type="submit" variant="outline" label={t('guide.filters.apply')} />
        {active ? (
          <Link to={action} className="guide-filters__clear">
            {t('guide.filters.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  )
}

/** The map view's filters, read from its own route (a static section of the map page). */
export function MapFilters() {
  const { query, keys } = useRouteData(allProjectsMapPlan)
  const lists = {
    category_id: usePayload(keys.categories).data?.content ?? [],
    sector_id: usePayload(keys.sectors).data?.content ?? [],
    region_id: usePayload(keys.regions).data?.content ?? [],
    amount_id: usePayload(keys.amounts).data?.content ?? [],
  }
  return <AllProjectsFilters view="all-projects-map" lists={lists} query={query} />
}

/** The map view's heading (a static section of the map page). */
export function MapHeader() {
  const { query } = useRouteData(allProjectsMapPlan)
  return <AllProjectsHeader view="all-projects-map" applied={appliedFilters(query)} />
}

/**
 * Every project the map marks, as links in the page's language, with its category and status: the keyboard's way to
 * the projects (the map's markers stay out of the tab order), and what a reader has when the map cannot start.
 */
export function ProjectPlaceList() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(allProjectsMapPlan)
  const places = usePayload(keys.places)
  const items = places.data?.content ?? []
  const heading = (
    <h3 id="map-list-title" className="project-map-list__title">
      {t('allProjects.map.listTitle', { count: items.length })}
    </h3>
  )
  if (places.error || !items.length)
    return (
      <>
        {heading}
        {places.error ? (
          <ErrorState error={places.error} headingLevel={3} />
        ) : (
          <EmptyState
            headingLevel={3}
            icon="search"
            title={t('guide.category.emptyTitle')}
            message={<p>{t('guide.category.emptyText')}</p>}
            action={
              <Button to={href('all-projects-map', { locale })} variant="outline" label={t('guide.filters.clear')} />
            }
          />
        )}
      </>
    )
  return (
    <>
      {heading}
      <ol className="project-map-list__items">
        {items.map((p) => (
          <li key={p.id}>
            <Link to={href('project', { locale, params: { id: String(p.id) } })}>{p.title}</Link>
            <span className="project-map-list__meta">
              {[p.category?.title, t(`guide.status.${p.status}`)].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ol>
    </>
  )
}
