/**
 * `/guide/project/category/{id}`: the category, its projects filtered by sector, region, amount and status (kept in
 * the URL query), pagination that keeps the filters, and the services that help with projects of this kind.
 */
import { PROJECT_PAGE_SIZE, readProjectFilters } from '../../shared/guide-keys'
import { projectCategoryPlan } from '../../shared/plans/guide'
import { href } from '../../shared/match'
import { Breadcrumbs } from '../components/breadcrumbs'
import { Button } from '../components/button'
import { Card } from '../components/card'
import { CardGrid } from '../components/card-grid'
import { EmptyState } from '../components/empty-state'
import { ErrorState } from '../components/error-state'
import { GuideStyles } from '../components/guide/guide-styles'
import { ProjectCard } from '../components/guide/project-card'
import { ProjectFilters } from '../components/guide/project-filters'
import type { CategoryService, Named, Project, ProjectCategory } from '../components/guide/types'
import { PageTitle } from '../components/page-title'
import { Pagination } from '../components/pagination'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { Link, useRouteData } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, query, keys } = useRouteData(projectCategoryPlan)
  const { id } = params
  const filters = readProjectFilters(query)
  const page = query.page ?? 0
  const category = usePayload<ProjectCategory>(keys.category)
  const projects = usePayload<Project[]>(keys.projects)
  const sectors = usePayload<Named[]>(keys.sectors).data?.content ?? []
  const regions = usePayload<Named[]>(keys.regions).data?.content ?? []
  const amounts = usePayload<Named[]>(keys.amounts).data?.content ?? []
  const c = category.data?.content
  if (!c) {
    return (
      <main id="main" className="container page">
        <ErrorState error={category.error} />
      </main>
    )
  }
  const items = projects.data?.content ?? []
  const total = projects.data?.pageable?.total ?? items.length
  const services = c.service_categories ?? []
  const clear = href('project-category', { locale, params: { id } })
  return (
    <main id="main" className="page guide">
      <GuideStyles />
      <PageTitle title={c.title} description={c.description ?? undefined} />
      <div className="container">
        <Breadcrumbs
          items={[
            { label: t('routes.projects'), to: href('guide-project', { locale }) },
            { label: t('routes.projectCategories'), to: href('project-category-list', { locale }) },
            { label: c.title },
          ]}
        />
        <header className="page-header guide-header">
          <span className="page-header__kicker">{t('guide.category.kicker')}</span>
          <h1>{c.title}</h1>
          {c.description ? <p className="lead">{c.description}</p> : null}
        </header>
        <div className="guide-catalogue">
          <ProjectFilters categoryId={id} filters={filters} sectors={sectors} regions={regions} amounts={amounts} />
          <section className="guide-results" aria-labelledby="results-title">
            <div className="guide-results__head">
              <h2 id="results-title">{t('guide.category.projects')}</h2>
              {!projects.error ? <p className="guide-results__count">{t('guide.category.count', { count: total })}</p> : null}
            </div>
            {projects.error ? (
              <ErrorState error={projects.error} headingLevel={3} />
            ) : items.length ? (
              <>
                <CardGrid columns={3} label={t('guide.category.projects')}>
                  {items.map((p) => (
                    <ProjectCard key={p.id} project={p} />
                  ))}
                </CardGrid>
                <Pagination routeId="project-category" params={{ id }} query={{ ...filters }} page={page} totalPages={Math.ceil(total / PROJECT_PAGE_SIZE)} />
              </>
            ) : page > 0 ? (
              <EmptyState
                headingLevel={3}
                title={t('guide.category.pastEndTitle')}
                message={<p>{t('guide.category.pastEndText')}</p>}
                action={<Button to={href('project-category', { locale, params: { id }, query: { ...filters } })} variant="outline" label={t('guide.category.firstPage')} />}
              />
            ) : (
              <EmptyState
                headingLevel={3}
                icon="search"
                title={t('guide.category.emptyTitle')}
                message={<p>{t('guide.category.emptyText')}</p>}
                action={<Button to={clear} variant="outline" label={t('guide.filters.clear')} />}
              />
            )}
          </section>
        </div>
      </div>
      {services.length ? (
        <section className="section section--tint guide-services" aria-labelledby="services-title">
          <div className="container">
            <div className="section__header">
              <h2 id="services-title">{t('guide.category.services')}</h2>
              <p>{t('guide.category.servicesIntro')}</p>
            </div>
            <CardGrid columns={3} label={t('guide.category.services')}>
              {services.map((s) => (
                <Card key={s.id} variant="compact" to={serviceHref(s, locale)} title={s.title} description={s.description ? <p>{s.description}</p> : undefined} />
              ))}
            </CardGrid>
            <p className="guide-services__more">
              <Link to={href('service-category-index', { locale })}>{t('guide.category.allServices')}</Link>
            </p>
          </div>
        </section>
      ) : null}
    </main>
  )
}

/** A service opens its page; a service category (what `service_categories[]` may also hold) opens its list. */
function serviceHref(s: CategoryService, locale: ReturnType<typeof useLocale>): string {
  const isService = s.category_id !== undefined || s.online !== undefined || s.is_external !== undefined || s.link !== undefined
  return isService
    ? href('service', { locale, params: { service_id: String(s.id) } })
    : href('service-category', { locale, params: { category_id: String(s.id) } })
}
