/** The spec's numbers (docs/product.md#constants), named once. */

import type { Locale } from '../contract/locales'

/** Each language in its own name (docs/design.md#header). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' }
/** Missing messages fall back across locales in this order (docs/product.md#session). */
export const LOCALE_FALLBACK: Readonly<Record<Locale, readonly Locale[]>> = {
  uz: ['uz', 'ru', 'en'],
  ru: ['ru', 'en', 'uz'],
  en: ['en', 'ru', 'uz'],
}

export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60
export const TOKEN_COOKIE = 'token'

export const GATEWAY_BASE = '/gateway'
/** Idempotent calls are retried once on these statuses (docs/product.md#transport). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Result codes the caller handles itself: no toast (docs/product.md#errors). */
export const SILENT_RESULT_CODES: ReadonlySet<string> = new Set(['expired_token', 'user_not_found'])

export const PAYLOAD_CACHE_MS = 3_600_000
export const ICON_TIMEOUT_MS = 1500
export const RELOAD_GUARD_MS = 10_000

export const TOAST = Object.freeze({
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  offset: '32px',
  position: 'bottom-right',
  hotkey: ['altKey', 'KeyT'] as string[],
  swipeThreshold: 20,
  removeDelay: 200,
  containerAriaLabel: 'Notifications',
} as const)

export const LOADING_BAR = Object.freeze({
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
  color: '#00A3D9',
  errorColor: '#C62828',
})

/** The longest comment "Was this page useful?" takes (the gateway's limit, docs/product.md#page-feedback). */
export const FEEDBACK_COMMENT_MAX = 1000
