import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../contract/locales'
import { href, hrefTo, matchRoute, parseQuery, readSearch, splitLocale, switchLocalePath, validateQuery } from './match'
import { type Params, ROUTE_BY_ID, ROUTES, type RouteId } from './routes'

/** Params that satisfy each route's schema; optional params appear both filled and omitted. */
const SAMPLE_PARAMS: Record<RouteId, readonly Params[]> = {
  home: [{}],
  sso: [{}],
  about: [{}],
  search: [{}],
  sitemap: [{}],
  contacts: [{}],
  'contact-us': [{}],
  'cookie-policy': [{}],
  'privacy-policy': [{}],
  'success-registration': [{}],
  unsubscribe: [{}],
  'open-data': [{}],
  accessibility: [{}],
  'page-feedback': [{}],
  'all-projects': [{}],
  'all-projects-map': [{}],
  post: [{ id: '42' }],
  media: [{ id: 'news' }, { id: 'publication' }, { id: 'pr_material' }, { id: 'blog' }, { id: 'gallery' }],
  'story-list': [{}],
  story: [{ id: '3' }],
  'event-list': [{}],
  'event-register': [{}],
  event: [{ id: '5' }],
  gallery: [{ id: '8' }],
  'one-id': [{}],
  'sign-in': [{}],
  'forgot-password': [{}],
  'reset-password': [{}],
  reason: ['living', 'talent', 'culture', 'economy', 'resource', 'strategy', 'innovation', 'environment'].map(
    (topic) => ({ topic }),
  ),
  'uz-ex': [{}],
  'service-category-index': [{}],
  'service-category': [{ category_id: '2' }],
  'e-auction': [{}],
  'e-auction-lot': [{ id: '1001' }],
  service: [{ service_id: '12' }],
  'guide-partnership': [{}],
  'guide-privatization': [{}],
  'guide-register-business': [{}],
  'guide-register-investor': [{}],
  'guide-project': [{}],
  'project-category-list': [{}],
  'project-category': [{ id: '4' }],
  project: [{ id: '17' }],
  explore: [{}],
  sector: [
    'energy',
    'metals',
    'pharma',
    'finance',
    'tourism',
    'textiles',
    'chemicals',
    'education',
    'automotive',
    'technology',
    'agriculture',
    'oil-and-gas',
    'construction',
    'zdravoohranenie',
  ].map((sector) => ({ sector })),
  'explore-item': [{ id: '7' }],
  'project-interest': [{ id: '17' }],
  enquiry: [{ token: `12.${'a'.repeat(43)}` }],
  'profile-enquiries': [{}],
  profile: [{}],
  'profile-company': [{}],
  'profile-password': [{}],
  'profile-notifications': [{}],
  'profile-account': [{}],
  'confirm-email': [{}],
  'profile-my-services': [{}],
  'profile-appeals': [{}, { id: '9' }],
  'profile-my-projects': [{}],
  'profile-project-form': [{}, { id: '11' }],
  page: [{ slug: 'investment-climate' }, { slug: 'free-economic-zones/navoi' }],
}

