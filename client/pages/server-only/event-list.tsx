/** `/event`: upcoming events first (soonest first, registration open), then past ones, each with dates and place. */

import type { Event } from '../../../contract/gateway/media'
import type { Key } from '../../../shared/keys/api-keys'
import { EVENT_PAGE_SIZE } from '../../../shared/keys/media-keys'
import { eventListPlan } from '../../../shared/plans/media'
import { href } from '../../../shared/routing/match'
import { useEventDates } from '../../features/media/event-dates'
import { totalPages } from '../../features/media/list-section'
import { MediaHeader } from '../../features/media/media-header'
import { cardImage, splitEvents } from '../../features/media/media-utils'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { PageTitle } from '../../ui/page-title'
import { Pagination } from '../../ui/pagination'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(eventListPlan)
  const title = t('routes.events')
  return (
    <main id="main" className="page page--flush media-page">
      <PageTitle title={title} description={t('events.intro')} />
      <MediaHeader
        title={title}
        lead={t('events.intro')}
        crumbs={[{ label: t('routes.media'), to: href('media', { locale, params: { id: 'news' } }) }, { label: title }]}
        current="event"
      />
      <div className="container media-page__body">
        <EventLists dataKey={keys.list} page={query.page ?? 0} />
      </div>
    </main>
  )
}

function EventLists({ dataKey, page }: { dataKey: Key<Event[]>; page: number }) {
  const t = useT()
  const locale = useLocale()
  const dates = useEventDates(locale)
  const { data, error } = usePayload(dataKey)
  if (error) return <ErrorState error={error} />
  const events = data?.content ?? []
  const { upcoming, past } = splitEvents(events, Date.now())
  const card = (e: Event, open: boolean) => (
    <Card
      key={e.id}
      to={href('event', { locale, params: { id: String(e.id) } })}
      title={e.name}
      kicker={open ? t('events.upcomingKicker') : t('events.pastKicker')}
      image={cardImage(e.photo)}
      badge={open ? t('events.registrationOpen') : t('events.ended')}
      badgeTone={open ? 'success' : 'neutral'}
      meta={[
        <time key="d" dateTime={e.date_from}>
          {dates(e)}
        </time>,
        e.time ? t('events.startsAt', { time: e.time }) : null,
        e.location ?? null,
      ]}
    />
  )
  return (
    <>
      <section className="event-group" aria-labelledby="events-upcoming">
        <h2 id="events-upcoming" className="event-group__title">
          {t('events.upcoming')} <span className="event-group__count">{upcoming.length}</span>
        </h2>
        {upcoming.length ? (
          <CardGrid label={t('events.upcoming')}>{upcoming.map((e) => card(e, true))}</CardGrid>
        ) : (
          <EmptyState
            headingLevel={3}
            title={t('events.noUpcoming.title')}
            message={<p>{t('events.noUpcoming.message')}</p>}
            icon="calendar"
          />
        )}
      </section>
      {past.length ? (
        <section className="event-group event-group--past" aria-labelledby="events-past">
          <h2 id="events-past" className="event-group__title">
            {t('events.past')} <span className="event-group__count">{past.length}</span>
          </h2>
          <CardGrid label={t('events.past')}>{past.map((e) => card(e, false))}</CardGrid>
        </section>
      ) : null}
      <Pagination
        routeId="event-list"
        page={page}
        totalPages={totalPages(data?.pageable, EVENT_PAGE_SIZE, events.length)}
      />
    </>
  )
}
