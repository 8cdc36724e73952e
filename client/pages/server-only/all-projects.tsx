/**
 * `/guide/project/all`: every project of every category (docs/product.md#all-projects), filtered by category, sector,
 * region, amount and status through a GET form whose values live in the URL query, a page at a time, with the open-data
 * downloads of the same filtered list, and a link to the same projects on a map (`all-projects-map`) when the portal
 * has one. Drawn by the edge alone: the form works without JavaScript.
 */
import { ALL_PROJECTS_PAGE_SIZE } from '../../../shared/keys/guide-keys'
import { allProjectsPlan } from '../../../shared/plans/guide'
import { DATA_FORMATS, dataHref } from '../../../shared/routing/files'
import { href } from '../../../shared/routing/match'
import { AllProjectsFilters, AllProjectsHeader, appliedFilters } from '../../features/guide/all-projects-parts'
import { GuideStyles } from '../../features/guide/guide-styles'
import { ProjectCard } from '../../features/guide/project-card'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Button } from '../../ui/button'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { PageTitle } from '../../ui/page-title'
import { Pagination } from '../../ui/pagination'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(allProjectsPlan)
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
  const applied = appliedFilters(query)
  return (
    <main id="main" className="page guide all-projects">
      <GuideStyles />
      <PageTitle title={title} description={t('allProjects.lead')} />
      <div className="container">
        <AllProjectsHeader view="all-projects" applied={applied} />
        <div className="guide-catalogue">
          <AllProjectsFilters view="all-projects" lists={lists} query={query} />
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
