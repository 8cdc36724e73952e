/**
 * A service in the catalogue: the card anatomy (image, kicker, title, description) with an online/in-person badge; the
 * title opens the service's guide, and an online service adds its external "apply" link above the card's hit area.
 */
import type { Service } from '../../../contract/gateway/services'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Icon } from '../../ui/icon'
import { PatternArt } from '../../ui/pattern-art'
import { ExternalLink, hostOf } from './external-link'
import { fileLink } from './service-utils'

export function ServiceCard({ service, headingLevel = 3 }: { service: Service; headingLevel?: 2 | 3 }) {
  const t = useT()
  const locale = useLocale()
  const Heading = `h${headingLevel}` as const
  const image = fileLink(service.upload, 'thumbnail')
  const online = service.online === true
  const applyUrl = online && service.link ? service.link : null
  return (
    <article className="card card--horizontal service-card">
      <div className="card__media">
        {image ? (
          <img src={image} alt="" width={640} height={400} loading="lazy" decoding="async" />
        ) : (
          <PatternArt seed={service.title} className="card__pattern" />
        )}
        <span className={`badge ${online ? 'badge--success' : 'badge--neutral'} card__badge`}>
          <Icon name={online ? 'globe' : 'map-pin'} />
          {t(online ? 'services.catalog.online' : 'services.catalog.inPerson')}
        </span>
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <Link to={href('service', { locale, params: { service_id: String(service.id) } })} className="card__link">
            {service.title}
          </Link>
        </Heading>
        {service.description && <p className="card__description">{service.description}</p>}
        {applyUrl && (
          <ExternalLink href={applyUrl} className="btn btn--outline btn--sm btn--primary service-card__apply">
            {t('services.catalog.applyAt', { host: hostOf(applyUrl) })}
          </ExternalLink>
        )}
      </div>
    </article>
  )
}
