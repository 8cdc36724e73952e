/**
 * Locale negotiation (docs/product.md#locale): cookie, then Accept-Language, then the default; bare paths redirect
 * under a prefix.
 */
import type { MiddlewareHandler } from 'hono'
import { setCookie } from 'hono/cookie'
import type { DetectorOptions } from 'hono/language'
import { detectFromCookie, detectFromHeader } from 'hono/language'
import { isLocale, LOCALES, type Locale } from '../../contract/locales'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../shared/constants'
import { splitLocale, switchLocalePath } from '../../shared/routing/match'
import { toSameOriginPath } from '../../shared/routing/safe-path'
import type { AppEnv } from '../types'

/**
 * How Hono's language detection reads our cookie and the `Accept-Language` header: the first supported language by
 * q-value (header order between equals), a region or script subtag matched to its language (`ru-RU`, `uz-Latn-UZ`).
 * The default comes from the configuration per request, so it is applied here, not by the detector.
 */
const DETECTION: DetectorOptions = {
  order: ['cookie', 'header'],
  lookupQueryString: '',
  lookupCookie: LOCALE_COOKIE,
  lookupFromPathIndex: 0,
  lookupFromHeaderKey: 'accept-language',
  caches: false,
  ignoreCase: true,
  fallbackLanguage: 'en',
  supportedLanguages: [...LOCALES],
}

function setLocaleCookie(c: Parameters<MiddlewareHandler>[0], locale: Locale) {
  setCookie(c, LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' })
}

export type LocaleOptions = { defaultLocale: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => Locale }

/** Sets `locale` and `rest` on the context, or redirects a bare path to its locale prefix. */
export function negotiateLocale(options: LocaleOptions): MiddlewareHandler<AppEnv> {
  return async function negotiateLocaleMiddleware(c, next) {
    const url = new URL(c.req.url)
    const { locale, rest } = splitLocale(url.pathname)
    if (locale) {
      c.set('locale', locale)
      c.set('rest', rest)
      return next()
    }
    const fromCookie = detectFromCookie(c, DETECTION)
    const fromHeader = detectFromHeader(c, DETECTION)
    const chosen = [fromCookie, fromHeader].find(isLocale) ?? options.defaultLocale(c)
    if (!isLocale(fromCookie)) setLocaleCookie(c, chosen)
    if (url.pathname === '/') {
      c.set('locale', chosen)
      c.set('rest', '/')
      c.header('Vary', 'Cookie, Accept-Language', { append: true })
      return next()
    }
    return c.redirect(toSameOriginPath(switchLocalePath(url.pathname, '', chosen)) + url.search, 302)
  }
}