describe('matchRoute', () => {
  it('has sample params for exactly the routes of the table', () => {
    expect(Object.keys(SAMPLE_PARAMS).sort()).toEqual(ROUTES.map((r) => r.id).sort())
  })

  for (const route of ROUTES) {
    it(`reaches ${route.id} through its own href() in every locale, unshadowed by an earlier route`, () => {
      for (const locale of LOCALES) {
        for (const params of SAMPLE_PARAMS[route.id]) {
          const url = new URL(hrefTo({ id: route.id, params }, { locale }), 'http://portal.test')
          const split = splitLocale(url.pathname)
          expect(split.locale).toBe(locale)
          const match = matchRoute(split.rest)
          expect(match?.route.id, url.pathname).toBe(route.id)
          const matched: Readonly<Params> | undefined = match?.params
          for (const [name, value] of Object.entries(params)) expect(matched?.[name]).toBe(value)
        }
      }
    })
  }

  it('matches the 14 sector slugs to the sector page and a numeric id to the explore item', () => {
    expect(matchRoute('/guide/explore/energy')?.route.id).toBe('sector')
    expect(matchRoute('/guide/explore/oil-and-gas')?.route.id).toBe('sector')
    expect(matchRoute('/guide/explore/7')).toMatchObject({ route: { id: 'explore-item' }, params: { id: '7' } })
  })

  it('lets a route whose params fail their schema fall through to the next candidate', () => {
    expect(matchRoute('/event/register')?.route.id).toBe('event-register')
    expect(matchRoute('/event/12')?.route.id).toBe('event')
    expect(matchRoute('/service/uz-ex')?.route.id).toBe('uz-ex')
    expect(matchRoute('/service/e-auction')?.route.id).toBe('e-auction')
    expect(matchRoute('/service/category')?.route.id).toBe('service-category-index')
    expect(matchRoute('/service/31')?.route.id).toBe('service')
    expect(matchRoute('/guide/project/category')?.route.id).toBe('project-category-list')
  })

  it('never matches a numeric-id route with a non-numeric id', () => {
    for (const rest of [
      '/post/abc',
      '/post/1e3',
      '/post/-1',
      '/gallery/x1',
      '/story/1.5',
      '/event/%20',
      '/guide/project/one',
    ]) {
      const id = matchRoute(rest)?.route.id
      expect(['post', 'gallery', 'story', 'event', 'project']).not.toContain(id)
    }
  })

  it('answers no route, not the content catch-all, when a typed route’s pattern matched and its params failed', () => {
    for (const rest of [
      '/post/abc',
      '/gallery/1a',
      '/story/1.5',
      '/event/x',
      '/media/video',
      '/reason/weather',
      '/service/category/x',
      '/guide/project/one',
    ]) {
      expect(matchRoute(rest), rest).toBeNull()
    }
  })

  it('never matches the media route with an id outside the five content types', () => {
    for (const id of ['video', 'News', 'gallery ', 'pr-material', '__proto__'])
      expect(matchRoute(`/media/${encodeURIComponent(id)}`)?.route.id).not.toBe('media')
  })

  it('matches nothing for unknown paths whose segments are not content slugs', () => {
    for (const rest of [
      '/About',
      '/post/1/Edit',
      '/guide/explore/Energy',
      '/a_b/c',
      '/profile/appeals/x_1',
      '/some page/x',
      '/%2e%2e/etc',
    ]) {
      expect(matchRoute(rest), rest).toBeNull()
    }
  })

  it('sends unknown multi-segment kebab-case paths only to the content catch-all, never to a typed route', () => {
    expect(matchRoute('/not/a/route')).toMatchObject({ route: { id: 'page' }, params: { slug: 'not/a/route' } })
    expect(matchRoute('/post/1/extra')?.route.id).toBe('page')
  })

  it('matches nothing for malformed percent-encoding', () => {
    for (const rest of ['/%E0%A4%A', '/post/%', '/%zz', '/guide/explore/%C0']) expect(matchRoute(rest), rest).toBeNull()
  })

  it('matches nothing when an encoded slash or backslash would join two segments', () => {
    for (const rest of [
      '/profile%2Fmy-services',
      '/profile%2fcompany',
      '/investment%2Fclimate',
      '/profile%5Ccompany',
      '/post%2F1',
    ])
      expect(matchRoute(rest), rest).toBeNull()
  })

  it('decodes percent-encoded segments before validating them', () => {
    expect(matchRoute('/post/%34%32')).toMatchObject({ route: { id: 'post' }, params: { id: '42' } })
  })

  it('matches the home route for the empty path below a locale', () => {
    expect(matchRoute('/')?.route.id).toBe('home')
  })
})

describe('splitLocale', () => {
  it('splits a known locale prefix from the path below it', () => {
    expect(splitLocale('/ru/post/1')).toEqual({ locale: 'ru', rest: '/post/1' })
    expect(splitLocale('/uz')).toEqual({ locale: 'uz', rest: '/' })
  })

  it('treats unknown two-letter prefixes and longer words as unprefixed paths', () => {
    expect(splitLocale('/de/post/1')).toEqual({ locale: null, rest: '/de/post/1' })
    expect(splitLocale('/english')).toEqual({ locale: null, rest: '/english' })
  })
})

