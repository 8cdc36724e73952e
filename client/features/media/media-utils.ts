/** Small helpers of the media pages: card images from gateway files, event timing, file sizes. */

import type { FileRef, LinkedFile } from '../../../contract/gateway/common'
import { eventEndsAt } from '../../../contract/gateway/event-end'
import type { Event, GalleryImage } from '../../../contract/gateway/media'
import { toDate } from '../../lib/format'
import type { CardImage } from '../../ui/card'

/** A photo's link, from a `File` or a bare link (docs/gateway-contract.md#file-object); `thumbnail`: the small one. */
export function photoLink(file: FileRef, thumbnail = false): string | undefined {
  if (typeof file === 'string') return file || undefined
  return (thumbnail ? file?.thumbnail_link || file?.download_link : file?.download_link) || undefined
}

/** A card image from a gateway file (its thumbnail when there is one); null shows the generated pattern. */
export function cardImage(file: FileRef, alt = ''): CardImage | null {
  const src = photoLink(file, true)
  return src ? { src, alt, width: 640, height: 400 } : null
}

/** Whether the event is still to come or running now (registration open): the gateway's rule too. */
export function isUpcoming(event: Pick<Event, 'date_from' | 'date_to'>, now: number): boolean {
  return eventEndsAt(event) > now
}

/** Upcoming events soonest first, past events latest first. */
export function splitEvents<T extends Pick<Event, 'date_from' | 'date_to'>>(
  events: readonly T[],
  now: number,
): { upcoming: T[]; past: T[] } {
  const time = (e: T) => toDate(e.date_from)?.getTime() ?? 0
  const upcoming = events.filter((e) => isUpcoming(e, now)).sort((a, b) => time(a) - time(b))
  const past = events.filter((e) => !isUpcoming(e, now)).sort((a, b) => time(b) - time(a))
  return { upcoming, past }
}

/** The agenda's link and file, whichever form the gateway sent. */
export function agendaOf(event: Event): LinkedFile | null {
  if (!event.agenda) return null
  if (typeof event.agenda === 'string') return event.agenda ? { download_link: event.agenda } : null
  return event.agenda.download_link ? (event.agenda as LinkedFile) : null
}

/** The file's extension in capitals ("PDF"), from its extension, name or link. */
export function fileKind(file: LinkedFile): string {
  const raw =
    file.file_extension ||
    (file.original_name || file.file_name || file.download_link).split(/[?#]/)[0]!.split('.').pop() ||
    ''
  return raw.length <= 5 ? raw.toUpperCase() : ''
}

/** The name a visitor sees for a file. */
export function fileName(file: GalleryImage, fallback: string): string {
  return file.title || file.original_name || file.file_name || fallback
}
