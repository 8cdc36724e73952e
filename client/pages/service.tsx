/**
 * `/service/{id}` (service layout): the service's hero with its apply-online and checklist links, then the
 * step-by-step guide. The hero is kept as the edge drew it (`components/services/service-hero.tsx`); the guide, whose
 * questions open and close, runs in the browser.
 */
import { serviceKeys } from '../../shared/service-keys'
import { PageTitle } from '../components/page-title'
import { ServiceSteps } from '../components/services/service-steps'
import { STEPS_ANCHOR } from '../components/services/service-anchors'
import { ServicesStyles } from '../components/services/services-styles'
import type { ServiceSummary } from '../components/services/types'
import { usePayload } from '../data'
import { useT } from '../i18n'
import { keptComponent } from '../kept'
import { useRouter } from '../router'

const ServiceHero = keptComponent(() => import('../components/services/service-hero').then((m) => m.ServiceHero))
export const preload = ServiceHero.preload

export function Page() {
  const t = useT()
  const { route } = useRouter()
  const serviceId = route.params.service_id!
  const { process, step } = route.query
  const { data } = usePayload<ServiceSummary>(serviceKeys.service(serviceId))
  const service = data?.content
  return (
    <main id="main" className="page page--flush services-page">
      <ServicesStyles />
      <PageTitle title={service?.title ?? t('routes.service')} description={service?.description ?? undefined} />
      <ServiceHero as="section" className="hero hero--light hero--default" props={{}} />
      <div className="container services-body" id={STEPS_ANCHOR} tabIndex={-1}>
        <ServiceSteps serviceId={serviceId} process={process} step={step} />
      </div>
    </main>
  )
}
