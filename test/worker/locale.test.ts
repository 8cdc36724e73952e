/**
 * docs/product.md#session locale rules at the edge: negotiation, the i18n_redirected cookie, prefix redirects,
 * alternates.
 */
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../contract/locales'
import { LOCALE_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import {
  fetchPortal,
  getPage,
  localeCookie,
  localeOfRoot,
  ORIGIN,
  readLinks,
  setCookieFor,
  unprefixed,
} from './helpers'

const home = '/'

describe('GET / (docs/product.md#session)', () => {
  it('serves the home page with 200 in the Accept-Language locale', async () => {
    const { status, html } = await getPage(home, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })
    expect(status).toBe(200)
    expect(html).toContain('<html lang="ru"')
  })

  it('prefers the i18n_redirected cookie over Accept-Language and then sets no cookie', async () => {
    const { res, html } = await getPage(home, { cookie: localeCookie('uz'), 'accept-language': 'ru' })
    expect(html).toContain('<html lang="uz"')
    expect(setCookieFor(res, LOCALE_COOKIE)).toBeUndefined()
  })

  it('ignores an invalid locale cookie and replaces it with the negotiated locale', async () => {
    const { res, html } = await getPage(home, { cookie: localeCookie('de'), 'accept-language': 'ru' })
    expect(html).toContain('<html lang="ru"')
    expect(setCookieFor(res, LOCALE_COOKIE)).toMatch(/^i18n_redirected=ru;/)
  })

  it('picks the best Accept-Language match by q-value', async () => {
    const { html } = await getPage(home, { 'accept-language': 'de;q=1, en;q=0.3, uz;q=0.8, ru;q=0.5' })
    expect(html).toContain('<html lang="uz"')
  })

  it('falls back to the default locale en without a supported language', async () => {
    expect((await getPage(home, { 'accept-language': 'de-DE,fr;q=0.8' })).html).toContain('<html lang="en"')
    expect((await getPage(home)).html).toContain('<html lang="en"')
  })

  it('sets the locale cookie for 365 days on path / with SameSite=Lax when it detects the locale', async () => {
    const { res } = await getPage(home, { 'accept-language': 'uz' })
    const line = setCookieFor(res, LOCALE_COOKIE)!
    expect(line).toMatch(/^i18n_redirected=uz;/)
    expect(line).toMatch(/;\s*Max-Age=31536000(;|$)/i)
    expect(line).toMatch(/;\s*Path=\/(;|$)/i)
    expect(line).toMatch(/;\s*SameSite=Lax(;|$)/i)
  })

  it('varies the bare root by cookie and Accept-Language', async () => {
    const { res } = await getPage(home, { 'accept-language': 'ru' })
    expect(res.headers.get('vary') ?? '').toMatch(/cookie/i)
    expect(res.headers.get('vary') ?? '').toMatch(/accept-language/i)
  })
})

