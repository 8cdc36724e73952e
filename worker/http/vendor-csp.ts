/**
 * CSP sources of the configured vendors (bot protection, Firebase, a map tile provider): present only when the vendor
 * is configured, on every document, because a client navigation keeps the policy of the document it started from
 * (docs/security.md#content-security-policy).
 */
import type { Context } from 'hono'
import type { PublicConfig } from '../../shared/state/config'
import type { AppEnv } from '../types'

type Directive = 'script-src' | 'frame-src' | 'connect-src' | 'img-src'

const TURNSTILE = 'https://challenges.cloudflare.com'
const RECAPTCHA = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
]
/** Firebase Installations and FCM registration endpoints the messaging SDK calls from the page. */
const FIREBASE_CONNECT = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']

/** The extra sources for one directive under this configuration (space-separated, possibly empty). */
function vendorSources(config: PublicConfig, directive: Directive): string {
  const out: string[] = []
  const bot = config.botSiteKey ? config.botProvider : null
  if (bot === 'turnstile' && (directive === 'script-src' || directive === 'frame-src' || directive === 'connect-src'))
    out.push(TURNSTILE)
  if (bot === 'recaptcha' && (directive === 'script-src' || directive === 'frame-src' || directive === 'connect-src'))
    out.push(...RECAPTCHA)
  const push = !!config.firebase && !!config.vapidKey
  if (push && directive === 'connect-src') out.push(...FIREBASE_CONNECT)
  // A provider's tiles are fetched (an archive's ranges, a raster tile) and may be drawn as images; the portal's own
  // archive is same-origin and MapLibre's worker a same-origin module, which 'self' already allows.
  const map = config.map?.provider ? new URL(config.map.tiles.replace(/[{}]/g, '')).origin : null
  if (map && (directive === 'connect-src' || directive === 'img-src')) out.push(map)
  return out.join(' ')
}

/** A secure-headers directive value computed per request from the parsed config. */
export function vendorSrc(directive: Directive) {
  return (c: Context<AppEnv>) => vendorSources(c.get('config').public, directive)
}
