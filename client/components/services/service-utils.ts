/**
 * Shapes of the services area's gateway answers (docs/gateway-contract.md#services and "Integrations"), as the pages
 * read them.
 */
import type { ParentRef } from '../../../shared/service-keys'

/** The gateway's `File` object; only the fields the pages use. */
export type GatewayFile = {
  id?: number | string
  original_name?: string | null
  file_name?: string | null
  file_extension?: string | null
  content_type?: string | null
  size?: number | null
  download_link?: string | null
  thumbnail_link?: string | null
}

/** Some answers carry a `File`, some a bare link: both are accepted. */
export type FileRef = GatewayFile | string | null | undefined

export type ServiceCategory = {
  id: number
  title: string
  description?: string | null
  icon?: string | null
  order?: number | null
  parent?: ParentRef
  parent_id?: ParentRef
}

export type ServiceSummary = {
  id: number
  title: string
  description?: string | null
  link?: string | null
  upload?: FileRef
  online?: boolean | null
  info?: string | null
  is_external?: boolean | null
  category?: ParentRef
  category_id?: ParentRef
}

export type ServiceProcess = {
  id: number
  order?: number | null
  icon?: string | null
  title: string
  description?: string | null
}

export type StepDocument = { id: number; title: string; type?: string | null; upload?: FileRef }

export type StepSummary = { id: number; title: string; order?: number | null }

export type ServiceStep = StepSummary & {
  content?: string | null
  upload?: FileRef
  groups?: { id: number; title: string; icon?: string | null; documents?: StepDocument[] | null }[] | null
  accordions?: { id: number; title: string; content?: string | null; documents?: StepDocument[] | null }[] | null
}

export type AuctionLot = {
  order_id: number
  lot_number: string | number
  property_name: string
  property_group?: string | null
  property_category?: string | null
  region?: string | { region?: string | null } | null
  area?: number | null
  address?: string | null
  image_link?: string | null
  external_link?: string | null
  start_price: number
  zakalad_percent?: number | null
  zakalad_amount?: number | null
  auction_start_time?: string | null
  order_end_time?: string | null
  is_tern_payment?: boolean | null
  term_month?: number | null
}

export type AuctionLotDetail = {
  lot: string | number
  property: string
  main_image?: string | null
  images?: { image: string }[] | null
  price: number
  zaklad_summa?: number | null
  zaklad_percent?: number | null
  auction_date?: string | null
  auction_time?: string | null
  order_end_time?: string | null
  over_time?: string | null
  lot_status?: string | null
  view_count?: number | null
  address?: string | null
  lat?: number | string | null
  lng?: number | string | null
  customer_name?: string | null
  customer_phone?: string | null
  customer_email?: string | null
  external_link?: string | null
  area?: number | null
  region?: string | { region?: string | null } | null
  property_group?: string | null
  property_category?: string | null
}

export type UzexProduct = { order: number; name: string; number: number; price_unit: number; info?: string | null }

export type UzexLot = {
  lot_id: number
  lot_number: string | number
  proposal_name: string
  customer?: string | null
  customer_region?: string | null
  start_cost: number
  currency_name: string
  start_date?: string | null
  end_date?: string | null
  trade_type?: string | null
  products?: UzexProduct[] | null
}

/** The link of a `File` or a bare link; null when there is none. */
export function fileLink(file: FileRef, kind: 'download' | 'thumbnail' = 'download'): string | null {
  if (!file) return null
  if (typeof file === 'string') return file
  return (kind === 'thumbnail' ? file.thumbnail_link || file.download_link : file.download_link) || null
}

/** A region given as text or as `{ region }`. */
export function regionName(region: AuctionLot['region']): string {
  if (!region) return ''
  return typeof region === 'string' ? region : (region.region ?? '')
}
