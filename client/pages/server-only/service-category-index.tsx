/**
 * `/service/category`: the edge redirects to the first category (route rule); this page shows only when it could not,
 * listing whatever categories there are or saying that there are none yet.
 */
import { serviceCategoryIndexPlan } from '../../../shared/plans/services'
import { byOrder } from '../../../shared/service-keys'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { CardGrid } from '../../components/card-grid'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { Hero } from '../../components/hero'
import { PageTitle } from '../../components/page-title'
import { CategoryCard } from '../../components/services/category-card'
import { categoryParentId } from '../../components/services/category-nav'
import { ServicesStyles } from '../../components/services/services-styles'
import { usePayload } from '../../data'
import { useT } from '../../i18n'
import { useRouteData } from '../../router'

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