describe('prefixed and unprefixed paths (docs/product.md#session)', () => {
  it('never sets the locale cookie on a prefixed path', async () => {
    for (const locale of LOCALES) {
      const { res, status, html } = await getPage(href('sitemap', { locale }), { 'accept-language': 'de' })
      expect(status).toBe(200)
      expect(html).toContain(`<html lang="${locale}"`)
      expect(setCookieFor(res, LOCALE_COOKIE)).toBeUndefined()
    }
  })

  it('redirects any other unprefixed path with 302 to the same path and query under the negotiated locale', async () => {
    const target = href('search', { locale: 'ru', query: { keyword: 'solar/wind & co', page: 1 } })
    const res = await fetchPortal(unprefixed(target), { headers: { 'accept-language': 'ru' } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(target)
    expect(setCookieFor(res, LOCALE_COOKIE)).toMatch(/^i18n_redirected=ru;/)
  })

  it('redirects an unprefixed path by the cookie without setting it again', async () => {
    const target = href('post', { locale: 'uz', params: { id: '3' } })
    const res = await fetchPortal(unprefixed(target), {
      headers: { cookie: localeCookie('uz'), 'accept-language': 'en' },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(target)
    expect(setCookieFor(res, LOCALE_COOKIE)).toBeUndefined()
  })

  // Deliberately malformed inputs: each tries to turn the locale redirect into an open redirect.
  for (const attack of [
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '///evil.example',
    '//evil.example/%2F..',
    '/\\/evil.example?x=//evil.example',
  ]) {
    it(`keeps the redirect for ${JSON.stringify(attack)} a same-origin path under a locale`, async () => {
      const res = await fetchPortal(`${ORIGIN}${attack}`, { headers: { 'accept-language': 'en' } })
      expect(res.status).toBe(302)
      const location = res.headers.get('location')!
      expect(location).toMatch(/^\/(uz|ru|en)(?:[/?]|$)/)
      expect(location).not.toMatch(/^\/[\\/]/)
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN)
    })
  }
})

describe('document language and alternates', () => {
  it('renders <html lang>, a canonical link and hreflang alternates for uz, ru, en and x-default', async () => {
    const page = href('search', { locale: 'ru', query: { keyword: 'tax' } })
    const { html } = await getPage(page)
    expect(html).toContain('<html lang="ru"')
    const links = readLinks(html)
    expect(links.filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([ORIGIN + page])
    const alternates = Object.fromEntries(links.filter((l) => l.rel === 'alternate').map((l) => [l.hreflang, l.href]))
    expect(alternates).toEqual({
      uz: ORIGIN + href('search', { locale: 'uz', query: { keyword: 'tax' } }),
      ru: ORIGIN + href('search', { locale: 'ru', query: { keyword: 'tax' } }),
      en: ORIGIN + href('search', { locale: 'en', query: { keyword: 'tax' } }),
      'x-default': ORIGIN + unprefixed(page),
    })
  })
})

const byHeader = (value: string, fallback?: Locale) => localeOfRoot({ 'accept-language': value }, fallback)

describe('the language of a first visit', () => {
  it('is the default without a header or without a supported language', async () => {
    expect(await localeOfRoot({}, 'uz')).toBe('uz')
    expect(await byHeader('', 'ru')).toBe('ru')
    expect(await byHeader('de-DE,de;q=0.9,fr;q=0.8', 'uz')).toBe('uz')
    expect(await byHeader('*', 'ru')).toBe('ru')
  })

  it('is the supported language with the highest q-value, whatever its position', async () => {
    expect(await byHeader('en;q=0.5, ru;q=0.8, uz;q=0.7')).toBe('ru')
    expect(await byHeader('de, en;q=0.3, uz;q=0.9')).toBe('uz')
  })

  it('keeps header order between equal q-values', async () => {
    expect(await byHeader('uz, ru, en')).toBe('uz')
    expect(await byHeader('ru;q=0.5, en;q=0.5')).toBe('ru')
  })

  it('matches region and script subtags to their language', async () => {
    expect(await byHeader('ru-RU,ru;q=0.9')).toBe('ru')
    expect(await byHeader('uz-Latn-UZ')).toBe('uz')
    expect(await byHeader('EN-gb', 'uz')).toBe('en')
  })

  it('skips languages refused with q=0', async () => {
    expect(await byHeader('en;q=0, ru;q=0.1')).toBe('ru')
    expect(await byHeader('uz;q=0.0, de', 'ru')).toBe('ru')
  })

  it('tolerates whitespace and empty entries', async () => {
    expect(await byHeader(' , fr ;q=0.9 ,  ru ; q=0.8 ,', 'uz')).toBe('ru')
  })

  it('follows the cookie before the header', async () => {
    expect(await localeOfRoot({ cookie: 'i18n_redirected=uz', 'accept-language': 'ru' })).toBe('uz')
    expect(await localeOfRoot({ cookie: 'i18n_redirected=xx', 'accept-language': 'ru' })).toBe('ru')
  })
})
