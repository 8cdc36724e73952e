/**
 * `/guide/project/category/{id}`: the category, its projects filtered by sector, region, amount and status (kept in
 * the URL query), pagination that keeps the filters, and the services that help with projects of this kind. The
 * filters run in the browser; the rest is kept as the edge drew it (`features/guide/category-parts.tsx`).
 */
import { readProjectFilters } from '../../shared/keys/guide-keys'
import { projectCategoryPlan } from '../../shared/plans/guide'
import { GuideStyles } from '../features/guide/guide-styles'
import { ProjectFilters } from '../features/guide/project-filters'
import { usePayload } from '../runtime/data'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { ErrorState } from '../ui/error-state'
import { PageTitle } from '../ui/page-title'

const parts = () => import('../features/guide/category-parts')
const CategoryHead = staticSection(() => parts().then((m) => m.CategoryHead))
const CategoryResults = staticSection(() => parts().then((m) => m.CategoryResults))
const CategoryServices = staticSection(() => parts().then((m) => m.CategoryServices))
export const preload = parts

export function Page() {
  const { params, query, keys } = useRouteData(projectCategoryPlan)
  const { id } = params
  const filters = readProjectFilters(query)
  const category = usePayload(keys.category)
  const sectors = usePayload(keys.sectors).data?.content ?? []
  const regions = usePayload(keys.regions).data?.content ?? []
  const amounts = usePayload(keys.amounts).data?.content ?? []
  const c = category.data?.content
  if (!c) {
    return (
      <main id="main" className="container page">
        <ErrorState error={category.error} />
      </main>
    )
  }
  return (
    <main id="main" className="page guide">
      <GuideStyles />
      <PageTitle title={c.title} description={c.description ?? undefined} />
      <div className="container">
        <CategoryHead props={{}} />
        <div className="guide-catalogue">
          <ProjectFilters categoryId={id} filters={filters} sectors={sectors} regions={regions} amounts={amounts} />
          <CategoryResults as="section" className="guide-results" aria-labelledby="results-title" props={{}} />
        </div>
      </div>
      <CategoryServices props={{}} />
    </main>
  )
}
