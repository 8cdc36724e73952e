/** An event's date, time and place as a description list (the event page's and the application's side panel). */
import type { Event } from '../../../contract/gateway/media'
import { useLocale, useT } from '../../runtime/i18n'
import { useEventDates } from './event-dates'

export function EventFacts({ event }: { event: Event }) {
  const t = useT()
  const dates = useEventDates(useLocale())
  return (
    <dl className="details-list event-facts__list">
      <div>
        <dt>{t('events.date')}</dt>
        <dd>
          <time dateTime={event.date_from}>{dates(event)}</time>
        </dd>
      </div>
      {event.time ? (
        <div>
          <dt>{t('events.time')}</dt>
          <dd>{t('events.timeValue', { time: event.time })}</dd>
        </div>
      ) : null}
      {event.location ? (
        <div>
          <dt>{t('events.location')}</dt>
          <dd>{event.location}</dd>
        </div>
      ) : null}
    </dl>
  )
}
