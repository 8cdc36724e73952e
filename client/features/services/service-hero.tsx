/** A service's hero (breadcrumbs, kicker, title, description, apply and checklist links, notes), kept as drawn. */

import { parentIdOf } from '../../../shared/keys/service-keys'
import { servicePlan } from '../../../shared/plans/services'
import { href } from '../../../shared/routing/match'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs'
import { HeroContent } from '../../ui/hero'
import { Icon } from '../../ui/icon'
import { ExternalLink, hostOf, isWebUrl } from './external-link'
import { CHECKLIST_ANCHOR } from './service-anchors'

/** Inside the service page's `<section class="hero hero--light hero--default">`. */
export function ServiceHero() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(servicePlan)
  const serviceId = params.service_id
  const { data } = usePayload(keys.service)
  const service = data?.content
  const title = service?.title ?? t('routes.service')
  const categoryId = service ? parentIdOf(service.category_id ?? service.category) : null
  // The service's category page; for a section the edge sends the visitor on to its place on the parent's page.
  const crumbs: Crumb[] = [
    {
      label: t('routes.services'),
      to: categoryId
        ? href('service-category', { locale, params: { category_id: categoryId } })
        : href('service-category-index', { locale }),
    },
    { label: title },
  ]
  const applyUrl = service?.online && isWebUrl(service.link) ? service.link : null
  return (
    <HeroContent
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
          <a
            href={`#${CHECKLIST_ANCHOR}`}
            className={`btn ${applyUrl ? 'btn--outline' : 'btn--solid'} btn--lg btn--primary`}
          >
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
    </HeroContent>
  )
}
