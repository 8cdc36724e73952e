/** Shapes of the site pages' payloads (docs/gateway-contract.md#content), as these pages read them. */

/** The gateway's `File` object, or a bare URL of a generated illustration. */
export type GatewayImage = { download_link?: string | null; thumbnail_link?: string | null } | string | null | undefined

export type ContentPage = { slug: string; title: string; content: string; updated_at?: string | null }

export type Region = { id: number; region: string; code: string }

export type Territory = {
  id: number
  region: Region
  area: number
  population: number
  tourists: number
  investment_projects: number
  /** USD millions. */
  fdi_credits: number
  /** USD millions. */
  foreign_trade: number
  presentation?: string | null
}

export type Review = { id?: number; comment: string; photo?: GatewayImage; author: string }

export type Leader = {
  id: number
  name: string
  surname: string
  position: string
  bio?: string | null
  email?: string | null
  phone?: string | null
  working_days?: string | null
  photo?: GatewayImage
}

export type PostSummary = { id: number; title: string; publish_date: string; photo?: GatewayImage; category: string }
export type StorySummary = { id: number; title: string; publish_date?: string }
export type EventSummary = { id: number; name: string; date_from?: string }
export type GallerySummary = { id: number; title: string; publish_date?: string }

export type SearchHit = { id: number | string; title: string; description?: string | null; path?: string | null }
export const SEARCH_KINDS = [
  'pages',
  'projects',
  'sectors',
  'services',
  'lots',
  'posts',
  'events',
  'stories',
  'gallery',
] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]
/** Hits by kind, and (`counts`) each kind's matches over every page. */
export type SearchResults = Partial<Record<SearchKind, SearchHit[] | null>> & {
  counts?: Partial<Record<SearchKind, number | null>> | null
}
