/**
 * Locale negotiation (docs/product.md#locale): cookie, then Accept-Language, then the default; bare paths redirect
 * under a prefix.
 */
import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '../../shared/constants'
import { splitLocale, switchLocalePath } from '../../shared/match'
import { toSameOriginPath } from '../../shared/safe-path'
import type { AppEnv } from '../types'

/** Best match among our locales for an Accept-Language header, by q-value then order. */
export function pickFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';')
      const q = attrs.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find(Boolean)
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index }
    })
    .filter((e) => e.q > 0 && isLocale(e.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return (ranked[0]?.lang as Locale | undefined) ?? null
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
    const fromCookie = getCookie(c, LOCALE_COOKIE)
    const chosen = isLocale(fromCookie)
      ? fromCookie
      : (pickFromAcceptLanguage(c.req.header('accept-language')) ?? options.defaultLocale(c))
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
