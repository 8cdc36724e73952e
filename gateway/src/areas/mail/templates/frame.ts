/** What every mail's layout needs beside its own content: the language, the portal, the agency's contacts, the choices. */
import type { MailTopic } from '../../../../../contract/gateway/channels'
import type { Locale } from '../../../../../contract/locales'
import type { SiteSettings } from '../../content/site-settings'

export type MailFrame = {
  lang: Locale
  /** The portal's public origin, which every link of the mail starts with. */
  portalOrigin: string
  /** The agency's contacts (docs/gateway-contract.md#site-settings), in the footer. */
  site: SiteSettings
  /** Optional mail: the page that turns this topic's mail off, and the topic it names. */
  unsubscribe: { url: string; topic: MailTopic } | null
  /** For an account's mail: its Notifications page, where every choice is made. */
  choicesUrl: string | null
}

/** Tashkent is UTC+5 all year (no daylight saving since 1992). */
const TASHKENT_OFFSET_MS = 5 * 60 * 60_000

/** An instant as Tashkent's wall clock, `YYYY-MM-DDTHH:MM`. */
function tashkentClock(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 16)
}

/** The day an instant falls on in Tashkent, as the region writes dates in every language: `DD.MM.YYYY`. */
export function formatTashkentDay(at: Date): string {
  const [y, m, d] = tashkentClock(at).slice(0, 10).split('-')
  return `${d}.${m}.${y}`
}

/** An instant as Tashkent's wall clock: `DD.MM.YYYY, HH:MM`. */
export function formatTashkentTime(at: Date): string {
  return `${formatTashkentDay(at)}, ${tashkentClock(at).slice(11)}`
}
