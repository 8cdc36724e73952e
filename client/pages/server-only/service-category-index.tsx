/**
 * `/service/category`: the edge redirects to the first category (route rule); this page shows only when it could not,
 * listing whatever categories there are or saying that there are none yet.
 */

import { byOrder } from '../../../shared/keys/service-keys'
import { serviceCategoryIndexPlan } from '../../../shared/plans/services'
import { CategoryCard } from '../../features/services/category-card'
import { categoryParentId } from '../../features/services/category-nav'
import { ServicesStyles } from '../../features/services/services-styles'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const { keys } = useRouteData(serviceCategoryIndexPlan)
  const { data, error } = usePayload(keys.categories)
  const top = byOrder((data?.content ?? []).filter((c) => categoryParentId(c) === null))
  const title = t('routes.services')
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={title} description={t('services.catalog.description')} />
      <Hero
        tone="light"
        title={title}
        lead={t('services.catalog.description')}
        seed="services"
        before={<Breadcrumbs items={[{ label: title }]} />}
      />
      <div className="container services-body">
        {error ? (
          <ErrorState error={error} />
        ) : top.length ? (
          <CardGrid columns={3} label={t('services.catalog.navLabel')}>
            {top.map((c) => (
              <CategoryCard key={c.id} category={c} headingLevel={2} />
            ))}
          </CardGrid>
        ) : (
          <EmptyState
            title={t('services.catalog.noCategories')}
            message={<p>{t('services.catalog.noCategoriesHint')}</p>}
          />
        )}
      </div>
    </main>
  )
}
