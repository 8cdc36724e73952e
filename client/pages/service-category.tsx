/** `/service/category/{id}` (service-category layout): the catalogue as side navigation, the category's sections and services. */
import { href } from '../../shared/match'
import { byOrder, serviceKeys } from '../../shared/service-keys'
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs'
import { CardGrid } from '../components/card-grid'
import { EmptyState } from '../components/empty-state'
import { ErrorState } from '../components/error-state'
import { Hero } from '../components/hero'
import { PageTitle } from '../components/page-title'
import { CategoryCard } from '../components/services/category-card'
import { CategoryNav, categoryParentId } from '../components/services/category-nav'
import { ServiceCard } from '../components/services/service-card'
import { ServicesStyles } from '../components/services/services-styles'
import type { ServiceCategory, ServiceSummary } from '../components/services/types'
import { Button } from '../components/button'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { useRouter } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  const categoryId = route.params.category_id!
  const { data, error } = usePayload<ServiceCategory[]>(serviceKeys.categories())
  const categories = data?.content ?? []
  const category = categories.find((c) => String(c.id) === categoryId)
  const parentId = category ? categoryParentId(category) : null
  const parent = parentId ? categories.find((c) => String(c.id) === parentId) : undefined
  const title = category?.title ?? t('routes.serviceCategory')
  const crumbs: Crumb[] = [
    { label: t('routes.services'), to: href('service-category-index', { locale }) },
    ...(parent ? [{ label: parent.title, to: href('service-category', { locale, params: { category_id: String(parent.id) } }) }] : []),
    { label: title },
  ]
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={title} description={category?.description ?? t('services.catalog.description')} />
      <Hero
        tone="light"
        title={title}
        kicker={parent?.title ?? t('routes.services')}
        lead={category?.description ?? undefined}
        seed={`service-category-${categoryId}`}
        before={<Breadcrumbs items={crumbs} />}
      />
      <div className="container services-layout">
        <aside className="services-layout__aside">
          {categories.length > 0 && <CategoryNav categories={categories} currentId={categoryId} />}
        </aside>
        <div className="services-layout__main">
          {error ? (
            <ErrorState error={error} />
          ) : !category && categories.length > 0 ? (
            <EmptyState
              icon="search"
              title={t('services.catalog.unknownCategory')}
              message={<p>{t('services.catalog.unknownCategoryHint')}</p>}
              action={<Button to={href('service-category-index', { locale })} label={t('services.catalog.allCategories')} />}
            />
          ) : (
            <CategoryContents categoryId={categoryId} />
          )}
        </div>
      </div>
    </main>
  )
}

function CategoryContents({ categoryId }: { categoryId: string }) {
  const t = useT()
  const locale = useLocale()
  const kids = usePayload<ServiceCategory[]>(serviceKeys.children(categoryId))
  const services = usePayload<ServiceSummary[]>(serviceKeys.services(categoryId))
  if (kids.error && services.error) return <ErrorState error={services.error} />
  const children = byOrder(kids.data?.content ?? [])
  const list = services.data?.content ?? []
  if (!children.length && !list.length && !services.error) {
    return (
      <EmptyState
        title={t('services.catalog.empty')}
        message={<p>{t('services.catalog.emptyHint')}</p>}
        action={<Button to={href('contact-us', { locale })} variant="outline" label={t('services.catalog.askUs')} />}
      />
    )
  }
  return (
    <>
      {children.length > 0 && (
        <section className="services-block" aria-labelledby="category-sections">
          <h2 id="category-sections" className="services-block__title">{t('services.catalog.sections')}</h2>
          <CardGrid columns={2}>
            {children.map((c) => (
              <CategoryCard key={c.id} category={c} />
            ))}
          </CardGrid>
        </section>
      )}
      {services.error ? (
        <ErrorState error={services.error} headingLevel={2} />
      ) : list.length > 0 ? (
        <section className="services-block" aria-labelledby="category-services">
          <h2 id="category-services" className="services-block__title">
            {t('services.catalog.services')} <span className="services-block__count">{list.length}</span>
          </h2>
          <ul className="service-list">
            {list.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
