/** The public configuration embedded in every page: whitelisted, never a secret (docs/architecture.md#rule-4). */
import type { Locale } from '../../contract/locales'

export type PublicConfig = Readonly<{
  buildId: string
  defaultLocale: Locale
  botProvider: 'turnstile' | 'recaptcha' | null
  botSiteKey: string | null
  firebase: Readonly<Record<string, string>> | null
  vapidKey: string | null
}>
