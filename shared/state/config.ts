/** The public configuration embedded in every page: whitelisted, never a secret (docs/architecture.md#rule-4). */
import type { Locale } from '../../contract/locales'

export type PublicConfig = Readonly<{
  buildId: string
  defaultLocale: Locale
  botProvider: 'turnstile' | 'recaptcha' | null
  botSiteKey: string | null
  firebase: Readonly<Record<string, string>> | null
  vapidKey: string | null
  /** The projects map's tiles (`MAP_TILES`, docs/operations.md#map-tiles), or null: the portal offers no map. */
  map: MapTiles | null
}>

/** Where the projects map's ground comes from (docs/decisions/0058-project-map.md). */
export type MapTiles = Readonly<{
  /** A PMTiles archive's address (`archive`), else a raster tile template with `{z}`, `{x}` and `{y}`. */
  tiles: string
  archive: boolean
  /** The third party serving them, named on the map and the privacy page; null for the portal's own archive. */
  provider: string | null
}>
