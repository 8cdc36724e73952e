/**
 * `/event/{id}`: an event's dates, time and place, its agenda to download, the description, and registration and its
 * calendar file (docs/gateway-contract.md#calendar) while it is upcoming.
 */

import { GATEWAY_BASE } from '../../../shared/constants'
import { eventPlan } from '../../../shared/plans/media'
import { href } from '../../../shared/routing/match'
import { useEventDates } from '../../features/media/event-dates'
import { EventFacts } from '../../features/media/event-facts'
import { formatFileSize } from '../../features/media/file-size'
import { agendaOf, fileKind, isUpcoming, photoLink } from '../../features/media/media-utils'
import { ShareLinks } from '../../features/media/share-links'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { HtmlContent } from '../../ui/html-content'
import { Icon } from '../../ui/icon'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const dates = useEventDates(locale)
  const { keys } = useRouteData(eventPlan)
  const { data } = usePayload(keys.event)
  const event = data?.content
  if (!event) return null
  const open = isUpcoming(event, Date.now())
  const agenda = agendaOf(event)
  const agendaDetails = agenda ? [fileKind(agenda), formatFileSize(locale, agenda.size)].filter(Boolean).join(', ') : ''
  const photo = photoLink(event.photo)
  return (
    <main id="main" className="page page--flush media-page">
      <PageTitle title={event.name} description={[dates(event), event.location].filter(Boolean).join(' · ')} />
      <header className="media-head">
        <div className="container media-head__inner">
          <Breadcrumbs
            items={[{ label: t('routes.events'), to: href('event-list', { locale }) }, { label: event.name }]}
          />
          <p className="page-header__kicker">
            <span className={`badge badge--${open ? 'success' : 'neutral'}`}>
              {open ? t('events.registrationOpen') : t('events.ended')}
            </span>
          </p>
          <h1 className="media-head__title">{event.name}</h1>
          <p className="media-head__meta">
            <span>
              <Icon name="calendar" /> <time dateTime={event.date_from}>{dates(event)}</time>
            </span>
            {event.location ? (
              <span>
                <Icon name="map-pin" /> {event.location}
              </span>
            ) : null}
          </p>
        </div>
      </header>
      <div className="container media-page__body">
        <div className="with-aside">
          <div>
            {photo ? (
              <figure className="article__photo">
                <img src={photo} alt="" width={1200} height={675} decoding="async" fetchPriority="high" />
              </figure>
            ) : null}
            <h2 className="event-detail__heading">{t('events.about')}</h2>
            <HtmlContent html={event.description} />
            <ShareLinks title={event.name} />
          </div>
          <aside className="with-aside__aside event-facts panel" aria-labelledby="event-facts-title">
            <h2 id="event-facts-title" className="event-facts__title">
              {t('events.details')}
            </h2>
            <EventFacts event={event} />
            <div className="event-facts__actions">
              {open ? (
                <Button
                  to={href('event-register', { locale, query: { event_id: String(event.id) } })}
                  label={t('events.registerAction')}
                  iconName="arrow-right"
                  afterIcon
                />
              ) : (
                <p className="event-facts__closed">{t('events.closedNote')}</p>
              )}
              {open ? (
                <a
                  href={`${GATEWAY_BASE}/siw/public/event/${event.id}/calendar.ics?${new URLSearchParams({ lang: locale })}`}
                  className="btn btn--outline btn--md btn--primary"
                  download
                  type="text/calendar"
                >
                  <Icon name="calendar" />
                  {t('mail.addToCalendar')}
                </a>
              ) : null}
              {agenda ? (
                <>
                  <a
                    href={agenda.download_link}
                    className="btn btn--outline btn--md btn--primary"
                    download
                    aria-describedby={agendaDetails ? 'agenda-file' : undefined}
                  >
                    <Icon name="download" />
                    {t('events.agenda')}
                  </a>
                  {agendaDetails ? (
                    <p id="agenda-file" className="event-facts__file">
                      {agendaDetails}
                    </p>
                  ) : null}
                </>
              ) : null}
            </div>
          </aside>
        </div>
      </div>
    </main>
  )
}
