/** CSP sources of the configured vendors (bot protection, Firebase): present only when the vendor is configured. */
import type { Context } from 'hono'
import type { PublicConfig } from '../../shared/state/config'
import type { AppEnv } from '../types'

type Directive = 'script-src' | 'frame-src' | 'connect-src'

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
  return out.join(' ')
}

/** A secure-headers directive value computed per request from the parsed config. */
export function vendorSrc(directive: Directive) {
  return (c: Context<AppEnv>) => vendorSources(c.get('config').public, directive)
}
