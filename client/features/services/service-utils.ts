/** Helpers that read the services area's payloads (docs/gateway-contract.md#services): file links and regions. */
import type { FileRef } from '../../../contract/gateway/common'
import type { AuctionLot } from '../../../contract/gateway/services'

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
