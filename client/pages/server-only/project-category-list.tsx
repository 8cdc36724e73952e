/** `/guide/project/category`: every project category, each leading to its projects. */
import { CATEGORY_PAGE_SIZE } from '../../../shared/keys/guide-keys'
import { projectCategoryListPlan } from '../../../shared/plans/guide'
import { href } from '../../../shared/routing/match'
import { CategoryCard } from '../../features/guide/category-card'
import { GuideStyles } from '../../features/guide/guide-styles'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { PageTitle } from '../../ui/page-title'
import { Pagination } from '../../ui/pagination'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(projectCategoryListPlan)
  const page = query.page ?? 0
  const { data, error } = usePayload(keys.categories)
  const items = [...(data?.content ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const total = data?.pageable?.total ?? items.length
  const title = t('routes.projectCategories')
  return (
    <main id="main" className="page guide">
      <GuideStyles />
      <PageTitle title={title} description={t('guide.categories.lead')} />
      <div className="container">
        <Breadcrumbs
          items={[{ label: t('routes.projects'), to: href('guide-project', { locale }) }, { label: title }]}
        />
        <header className="page-header guide-header">
          <span className="page-header__kicker">{t('nav.guide')}</span>
          <h1>{title}</h1>
          <p className="lead">{t('guide.categories.lead')}</p>
        </header>
        {error ? (
          <ErrorState error={error} />
        ) : items.length ? (
          <>
            <CardGrid columns={3}>
              {items.map((c) => (
                <CategoryCard key={c.id} category={c} headingLevel={2} />
              ))}
            </CardGrid>
            <Pagination
              routeId="project-category-list"
              page={page}
              totalPages={Math.ceil(total / CATEGORY_PAGE_SIZE)}
            />
          </>
        ) : (
          <EmptyState />
        )}
      </div>
    </main>
  )
}