describe('href', () => {
  it('builds a locale-prefixed path from the pattern', () => {
    expect(href('home', { locale: 'uz' })).toBe('/uz')
    expect(href('post', { locale: 'ru', params: { id: '5' } })).toBe('/ru/post/5')
    expect(href('sector', { locale: 'en', params: { sector: 'oil-and-gas' } })).toBe('/en/guide/explore/oil-and-gas')
  })

  it('percent-encodes params so they can never add segments or a query', () => {
    expect(href('post', { locale: 'en', params: { id: '1/../../admin?x=1#f' } })).toBe(
      '/en/post/1%2F..%2F..%2Fadmin%3Fx%3D1%23f',
    )
    expect(href('page', { locale: 'en', params: { slug: 'a b/ü' } })).toBe('/en/a%20b/%C3%BC')
  })

  it('throws on a missing required param, which the types refuse as well', () => {
    // @ts-expect-error `post` needs its `id`
    expect(() => href('post', { locale: 'en' })).toThrow(/missing param "id"/)
    expect(() => href('reason', { locale: 'en', params: { topic: '' } })).toThrow(/missing param "topic"/)
  })

  it('throws on a param that is a dot segment, which the URL parser would drop or climb', () => {
    expect(() => href('post', { locale: 'en', params: { id: '..' } })).toThrow(/dot segment/)
    expect(() => href('page', { locale: 'en', params: { slug: 'a/./b' } })).toThrow(/dot segment/)
    expect(href('post', { locale: 'en', params: { id: '...' } })).toBe('/en/post/...')
  })

  it('omits optional params that are not given', () => {
    expect(href('profile-appeals', { locale: 'en' })).toBe('/en/profile/appeals')
    expect(href('profile-appeals', { locale: 'en', params: { id: '3' } })).toBe('/en/profile/appeals/3')
    expect(href('profile-project-form', { locale: 'ru' })).toBe('/ru/profile/my-projects/form')
  })

  it('encodes the query and skips empty values', () => {
    const url = href('search', {
      locale: 'en',
      query: { keyword: 'solar & wind=100%', page: 2, empty: '', none: undefined },
    })
    expect(url).toBe('/en/search?keyword=solar+%26+wind%3D100%25&page=2')
    expect(readSearch(new URL(url, 'http://portal.test').searchParams)).toEqual({
      keyword: 'solar & wind=100%',
      page: '2',
    })
  })

  it('throws on an unknown route id', () => {
    // @ts-expect-error not a route of the table
    expect(() => href('nope', { locale: 'en' })).toThrow(/Unknown route/)
  })
})

describe('switchLocalePath', () => {
  it('swaps the locale prefix and keeps path and query', () => {
    expect(switchLocalePath('/ru/post/1', '?a=1', 'en')).toBe('/en/post/1?a=1')
    expect(switchLocalePath('/en/guide/explore/energy', '', 'uz')).toBe('/uz/guide/explore/energy')
  })

  it('maps the locale home and the bare root to the locale home', () => {
    expect(switchLocalePath('/ru', '', 'uz')).toBe('/uz')
    expect(switchLocalePath('/', '?x=1', 'ru')).toBe('/ru?x=1')
  })

  it('adds a prefix to an unprefixed path', () => {
    expect(switchLocalePath('/about', '', 'ru')).toBe('/ru/about')
  })

  it('gives the same result as href() for every locale', () => {
    const from = href('post', { locale: 'uz', params: { id: '9' } })
    for (const locale of LOCALES)
      expect(switchLocalePath(from, '', locale)).toBe(href('post', { locale, params: { id: '9' } }))
  })
})

