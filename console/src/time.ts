/**
 * Times as the agency reads them: Tashkent's, which keeps UTC+5 all year, the same in every language. Lists and records
 * show an instant as its date and time there; a `datetime-local` control is written and read in it.
 */

const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000

/** An instant as `YYYY-MM-DD HH:mm` in Tashkent; anything that is no instant as it is. */
export function formatTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tashkent',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** A `datetime-local` value (Tashkent time) as an instant, or null when it is none. */
export function fromLocalTime(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim())
  if (!m) return null
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) - TASHKENT_OFFSET_MS
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/** An instant as a `datetime-local` value in Tashkent time; anything else as it is. */
export function toLocalTime(value: string): string {
  const ms = Date.parse(value)
  if (!/T|\s\d/.test(value) || Number.isNaN(ms)) return value
  return new Date(ms + TASHKENT_OFFSET_MS).toISOString().slice(0, 16)
}
