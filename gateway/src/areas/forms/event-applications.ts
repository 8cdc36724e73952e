/**
 * Event applications after they are made (docs/product.md#event-application): staff confirm or decline each one, once, and the
 * applicant is mailed the decision in the application's language: a confirmation with the badge details the
 * registration page promises, or a refusal. Both are needed mail (the applicant has no other way to hear).
 */
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { formatReference } from '../../lib/references'
import { type CalendarEvent, readCalendarEvent } from '../content/calendar'
import { queueMail } from '../mail/send'
import type { EventFacts } from '../mail/templates/events'
import { decideApplicationRow, readEventApplication } from './queries'

/** The event as a mail names it, with its page and its calendar file (docs/gateway-contract.md#calendar). */
export function eventFacts(env: Env, event: CalendarEvent & { time: string }, lang: Locale): EventFacts {
  const { portalOrigin, publicBase } = readConfig(env)
  const calendar = `${portalOrigin}${publicBase}/siw/public/event/${event.id}/calendar.ics?${new URLSearchParams({ lang })}`
  return {
    name: event.name,
    start: event.start,
    end: event.end,
    time: event.time,
    location: event.location,
    url: event.url,
    calendarUrl: calendar,
  }
}

export type EventDecision = 'confirmed' | 'declined'

/**
 * Confirms or declines an application for `operatorId` and mails the applicant: 404 for an unknown one, 409
 * `invalid_state` once it is decided. Answers the decision with the application's reference.
 */
export async function decideEventApplication(
  env: Env,
  id: number,
  input: { decision: EventDecision; reason: string; operatorId: number },
  now: Date,
  audit: readonly D1PreparedStatement[],
): Promise<{ id: number; reference: string; decision: EventDecision }> {
  const db = env.DB
  const application = await readEventApplication(db, id)
  if (!application) throw new GatewayError(404, 'not_found')
  if (application.decision) throw new GatewayError(409, 'invalid_state')
  if (!(await decideApplicationRow(db, id, input, now, audit))) throw new GatewayError(409, 'invalid_state')
  const reference = formatReference('event', id, application.created_at)
  const lang = readLang(application.lang)
  const event = await readCalendarEvent(db, application.event_id, lang, readConfig(env).portalOrigin)
  if (event) {
    const common = { to: application.email, lang, props: { reference, event: eventFacts(env, event, lang) } }
    if (input.decision === 'declined') {
      await queueMail(env, now, { ...common, kind: 'event-declined', props: { ...common.props, reason: input.reason } })
    } else {
      const name = `${application.first_name} ${application.last_name}`
      const badge = {
        name,
        role: application.role,
        organization: application.organization,
        position: application.position,
      }
      await queueMail(env, now, { ...common, kind: 'event-confirmed', props: { ...common.props, badge } })
    }
  }
  return { id, reference, decision: input.decision }
}