describe('readSearch', () => {
  it('keeps the first value of a repeated key', () => {
    expect(readSearch(new URLSearchParams('role=investor&role=businessmen'))).toEqual({ role: 'investor' })
  })

  it('returns a prototype-less record and ignores keys that could pollute prototypes', () => {
    const out = readSearch(new URLSearchParams('__proto__=x&constructor=y&prototype=z&__proto__[admin]=1&toString=t'))
    expect(Object.getPrototypeOf(out)).toBeNull()
    expect(Object.keys(out).sort()).toEqual(['__proto__[admin]', 'toString'])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('x')
  })

  it('feeds query validation with the prototype-less record', () => {
    const signIn = ROUTE_BY_ID['sign-in']
    expect(validateQuery(signIn, readSearch(new URLSearchParams('role=investor')))).toBe(true)
    expect(validateQuery(signIn, readSearch(new URLSearchParams('role=admin')))).toBe(false)
    expect(validateQuery(signIn, readSearch(new URLSearchParams('')))).toBe(false)
  })
})

describe('validateQuery (docs/product.md#validation)', () => {
  const q = (s: string) => readSearch(new URLSearchParams(s))

  it('requires a role for one-id and accepts any non-empty role', () => {
    expect(validateQuery(ROUTE_BY_ID['one-id'], q(''))).toBe(false)
    expect(validateQuery(ROUTE_BY_ID['one-id'], q('role='))).toBe(false)
    expect(validateQuery(ROUTE_BY_ID['one-id'], q('role=investor'))).toBe(true)
  })

  it('accepts only investor or businessmen for sign-in and forgot-password', () => {
    for (const id of ['sign-in', 'forgot-password'] as const) {
      expect(validateQuery(ROUTE_BY_ID[id], q('role=businessmen'))).toBe(true)
      expect(validateQuery(ROUTE_BY_ID[id], q('role=Investor'))).toBe(false)
      expect(validateQuery(ROUTE_BY_ID[id], q('role=businessman'))).toBe(false)
    }
  })

  it('requires all four reset-link fields', () => {
    const all = { time: '1', token: 't', email: 'a@b.example', uuid: 'u' }
    expect(validateQuery(ROUTE_BY_ID['reset-password'], q(new URLSearchParams(all).toString()))).toBe(true)
    for (const missing of Object.keys(all)) {
      const partial = Object.fromEntries(Object.entries(all).filter(([k]) => k !== missing))
      expect(validateQuery(ROUTE_BY_ID['reset-password'], q(new URLSearchParams(partial).toString())), missing).toBe(
        false,
      )
    }
  })

  it('requires a non-empty event_id for event registration', () => {
    expect(validateQuery(ROUTE_BY_ID['event-register'], q(''))).toBe(false)
    expect(validateQuery(ROUTE_BY_ID['event-register'], q('event_id='))).toBe(false)
    expect(validateQuery(ROUTE_BY_ID['event-register'], q('event_id=3'))).toBe(true)
  })

  it('rejects a non-numeric page on list routes', () => {
    expect(validateQuery(ROUTE_BY_ID['event-list'], q('page=2'))).toBe(true)
    expect(validateQuery(ROUTE_BY_ID['event-list'], q('page=two'))).toBe(false)
  })
})

describe('parseQuery', () => {
  const q = (s: string) => readSearch(new URLSearchParams(s))

  it('reads a list page as a number, one value for every spelling of it', () => {
    expect(parseQuery('media', q('page=2'))).toEqual({ page: 2 })
    expect(parseQuery('media', q('page=002'))).toEqual({ page: 2 })
    expect(parseQuery('media', q(''))).toEqual({})
  })

  it('keeps only the keys the route names, so a stray key can never reach a data plan', () => {
    expect(parseQuery('search', q('keyword=solar&page=1&utm_source=mail&__proto__=x'))).toEqual({
      keyword: 'solar',
      page: 1,
    })
    expect(parseQuery('post', q('page=3'))).toEqual({})
  })

  it('answers null where validateQuery refuses, for every route', () => {
    for (const search of [
      '',
      'page=x',
      'role=investor',
      'role=admin',
      'event_id=',
      'process=1&step=a',
      'time=1&token=t&email=e&uuid=u',
    ]) {
      for (const route of ROUTES)
        expect(parseQuery(route.id, q(search)) !== null, `${route.id}?${search}`).toBe(validateQuery(route, q(search)))
    }
  })
})
