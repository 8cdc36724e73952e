/**
 * `/service/{id}` (service layout): the service's hero with its apply-online and checklist links, then the
 * step-by-step guide. The hero is kept as the edge drew it (`features/services/service-hero.tsx`); the guide, whose
 * questions open and close, runs in the browser.
 */
import { servicePlan } from '../../shared/plans/services'
import { STEPS_ANCHOR } from '../features/services/service-anchors'
import { ServiceSteps } from '../features/services/service-steps'
import { ServicesStyles } from '../features/services/services-styles'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { PageTitle } from '../ui/page-title'

const ServiceHero = staticSection(() => import('../features/services/service-hero').then((m) => m.ServiceHero))
export const preload = ServiceHero.preload

export function Page() {
  const t = useT()
  const { params, query, keys } = useRouteData(servicePlan)
  const serviceId = params.service_id
  const { data } = usePayload(keys.service)
  const service = data?.content
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={service?.title ?? t('routes.service')} description={service?.description ?? undefined} />
      <ServiceHero as="section" className="hero hero--light hero--default" props={{}} />
      <div className="container services-body" id={STEPS_ANCHOR} tabIndex={-1}>
        <ServiceSteps serviceId={serviceId} process={query.process} step={query.step} keys={keys} />
      </div>
    </main>
  )
}
