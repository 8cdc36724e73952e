/**
 * `/guide/project/all`: every project of every category (docs/product.md#all-projects), filtered by category, sector,
 * region, amount and status through a GET form whose values live in the URL query, a page at a time, with the open-data
 * downloads of the same filtered list. Drawn by the edge alone: the form works without JavaScript.
 */
import type { Region } from '../../../contract/gateway/common'
import type { Amount, ProjectCategory, Sector } from '../../../contract/gateway/guide'
import { PROJECT_STATUSES } from '../../../contract/gateway/statuses'
import { ALL_PROJECTS_PAGE_SIZE, FILTER_NAMES, readAllProjectsFilters } from '../../../shared/keys/guide-keys'
import { allProjectsPlan } from '../../../shared/plans/guide'
import { DATA_FORMATS, dataHref } from '../../../shared/routing/files'
import { href } from '../../../shared/routing/match'
import { GuideStyles } from '../../features/guide/guide-styles'
import { nameOf } from '../../features/guide/guide-utils'
import { ProjectCard } from '../../features/guide/project-card'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { SelectField } from '../../ui/form-field'
import { PageTitle } from '../../ui/page-title'
import { Pagination } from '../../ui/pagination'

const optionsOf = (items: readonly (ProjectCategory | Sector | Region | Amount)[]) =>
  items.map((item) => ({ value: String(item.id), label: nameOf(item) }))

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(allProjectsPlan)
  const filters = readAllProjectsFilters(query)
  const page = query.page ?? 0
  const lists = {
    category_id: usePayload(keys.categories).data?.content ?? [],
    sector_id: usePayload(keys.sectors).data?.content ?? [],
    region_id: usePayload(keys.regions).data?.content ?? [],
    amount_id: usePayload(keys.amounts).data?.content ?? [],
  }
  const projects = usePayload(keys.projects)
  const items = projects.data?.content ?? []
  const total = projects.data?.pageable?.total ?? items.length
  const title = t('routes.allProjects')
  const all = href('all-projects', { locale })
  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>
  const active = Object.keys(applied).length > 0
  const fields = ['category_id', ...FILTER_NAMES] as const
  return (
    <main id="main" className="page guide all-projects">
      <GuideStyles />
      <PageTitle title={title} description={t('allProjects.lead')} />
      <div className="container">
        <Breadcrumbs
          items={[{ label: t('routes.projects'), to: href('guide-project', { locale }) }, { label: title }]}
        />
        <header className="page-header guide-header">
          <span className="page-header__kicker">{t('nav.guide')}</span>
          <h1>{title}</h1>
          <p className="lead">{t('allProjects.lead')}</p>
        </header>
        <div className="guide-catalogue">
          <form method="get" action={all} className="guide-filters" role="search" aria-labelledby="filters-title">
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
                  label={t(
                    name === 'category_id' ? 'allProjects.category' : `guide.filters.${name.replace('_id', '')}`,
                  )}
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
                <Link to={all} className="guide-filters__clear">
                  {t('guide.filters.clear')}
                </Link>
              ) : null}
            </div>
          </form>
          <section className="guide-results" aria-labelledby="results-title">
            <div className="guide-results__head">
              <h2 id="results-title">{t('allProjects.results')}</h2>
              {!projects.error ? (
                <p className="guide-results__count">{t('guide.category.count', { count: total })}</p>
              ) : null}
            </div>
            <p className="all-projects__downloads">
              {t('allProjects.download')}{' '}
              {DATA_FORMATS.map((format, i) => (
                <span key={format}>
                  {i > 0 ? ' · ' : null}
                  <a href={dataHref(locale, 'projects', format, applied)} download>
                    {t(`openData.${format}`)}
                  </a>
                </span>
              ))}{' '}
              (<Link to={href('open-data', { locale })}>{t('routes.openData')}</Link>)
            </p>
            {projects.error ? (
              <ErrorState error={projects.error} headingLevel={3} />
            ) : items.length ? (
              <>
                <CardGrid columns={3} label={t('allProjects.results')}>
                  {items.map((p) => (
                    <ProjectCard key={p.id} project={p} />
                  ))}
                </CardGrid>
                <Pagination
                  routeId="all-projects"
                  query={applied}
                  page={page}
                  totalPages={Math.ceil(total / ALL_PROJECTS_PAGE_SIZE)}
                />
              </>
            ) : (
              <EmptyState
                headingLevel={3}
                icon="search"
                title={t('guide.category.emptyTitle')}
                message={<p>{t('guide.category.emptyText')}</p>}
                action={<Button to={all} variant="outline" label={t('guide.filters.clear')} />}
              />
            )}
          </section>
        </div>
      </div>
    </main>
  )
}
