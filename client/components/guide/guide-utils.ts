/** Shapes of the investor guide's gateway answers (docs/gateway-contract.md#guide), as the pages read them. */
import type { ProjectStatus } from '../../../shared/guide-keys'
import type { CardImage } from '../card'

/** The gateway's `File` object; only the fields the pages use. */
export type GatewayFile = {
  id?: number | string
  original_name?: string | null
  file_name?: string | null
  file_extension?: string | null
  size?: number | null
  download_link?: string | null
  thumbnail_link?: string | null
}

/** Some answers carry a `File`, some a bare link (e.g. generated art): both are accepted. */
export type FileRef = GatewayFile | string | null | undefined

/** A key figure of a sector page, already in the page's language. */
export type Figure = { label: string; value: number | string; unit?: string | null; year?: number | string | null }

/** `GET page/{slug}`; sector pages add `summary` and `figures`. */
export type GuidePage = {
  slug: string
  title: string
  content: string
  updated_at?: string | null
  summary?: string | null
  figures?: Figure[] | null
}

/** A lookup item: sectors and amounts carry `content`, regions `region`, countries `country`. */
export type Named = {
  id: number
  content?: string
  title?: string
  region?: string
  country?: string
  name?: string
  code?: string
}

/** What a category lists under `service_categories[]`: services or service categories, whichever the gateway sends. */
export type CategoryService = {
  id: number
  title: string
  description?: string | null
  icon?: string | null
  category_id?: number | null
  parent_id?: number | null
  link?: string | null
  online?: boolean | null
  is_external?: boolean | null
}

export type ProjectCategory = {
  id: number
  title: string
  order?: number | null
  icon?: string | null
  description?: string | null
  upload?: FileRef
  service_categories?: CategoryService[] | null
}

export type Project = {
  id: number
  title: string
  icon?: string | null
  budget?: number | null
  status: ProjectStatus
  sector?: Named | string | null
  region?: Named | string | null
  category?: Pick<ProjectCategory, 'id' | 'title'> | number | null
  upload?: FileRef
  content?: string | null
  /** One file, or one per language as in the personal projects. */
  presentation?: FileRef | Partial<Record<'uz' | 'ru' | 'en', FileRef>>
  latitude?: number | string | null
  longitude?: number | string | null
  pp?: number | null
  irr?: number | null
  npv?: number | null
  email?: string | null
  phone?: string | null
}

/** The display name of a lookup item or a plain string. */
export function nameOf(item: Named | string | null | undefined): string {
  if (!item) return ''
  if (typeof item === 'string') return item
  return item.content ?? item.title ?? item.region ?? item.country ?? item.name ?? ''
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
export function presentationOf(project: Project, locale: 'uz' | 'ru' | 'en'): GatewayFile | null {
  const p = project.presentation
  if (!p) return null
  if (typeof p === 'string') return { download_link: p }
  if ('download_link' in p || 'original_name' in p || 'file_name' in p)
    return (p as GatewayFile).download_link ? (p as GatewayFile) : null
  const byLang = p as Partial<Record<'uz' | 'ru' | 'en', FileRef>>
  for (const lang of [locale, 'en', 'ru', 'uz'] as const) {
    const file = byLang[lang]
    const link = fileLink(file ?? null)
    if (link)
      return typeof file === 'string' ? { download_link: file } : { ...(file as GatewayFile), download_link: link }
  }
  return null
}

/** The id of the project's category, if the gateway names it. */
export function categoryIdOf(project: Project): number | null {
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
