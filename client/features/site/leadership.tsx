/** The agency's leadership as cards: photo, name, position, biography and how to reach them. */

import type { Leader } from '../../../contract/gateway/site'
import type { Key } from '../../../shared/keys/api-keys'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { Icon } from '../../ui/icon'
import { PatternArt } from '../../ui/pattern-art'
import { imageSrc } from './image'

/** `tel:` target: the digits of a phone number with its leading plus. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

function LeaderCard({ leader }: { leader: Leader }) {
  const t = useT()
  const name = `${leader.name} ${leader.surname}`.trim()
  const photo = imageSrc(leader.photo)
  return (
    <article className="leader-card">
      <div className="leader-card__photo">
        {photo ? (
          <img
            src={photo}
            alt={t('site.about.photoOf', { name })}
            width={240}
            height={240}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <PatternArt seed={name} className="leader-card__pattern" />
        )}
      </div>
      <div className="leader-card__body">
        <h3 className="leader-card__name">{name}</h3>
        <p className="leader-card__position">{leader.position}</p>
        {leader.bio && <p className="leader-card__bio">{leader.bio}</p>}
        <dl className="leader-card__contacts">
          {leader.working_days && (
            <div>
              <dt>
                <Icon name="clock" />
                <span className="visually-hidden">{t('site.about.hours')}</span>
              </dt>
              <dd>{leader.working_days}</dd>
            </div>
          )}
          {leader.phone && (
            <div>
              <dt>
                <Icon name="phone" />
                <span className="visually-hidden">{t('site.about.phone')}</span>
              </dt>
              <dd>
                <a href={telHref(leader.phone)}>{leader.phone}</a>
              </dd>
            </div>
          )}
          {leader.email && (
            <div>
              <dt>
                <Icon name="mail" />
                <span className="visually-hidden">{t('site.about.email')}</span>
              </dt>
              <dd>
                <a href={`mailto:${leader.email}`}>{leader.email}</a>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </article>
  )
}

/** The list for a streamed section: cards, or a designed empty or error state. */
export function LeadershipList({ dataKey }: { dataKey: Key<Leader[]> }) {
  const t = useT()
  const { data, error } = usePayload(dataKey)
  if (error) return <ErrorState error={error} headingLevel={3} />
  const leaders = data?.content ?? []
  if (!leaders.length) return <EmptyState headingLevel={3} title={t('site.about.noLeaders')} />
  return (
    <ul className="leader-list">
      {leaders.map((leader) => (
        <li key={leader.id}>
          <LeaderCard leader={leader} />
        </li>
      ))}
    </ul>
  )
}
