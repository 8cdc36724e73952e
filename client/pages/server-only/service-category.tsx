/**
 * `/service/category/{id}` (service-category layout): the top-level categories as side navigation; the category's
 * sections (its children), each with its services, and any services filed under the category itself.
 */
import type { Id } from '../../../contract/gateway/common'
import type { Service, ServiceCategory } from '../../../contract/gateway/services'
import { byOrder, parentIdOf, sectionAnchor } from '../../../shared/keys/service-keys'
import { serviceCategoryPlan } from '../../../shared/plans/services'
import { href } from '../../../shared/routing/match'
import { CATEGORY_ICON_FALLBACK, CategoryNav, categoryIcon } from '../../features/services/category-nav'
import { ServiceCard } from '../../features/services/service-card'
import { ServicesStyles } from '../../features/services/services-styles'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { Icon } from '../../ui/icon'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(serviceCategoryPlan)
  const categoryId = params.category_id
  const top = usePayload(keys.categories)
  const kids = usePayload(keys.children)
  const listed = usePayload(keys.services)
  const categories = top.data?.content ?? []
  const category = categories.find((c) => String(c.id) === categoryId)
  const sections = byOrder(kids.data?.content ?? [])
  const services = listed.data?.content ?? []
  const title = category?.title ?? t('routes.serviceCategory')
  const error = top.error ?? kids.error ?? listed.error
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={title} description={category?.description ?? t('services.catalog.description')} />
      <Hero
        tone="light"
        title={title}
        kicker={t('routes.services')}
        lead={category?.description ?? undefined}
        seed={`service-category-${categoryId}`}
        before={
          <Breadcrumbs
            items={[{ label: t('routes.services'), to: href('service-category-index', { locale }) }, { label: title }]}
          />
        }
      />
      <div className="container services-layout">
        <aside className="services-layout__aside">
          {categories.length > 0 && (
            <CategoryNav categories={categories} currentId={categoryId} sections={category ? sections : []} />
          )}
        </aside>
        <div className="services-layout__main">
          {error ? (
            <ErrorState error={error} />
          ) : !category ? (
            <EmptyState
              icon="search"
              title={t('services.catalog.unknownCategory')}
              message={<p>{t('services.catalog.unknownCategoryHint')}</p>}
              action={
                <Button to={href('service-category-index', { locale })} label={t('services.catalog.allCategories')} />
              }
            />
          ) : (
            <CategoryContents sections={sections} services={services} />
          )}
        </div>
      </div>
    </main>
  )
}

/** Services under their sections (by `category_id`); those filed under the category itself come first. */
function CategoryContents({
  sections,
  services,
}: {
  sections: readonly ServiceCategory[]
  services: readonly Service[]
}) {
  const t = useT()
  const locale = useLocale()
  const sectionIds = new Set(sections.map((s) => String(s.id)))
  const inSection = (id: Id) => services.filter((s) => parentIdOf(s.category_id ?? s.category) === String(id))
  const own = services.filter((s) => !sectionIds.has(parentIdOf(s.category_id ?? s.category) ?? ''))
  if (!sections.length && !services.length) {
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
      {own.length > 0 && (
        <section className="services-block" aria-labelledby="category-services">
          <h2 id="category-services" className="services-block__title">
            {t('services.catalog.services')}
          </h2>
          <ServiceList services={own} />
        </section>
      )}
      {sections.map((section) => {
        const list = inSection(section.id)
        return (
          <section
            key={section.id}
            id={sectionAnchor(section.id)}
            className="services-block services-section"
            aria-labelledby={`${sectionAnchor(section.id)}-title`}
          >
            <header className="services-section__head">
              <span className="category-card__icon" aria-hidden="true">
                <Icon name={categoryIcon(section)} fallback={CATEGORY_ICON_FALLBACK} />
              </span>
              <div>
                <h2 id={`${sectionAnchor(section.id)}-title`} className="services-block__title">
                  {section.title}
                  {list.length > 0 && (
                    <span className="services-block__count">
                      <span aria-hidden="true">{list.length}</span>
                      <span className="visually-hidden"> ({t('services.catalog.count', { count: list.length })})</span>
                    </span>
                  )}
                </h2>
                {section.description && <p className="services-section__lead">{section.description}</p>}
              </div>
            </header>
            {list.length ? (
              <ServiceList services={list} />
            ) : (
              <p className="muted">{t('services.catalog.sectionEmpty')}</p>
            )}
          </section>
        )
      })}
    </>
  )
}

function ServiceList({ services }: { services: readonly Service[] }) {
  return (
    <ul className="service-list">
      {services.map((s) => (
        <li key={s.id}>
          <ServiceCard service={s} />
        </li>
      ))}
    </ul>
  )
}
