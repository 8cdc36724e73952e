/** Deploy configuration: wrangler vars parsed once with a schema that names every bad key. */
import * as v from 'valibot'
import { LOCALES, type Locale } from '../contract/locales'
import { createConfigReader } from '../platform/config'
import type { MapTiles, PublicConfig } from '../shared/state/config'

const optionalText = v.optional(v.string(), '')

const VarsSchema = v.object({
  DEFAULT_LOCALE: v.optional(v.picklist(LOCALES), 'en'),
  GATEWAY_ORIGIN: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//))]), ''),
  // "none": no bot protection, chosen on purpose (the deploy check's strict mode refuses an empty value).
  BOT_PROVIDER: v.optional(v.picklist(['', 'none', 'turnstile', 'recaptcha']), ''),
  BOT_SITE_KEY: optionalText,
  FIREBASE_CONFIG: optionalText,
  VAPID_KEY: optionalText,
  UPSTREAM_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{2,6}$/), v.transform(Number)), '5000'),
  PAYLOAD_MEMORY_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.maxValue(60_000)), '0'),
  DEV_MODE: v.optional(v.picklist(['0', '1']), '0'),
  DEBUG_HEADERS: v.optional(v.picklist(['0', '1']), '0'),
  // The map's tiles (docs/operations.md#map-tiles): "pmtiles" (the gateway's archive), an https PMTiles archive or
  // raster tile template of a provider, or empty for no map.
  MAP_TILES: v.optional(
    v.union([
      v.literal(''),
      v.literal('pmtiles'),
      v.pipe(v.string(), v.url(), v.regex(/^https:\/\/[^/]+\/\S*(\.pmtiles|\{z\}\S*\{x\}\S*\{y\}\S*)$/)),
    ]),
    '',
  ),
  MAP_PROVIDER: optionalText,
  // A secret (docs/decisions/0018-realtime-hub.md): empty turns publishing off; a short key is a mistake, not a choice.
  REALTIME_SECRET: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.minLength(32))]), ''),
})

export type AppConfig = Readonly<{
  defaultLocale: Locale
  /** Upstream origin without a trailing slash, or null to use the GATEWAY service binding. */
  gatewayOrigin: string | null
  /** Edge loaders give up on the upstream after this long (then stale-if-error or the error screen). */
  upstreamTimeoutMs: number
  /**
   * How long an isolate keeps a fresh payload it read from KV in memory and answers from there (0: every read goes to
   * KV). At most 60 s, the time KV itself may take to show a write everywhere.
   */
  payloadMemoryMs: number
  /** Local mode: `/_dev/*` reaches the reference gateway's development helpers (docs/security.md#dev-surface). */
  devMode: boolean
  /** `X-Payload-Cache` and `Server-Timing` on responses (docs/operations.md#logs). */
  debugHeaders: boolean
  /**
   * The key upstreams sign realtime publishes with, or null: every publish is refused (docs/decisions/0018-realtime-hub.md).
   */
  realtimeSecret: string | null
  public: PublicConfig
}>

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'

/** The gateway's own archive, through the proxy (docs/gateway-contract.md#map-tiles). */
export const GATEWAY_MAP_TILES = '/gateway/document/public/map-tiles'

/** The map's tiles: the gateway's archive, or a provider's, which must be named (the privacy page names it). */
function readMapTiles(tiles: string, provider: string): MapTiles | null {
  if (!tiles) return null
  if (tiles === 'pmtiles') return { tiles: GATEWAY_MAP_TILES, archive: true, provider: null }
  if (!provider.trim())
    throw new Error('invalid portal configuration: MAP_PROVIDER must name the provider of MAP_TILES')
  return { tiles, archive: tiles.endsWith('.pmtiles'), provider: provider.trim() }
}

/** Parses the vars once per env object; a bad var fails loudly with its name. */
export const readConfig: (env: Env) => AppConfig = createConfigReader('portal', VarsSchema, (vars) => {
  let firebase: Record<string, string> | null = null
  if (vars.FIREBASE_CONFIG) {
    try {
      firebase = JSON.parse(vars.FIREBASE_CONFIG) as Record<string, string>
    } catch {
      throw new Error('invalid portal configuration: FIREBASE_CONFIG is not JSON')
    }
  }
  return Object.freeze({
    defaultLocale: vars.DEFAULT_LOCALE,
    gatewayOrigin: vars.GATEWAY_ORIGIN ? vars.GATEWAY_ORIGIN.replace(/\/+$/, '') : null,
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    payloadMemoryMs: vars.PAYLOAD_MEMORY_MS,
    devMode: vars.DEV_MODE === '1',
    debugHeaders: vars.DEBUG_HEADERS === '1',
    realtimeSecret: vars.REALTIME_SECRET || null,
    public: Object.freeze({
      buildId: BUILD_ID,
      defaultLocale: vars.DEFAULT_LOCALE,
      botProvider: vars.BOT_PROVIDER === '' || vars.BOT_PROVIDER === 'none' ? null : vars.BOT_PROVIDER,
      botSiteKey: vars.BOT_SITE_KEY || null,
      firebase,
      vapidKey: vars.VAPID_KEY || null,
      map: readMapTiles(vars.MAP_TILES, vars.MAP_PROVIDER),
    }),
  })
})
