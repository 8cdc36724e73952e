/** `/service/{id}` (service layout): the service's hero with its apply-online and checklist links, then the step-by-step guide. */
import { href } from '../../shared/match'
import { servicePlan } from '../../shared/plans/services'
import { parentIdOf } from '../../shared/service-keys'
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs'
import { Hero } from '../components/hero'
import { Icon } from '../components/icon'
import { PageTitle } from '../components/page-title'
import { ExternalLink, hostOf, isWebUrl } from '../components/services/external-link'
import { CHECKLIST_ANCHOR, ServiceSteps, STEPS_ANCHOR } from '../components/services/service-steps'
import { ServicesStyles } from '../components/services/services-styles'
import type { ServiceSummary } from '../components/services/types'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { useRouteData } from '../router'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, query, keys } = useRouteData(servicePlan)
  const serviceId = params.service_id
  const { data } = usePayload<ServiceSummary>(keys.service)
  const service = data?.content
  const title = service?.title ?? t('routes.service')
  const categoryId = service ? parentIdOf(service.category_id ?? service.category) : null
  // The service's category page; for a section the edge sends the visitor on to its place on the parent's page.
  const crumbs: Crumb[] = [
    { label: t('routes.services'), to: categoryId ? href('service-category', { locale, params: { category_id: categoryId } }) : href('service-category-index', { locale }) },
    { label: title },
  ]
  const applyUrl = service?.online && isWebUrl(service.link) ? service.link : null
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={title} description={service?.description ?? undefined} />
      <Hero
        tone="light"
        title={title}
        kicker={t(service?.online ? 'services.detail.kickerOnline' : 'services.detail.kicker')}
        lead={service?.description ?? undefined}
        seed={`service-${serviceId}`}
        before={<Breadcrumbs items={crumbs} />}
        actions={
          <>
            {applyUrl && (
              <ExternalLink href={applyUrl} className="btn btn--solid btn--lg btn--primary">
                {t('services.detail.applyOnline', { host: hostOf(applyUrl) })}
              </ExternalLink>
            )}
            <a href={`#${CHECKLIST_ANCHOR}`} className={`btn ${applyUrl ? 'btn--outline' : 'btn--solid'} btn--lg btn--primary`}>
              <Icon name="check" />
              {t('services.detail.checklistLink')}
            </a>
          </>
        }
      >
        {service?.info && (
          <div className="service-facts">
            <Icon name="info" />
            <p>{service.info}</p>
          </div>
        )}
      </Hero>
      <div className="container services-body" id={STEPS_ANCHOR} tabIndex={-1}>
        <ServiceSteps serviceId={serviceId} process={query.process} step={query.step} keys={keys} />
      </div>
    </main>
  )
}
