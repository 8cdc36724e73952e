/**
 * The project category page's static parts, kept as the edge drew them: its heading, the filtered results with their
 * pagination, and the services that help with projects of this kind.
 */
import type { CategoryService } from '../../../contract/gateway/guide'
import { PROJECT_PAGE_SIZE, readProjectFilters } from '../../../shared/keys/guide-keys'
import { projectCategoryPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Pagination } from '../../ui/pagination'
import { ProjectCard } from './project-card'

function useCategory() {
  const { params, query, keys } = useRouteData(projectCategoryPlan)
  return { id: params.id, keys, category: usePayload(keys.category).data?.content, query }
}

/** The breadcrumbs and the category's heading. */
export function CategoryHead() {
  const t = useT()
  const locale = useLocale()
  const { category: c } = useCategory()
  if (!c) return null
  return (
    <>
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
    </>
  )
}

/** Inside `<section class="guide-results" aria-labelledby="results-title">`: the filtered projects and pagination. */
export function CategoryResults() {
  const t = useT()
  const locale = useLocale()
  const { id, query, keys } = useCategory()
  const filters = readProjectFilters(query)
  const page = query.page ?? 0
  const projects = usePayload(keys.projects)
  const items = projects.data?.content ?? []
  const total = projects.data?.pageable?.total ?? items.length
  const clear = href('project-category', { locale, params: { id } })
  return (
    <>
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
          <Pagination
            routeId="project-category"
            params={{ id }}
            query={{ ...filters }}
            page={page}
            totalPages={Math.ceil(total / PROJECT_PAGE_SIZE)}
          />
        </>
      ) : page > 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('guide.category.pastEndTitle')}
          message={<p>{t('guide.category.pastEndText')}</p>}
          action={
            <Button
              to={href('project-category', { locale, params: { id }, query: { ...filters } })}
              variant="outline"
              label={t('guide.category.firstPage')}
            />
          }
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
    </>
  )
}

/** The services that help with projects of this kind, if the category names any. */
export function CategoryServices() {
  const t = useT()
  const locale = useLocale()
  const { category: c } = useCategory()
  const services = c?.service_categories ?? []
  if (!services.length) return null
  return (
    <section className="section section--tint guide-services" aria-labelledby="services-title">
      <div className="container">
        <div className="section__header">
          <h2 id="services-title">{t('guide.category.services')}</h2>
          <p>{t('guide.category.servicesIntro')}</p>
        </div>
        <CardGrid columns={3} label={t('guide.category.services')}>
          {services.map((s) => (
            <Card
              key={s.id}
              variant="compact"
              to={serviceHref(s, locale)}
              title={s.title}
              description={s.description ? <p>{s.description}</p> : undefined}
            />
          ))}
        </CardGrid>
        <p className="guide-services__more">
          <Link to={href('service-category-index', { locale })}>{t('guide.category.allServices')}</Link>
        </p>
      </div>
    </section>
  )
}

/** A service opens its page; a service category (what `service_categories[]` may also hold) opens its list. */
function serviceHref(s: CategoryService, locale: ReturnType<typeof useLocale>): string {
  const isService =
    s.category_id !== undefined || s.online !== undefined || s.is_external !== undefined || s.link !== undefined
  return isService
    ? href('service', { locale, params: { service_id: String(s.id) } })
    : href('service-category', { locale, params: { category_id: String(s.id) } })
}
