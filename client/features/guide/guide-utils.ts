/** Helpers that read the investor guide's payloads (docs/gateway-contract.md#guide): names, files, numbers, places. */
import type { FileRef, GatewayFile, Id } from '../../../contract/gateway/common'
import type { LocaleFiles, Named, ProjectDetail } from '../../../contract/gateway/guide'
import type { CardImage } from '../../ui/card'

/** The display name of a lookup item or a plain string. */
export function nameOf(item: Named | string | null | undefined): string {
  if (!item) return ''
  if (typeof item === 'string') return item
  return item.content ?? item.title ?? item.region ?? item.name ?? ''
}

/** A file's link: the thumbnail for images shown small, else the download link. */
export function fileLink(file: FileRef, prefer: 'thumbnail' | 'download' = 'download'): string | null {
  if (!file) return null
  if (typeof file === 'string') return file
  return (
    (prefer === 'thumbnail' ? file.thumbnail_link || file.download_link : file.download_link || file.thumbnail_link) ||
    null
  )
}

/** A card image from a gateway file; null shows the generated pattern. */
export function cardImage(file: FileRef): CardImage | null {
  const src = fileLink(file, 'thumbnail')
  return src ? { src, alt: '', width: 640, height: 400 } : null
}

/** A finite number from a number or a numeric string, else null. */
export function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

/** The project's presentation in the page's language (or any language it exists in). */
export function presentationOf(project: ProjectDetail, locale: 'uz' | 'ru' | 'en'): GatewayFile | null {
  const p = project.presentation
  if (!p) return null
  if (typeof p === 'string') return { download_link: p }
  if ('download_link' in p || 'original_name' in p || 'file_name' in p)
    return (p as GatewayFile).download_link ? (p as GatewayFile) : null
  const byLang = p as LocaleFiles
  for (const lang of [locale, 'en', 'ru', 'uz'] as const) {
    const file = byLang[lang]
    const link = fileLink(file ?? null)
    if (link)
      return typeof file === 'string' ? { download_link: file } : { ...(file as GatewayFile), download_link: link }
  }
  return null
}

/** The id of the project's category, if the gateway names it. */
export function categoryIdOf(project: ProjectDetail): Id | null {
  const c = project.category
  if (typeof c === 'number') return c
  return c?.id ?? null
}

/** An OpenStreetMap link centred on the coordinates with a marker, or null without valid coordinates. */
export function mapLink(
  latitude: number | string | null | undefined,
  longitude: number | string | null | undefined,
): string | null {
  const lat = toNumber(latitude)
  const lon = toNumber(longitude)
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  const la = lat.toFixed(5)
  const lo = lon.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=12/${la}/${lo}`
}
