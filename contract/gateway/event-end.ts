/**
 * When an event is over (docs/gateway-contract.md#forms): the end of its last day, a date without a time counting as
 * the whole day. The pages show registration closed from then on, and the gateway refuses applications with
 * `event_closed` by the same rule, so the two never disagree. Plain code: both the browser and the gateway run it.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A gateway date or time as a Date (`2026-12-01`, `2026-12-01 10:00`, ISO 8601), or null. */
function parseTime(value: string): Date | null {
  if (!value) return null
  const d = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value)
  return Number.isNaN(d.getTime()) ? null : d
}

/** The moment an event is over, in ms since the epoch; 0 when it has no date the rule can read. */
export function eventEndsAt(event: { date_from: string; date_to?: string | null }): number {
  const last = event.date_to || event.date_from
  const end = parseTime(last)
  if (!end) return 0
  const dateOnly = DATE_ONLY.test(last) || end.getUTCHours() + end.getUTCMinutes() === 0
  return dateOnly ? end.getTime() + DAY_MS : end.getTime()
}
