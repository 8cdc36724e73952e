/**
 * An event's calendar file (docs/gateway-contract.md#calendar): RFC 5545 through ical-generator, in Tashkent's time
 * zone with its VTIMEZONE, and a UID that names the event, so a calendar that imported it once recognises an edited
 * file as the same event (its SEQUENCE grows with every edit).
 */
import ical from 'ical-generator'
import type { Locale } from '../../../../contract/locales'
import type { Preview } from '../../lib/db'
import { htmlToText } from '../../lib/user-html'
import { readEvent } from './queries'

const TIMEZONE = 'Asia/Tashkent'
/** Tashkent is UTC+5 all year, without daylight saving since 1992: one STANDARD rule describes it. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60_000
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIMEZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19920101T000000',
  'TZOFFSETFROM:+0500',
  'TZOFFSETTO:+0500',
  'TZNAME:+05',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n')

/** SEQUENCE counts minutes since this instant: every later edit of the event gives a larger one. */
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1)

/** What the calendar file says of an event, in one language. */
export type CalendarEvent = {
  id: number
  name: string
  location: string
  description: string
  /** When it starts and ends, and when it was last changed (instants). */
  start: string
  end: string
  updatedAt: string
  /** Its page on the portal. */
  url: string
}

/**
 * ical-generator writes a TZID time from a date's local fields, and workerd's local time zone is UTC: the instant is
 * moved by Tashkent's offset, so those fields read Tashkent's wall clock.
 */
function tashkentWallClock(iso: string): Date {
  return new Date(Date.parse(iso) + TASHKENT_OFFSET_MS)
}

/** The stable UID of an event's calendar entry: the event's id at the portal's host. */
function eventUid(id: number, portalOrigin: string): string {
  return `event-${id}@${new URL(portalOrigin).host}`
}

/** The `.ics` text of one event. */
export function eventCalendar(event: CalendarEvent, lang: Locale, portalOrigin: string): string {
  const calendar = ical({
    prodId: { company: 'Invest Portal', product: 'events', language: lang.toUpperCase() },
    name: event.name,
    timezone: { name: TIMEZONE, generator: () => VTIMEZONE },
  })
  calendar.createEvent({
    id: eventUid(event.id, portalOrigin),
    sequence: Math.max(0, Math.floor((Date.parse(event.updatedAt) - SEQUENCE_EPOCH_MS) / 60_000)),
    stamp: new Date(event.updatedAt),
    start: tashkentWallClock(event.start),
    end: tashkentWallClock(event.end),
    timezone: TIMEZONE,
    summary: event.name,
    location: event.location || null,
    description: event.description ? `${event.description}\n\n${event.url}` : event.url,
    url: event.url,
  })
  return calendar.toString()
}

/** A shown event (or the one a preview shows) as its calendar file and mails name it, in `lang`; null when none. */
export async function readCalendarEvent(
  db: D1Database,
  id: number,
  lang: Locale,
  portalOrigin: string,
  preview: Preview = null,
): Promise<(CalendarEvent & { time: string }) | null> {
  const row = await readEvent(db, lang, preview, id)
  if (!row) return null
  return {
    id,
    name: String(row.name ?? ''),
    location: String(row.location ?? ''),
    description: await htmlToText(String(row.description ?? '')),
    start: String(row.date_from),
    end: String(row.date_to),
    updatedAt: String(row.updated_at),
    time: String(row.time ?? ''),
    url: `${portalOrigin}/${lang}/event/${id}`,
  }
}
