/**
 * Property tests of the pure pieces behind every request (docs/security.md): the route matcher, query validation, the
 * locale redirect, proxy URL building and the payload cache key. Generated inputs are seeded with the known attack
 * strings of `fuzz-inputs.ts`. Runs per `npm test` (the explicit `runs()` below): 23,600 generated paths, queries and
 * headers here, plus 5,650 whole requests in fuzz-requests.test.ts — 29,250 in all, above the issue's 10,000.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isLocale, LOCALES } from '../../contract/locales'
import { apiKey, isPublicUrl } from '../../shared/keys/api-keys'
import { mediaKeys } from '../../shared/keys/media-keys'
import { normaliseKeyword, siteKeys } from '../../shared/keys/site-keys'
import { DATA_PLANS } from '../../shared/plans'
import { checkGuards } from '../../shared/routing/guards'
import {
  href,
  hrefTo,
  matchRoute,
  readSearch,
  satisfies,
  splitLocale,
  switchLocalePath,
  validateQuery,
} from '../../shared/routing/match'
import {
  isRouteId,
  MEDIA_TYPES,
  type Params,
  ROUTE_BY_ID,
  ROUTES,
  type RouteDef,
  type RouteId,
} from '../../shared/routing/routes'
import { safeReturnPath, toSameOriginPath } from '../../shared/routing/safe-path'
import { type AppConfig, BUILD_ID } from '../../worker/env'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { canonicalPath } from '../../worker/upstream/proxy'
import { upstreamUrl } from '../../worker/upstream/upstream'
import {
  ATTACK_STRINGS,
  flipCase,
  PROTECTED,
  pathSegment,
  percentEncodeSome,
  requestPath,
  requestQuery,
  runs,
} from './fuzz-inputs'
import { findPlan, isSameOriginPath, localeOfRoot, ORIGIN } from './helpers'

/** Protected pages as a visitor types them; the variants below must reach the same route or none. */
const PROTECTED_PATHS = [
  '/profile',
  '/profile/company',
  '/profile/password',
  '/profile/my-services',
  '/profile/appeals',
  '/profile/appeals/3',
  '/profile/my-projects',
  '/profile/my-projects/form',
  '/profile/my-projects/form/11',
]

const locale = fc.constantFrom(...LOCALES)
const anyText = fc.oneof(fc.constantFrom(...ATTACK_STRINGS), fc.string({ unit: 'binary', maxLength: 24 }))

describe('route matcher', () => {
  it('never throws and only answers a route whose params pass its schema', () => {
    fc.assert(
      fc.property(requestPath, (path) => {
        const match = matchRoute(splitLocale(path).rest)
        const rules: RouteDef | undefined = match?.route
        if (match && rules?.params) expect(satisfies(rules.params, match.params)).toBe(true)
      }),
      runs(3000),
    )
  })

  it('sends every encoding, slash and case variant of a protected path to that route or to none', () => {
    const variant = fc
      .tuple(
        fc.constantFrom(...PROTECTED_PATHS),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.constantFrom('/', '//', '///'),
        fc.constantFrom('', '/', '//'),
      )
      .map(([path, encodeMask, caseMask, upper, slash, trailing]) => ({
        path,
        variant: percentEncodeSome(flipCase(path, caseMask), encodeMask, upper).replace(/\//g, slash) + trailing,
      }))
    fc.assert(
      fc.property(variant, ({ path, variant }) => {
        const guarded = matchRoute(path)!.route.id
        expect(PROTECTED.has(guarded)).toBe(true)
        const id = matchRoute(variant)?.route.id
        if (id !== undefined) expect(id, variant).toBe(guarded)
      }),
      runs(1500),
    )
  })

  it('builds paths whose params never add, remove or climb segments and that match back to the route', () => {
    const cases = fc.tuple(
      fc.constantFrom<RouteId>('post', 'page', 'media', 'sector', 'profile-appeals'),
      locale,
      anyText.filter((s) => s !== ''),
    )
    fc.assert(
      fc.property(cases, ([id, loc, value]) => {
        const name = id === 'page' ? 'slug' : id === 'sector' ? 'sector' : 'id'
        const parts = id === 'page' ? value.split('/') : [value]
        if (parts.some((p) => p === '.' || p === '..')) {
          expect(() => hrefTo({ id, params: { [name]: value } }, { locale: loc })).toThrow(/dot segment/)
          return
        }
        const built = hrefTo({ id, params: { [name]: value } }, { locale: loc })
        const url = new URL(built, ORIGIN)
        expect(url.origin).toBe(ORIGIN)
        expect(url.search).toBe('')
        const fixedSegments = ROUTE_BY_ID[id].pattern.split('/').filter(Boolean).length - 1
        const expectedSegments = 1 + fixedSegments + parts.length
        expect(url.pathname.split('/').length - 1, built).toBe(expectedSegments)
        const match = matchRoute(splitLocale(url.pathname).rest)
        const matched: Readonly<Params> | undefined = match?.params
        if (match?.route.id === id) expect(matched?.[name]).toBe(value)
        else if (ROUTE_BY_ID[id].params) expect(satisfies(ROUTE_BY_ID[id].params!, { [name]: value })).toBe(false)
      }),
      runs(1500),
    )
  })
})

describe('query validation (docs/product.md#validation)', () => {
  const queryPairs = requestQuery.map((qs) => new URLSearchParams(qs.slice(1)))

  it('reads any query into a prototype-less record without polluting prototypes, first value winning', () => {
    fc.assert(
      fc.property(queryPairs, (params) => {
        const out = readSearch(params)
        expect(Object.getPrototypeOf(out)).toBeNull()
        for (const k of ['__proto__', 'constructor', 'prototype']) expect(Object.hasOwn(out, k)).toBe(false)
        for (const [k, value] of Object.entries(out)) expect(value).toBe([...params].find(([key]) => key === k)?.[1])
        expect(({} as Record<string, unknown>).admin).toBeUndefined()
        expect(Object.prototype).not.toHaveProperty('x')
      }),
      runs(1500),
    )
  })

  it('accepts sign-in and forgot-password exactly for role investor or businessmen', () => {
    const role = fc.oneof(
      fc.constantFrom('investor', 'businessmen', 'Investor', 'businessman', 'admin', ' investor'),
      anyText,
    )
    fc.assert(
      fc.property(
        fc.constantFrom<RouteId>('sign-in', 'forgot-password'),
        fc.option(role),
        queryPairs,
        (id, value, noise) => {
          noise.delete('role')
          if (value !== null) noise.set('role', value)
          expect(validateQuery(ROUTE_BY_ID[id], readSearch(noise))).toBe(
            value === 'investor' || value === 'businessmen',
          )
        },
      ),
      runs(1000),
    )
  })

  it('accepts a reset link exactly when time, token, email and uuid are all non-empty', () => {
    const field = fc.option(fc.oneof(fc.constant(''), anyText))
    fc.assert(
      fc.property(fc.record({ time: field, token: field, email: field, uuid: field }), queryPairs, (fields, noise) => {
        for (const [k, value] of Object.entries(fields)) {
          noise.delete(k)
          if (value !== null) noise.set(k, value)
        }
        const valid = Object.values(fields).every((value) => value !== null && value !== '')
        expect(validateQuery(ROUTE_BY_ID['reset-password'], readSearch(noise))).toBe(valid)
      }),
      runs(1000),
    )
  })

  it('accepts a list page number only as 1 to 6 digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RouteId>('media', 'story-list', 'event-list', 'uz-ex', 'e-auction', 'profile-my-projects'),
        fc.option(fc.oneof(fc.stringMatching(/^\d{1,8}$/), anyText)),
        (id, page) => {
          const query = readSearch(new URLSearchParams(page === null ? '' : `page=${encodeURIComponent(page)}`))
          expect(validateQuery(ROUTE_BY_ID[id], query)).toBe(page === null || /^\d{1,6}$/.test(page))
        },
      ),
      runs(800),
    )
  })

  it('denies every protected route to a visitor without a token, and residency pages to the other residency', () => {
    const session = fc.record({ hasToken: fc.boolean(), profile: fc.option(fc.record({ is_resident: fc.boolean() })) })
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), session, (route, s) => {
        const error = checkGuards(route.meta, s)
        const meta = route.meta as { protected?: boolean; residentOnly?: boolean; nonResidentOnly?: boolean }
        if (meta.protected && !s.hasToken) expect(error?.statusCode).toBeOneOf([401, 403])
        if (meta.residentOnly && !s.profile?.is_resident) expect(error?.statusCode).toBeOneOf([401, 403])
        if (meta.nonResidentOnly && (!s.profile || s.profile.is_resident))
          expect(error?.statusCode).toBeOneOf([401, 403])
        if (!meta.protected && !meta.residentOnly && !meta.nonResidentOnly) expect(error).toBeNull()
      }),
      runs(500),
    )
  })
})

describe('locale redirect (docs/product.md#locale)', () => {
  it('turns any path into a same-origin redirect target under the chosen locale', () => {
    fc.assert(
      fc.property(requestPath, locale, (raw, loc) => {
        const pathname = new URL(ORIGIN + raw).pathname
        const location = toSameOriginPath(switchLocalePath(pathname, '', loc))
        expect(isSameOriginPath(location), location).toBe(true)
        expect(splitLocale(location).locale).toBe(loc)
      }),
      runs(2000),
    )
  })

  it('collapses any run of slashes and backslashes so no input reads as another host', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(fc.constantFrom('/', '\\', '//', '/\\', '\\/'), pathSegment), { maxLength: 8 })
          .map((parts) => parts.join('')),
        (input) => {
          expect(isSameOriginPath(toSameOriginPath(input)), input).toBe(true)
        },
      ),
      runs(1000),
    )
  })

  it('draws a bare / in one of the portal locales whatever the Accept-Language header', async () => {
    const header = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            'en',
            'ru-RU',
            'uz;q=0.5',
            'de',
            '*',
            'ru;q=NaN',
            'en;q=-1',
            'uz;q=1e309',
            ';q=',
            '__proto__',
          ),
          fc.string({ maxLength: 12 }),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join(','))
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        expect(isLocale(await localeOfRoot({ 'accept-language': value }))).toBe(true)
      }),
      runs(500),
    )
  })

  it('lets a sign-in return only to a same-origin path under a locale', () => {
    const value = fc.oneof(
      requestPath.chain((p) => requestQuery.map((q) => p + q)),
      anyText,
    )
    fc.assert(
      fc.property(value, (input) => {
        const path = safeReturnPath(input)
        if (path === null) return
        expect(isSameOriginPath(path), path).toBe(true)
        expect(splitLocale(new URL(path, ORIGIN).pathname).locale).not.toBeNull()
      }),
      runs(1500),
    )
  })
})

describe('proxy URL building (docs/security.md#proxy)', () => {
  const configs: AppConfig[] = [
    { gatewayOrigin: null },
    { gatewayOrigin: 'https://gateway.example' },
    { gatewayOrigin: 'https://gateway.example:8443' },
  ] as AppConfig[]
  const upstreamOrigin = (config: AppConfig) => new URL(config.gatewayOrigin ?? 'http://gateway.internal').origin

  it('keeps the configured upstream origin for any path and query', () => {
    const input = fc.oneof(
      requestPath.chain((p) => requestQuery.map((q) => p + q)),
      anyText,
    )
    fc.assert(
      fc.property(fc.constantFrom(...configs), input, (config, pathAndQuery) => {
        expect(new URL(upstreamUrl(config, pathAndQuery)).origin).toBe(upstreamOrigin(config))
      }),
      runs(2000),
    )
  })

  it('forwards exactly the path it checked: what passes canonicalPath reaches the upstream unchanged', () => {
    const raw = fc.tuple(
      fc.array(fc.tuple(fc.constantFrom('/', '/', '//', '/\\'), pathSegment), { minLength: 1, maxLength: 6 }),
      requestQuery,
    )
    fc.assert(
      fc.property(fc.constantFrom(...configs), raw, (config, [parts, query]) => {
        const url = new URL(`${ORIGIN}/gateway${parts.map(([sep, seg]) => sep + seg).join('')}${query}`)
        if (!url.pathname.startsWith('/gateway')) return
        const below = canonicalPath(url.pathname, '/gateway')
        if (below === null) return
        const target = new URL(upstreamUrl(config, below + url.search))
        expect(target.origin).toBe(upstreamOrigin(config))
        expect(target.pathname).toBe(below)
        expect(target.search).toBe(url.search)
      }),
      runs(2000),
    )
  })
})

describe('payload cache key (docs/security.md#cache-keys)', () => {
  /** Params that pass each planned route's schema. */
  const PARAMS: Partial<Record<RouteId, Params>> = {
    post: { id: '42' },
    media: { id: 'news' },
    story: { id: '3' },
    event: { id: '5' },
    gallery: { id: '8' },
    reason: { topic: 'living' },
    'service-category': { category_id: '2' },
    'e-auction-lot': { id: '1001' },
    service: { service_id: '12' },
    'project-category': { id: '4' },
    project: { id: '17' },
    sector: { sector: 'energy' },
    'explore-item': { id: '7' },
    'project-interest': { id: '17' },
    enquiry: { token: `12.${'a'.repeat(43)}` },
    'profile-appeals': { id: '9' },
    'profile-project-form': { id: '11' },
    page: { slug: 'investment-climate' },
  }
  /**
   * The query keys each data plan may read; any other key must leave its gateway keys, and so its cache keys, alone.
   */
  const ALLOWED: Partial<Record<RouteId, readonly string[]>> = {
    home: ['region', 'metric'],
    search: ['keyword', 'page'],
    media: ['page'],
    'story-list': ['page'],
    'event-list': ['page'],
    'event-register': ['event_id'],
    'uz-ex': ['page'],
    'e-auction': ['page'],
    service: ['process', 'step'],
    'project-category-list': ['page'],
    'project-category': ['page', 'sector_id', 'region_id', 'amount_id', 'status'],
    'all-projects': ['page', 'category_id', 'sector_id', 'region_id', 'amount_id', 'status'],
    'all-projects-map': ['category_id', 'sector_id', 'region_id', 'amount_id', 'status'],
    'profile-my-services': ['type'],
    'profile-appeals': ['page', 'new'],
    'profile-my-projects': ['page'],
  }
  const planned = Object.keys(DATA_PLANS).filter(isRouteId)
  /**
   * The plan's keys for a route's params and a raw query, the address resolved as the edge resolves it; null for no
   * page.
   */
  const planFor = (id: RouteId, query: Readonly<Record<string, string | undefined>>) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString()
    return findPlan(`${hrefTo({ id, params: PARAMS[id] }, { locale: 'en' })}${search ? `?${search}` : ''}`)
  }
  const record = (keys: fc.Arbitrary<string>) =>
    fc.dictionary(
      keys,
      fc.oneof(fc.constantFrom('1', '007', 'news', 'open_for_investment', 'my_company', 'public'), anyText),
      { maxKeys: 4 },
    )

  it('derives the gateway keys of a page only from its params and allow-listed query keys', () => {
    const anyKey = fc.oneof(
      fc.constantFrom(
        'page',
        'keyword',
        'region',
        'status',
        'type',
        'new',
        'utm_source',
        'public',
        '__proto__',
        'constructor',
      ),
      anyText,
    )
    fc.assert(
      fc.property(fc.constantFrom(...planned), record(anyKey), record(anyKey), (id, base, extra) => {
        const allowed = ALLOWED[id] ?? []
        const query = readSearch(new URLSearchParams(Object.entries(base)))
        const noisy = readSearch(
          new URLSearchParams([
            ...Object.entries(base),
            ...Object.entries(extra).filter(([k]) => !allowed.includes(k) && !(k in query)),
          ]),
        )
        expect(planFor(id, noisy)).toEqual(planFor(id, query))
      }),
      runs(1500),
    )
  })

  it('keeps the word public out of reach of the address bar: only fixed public paths make a key cacheable', () => {
    const valid = fc.dictionary(
      fc.constantFrom('page', 'keyword', 'region', 'event_id', 'process', 'step', 'type', 'new', 'status', 'sector_id'),
      fc.oneof(fc.stringMatching(/^\d{1,6}$/), fc.constant('public'), anyText),
      { maxKeys: 5 },
    )
    fc.assert(
      fc.property(fc.constantFrom(...planned), valid, (id, raw) => {
        const query = readSearch(new URLSearchParams(Object.entries(raw)))
        const plan = planFor(id, query)
        expect(plan !== null, `${id} ${JSON.stringify(raw)}`).toBe(validateQuery(ROUTE_BY_ID[id], query))
        if (!plan) return
        const { critical, deferred } = plan
        for (const key of [...critical, ...deferred]) {
          const path = new URL(key, ORIGIN).pathname
          expect(isPublicUrl(key), key).toBe(/^\/[a-z]+\/public\//.test(path))
        }
      }),
      runs(1000),
    )
  })

  it('gives every spelling of a list page one normalised key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIA_TYPES),
        fc.oneof(fc.stringMatching(/^0{0,3}\d{1,3}$/), anyText),
        (type, page) => {
          const plan = findPlan(href('media', { locale: 'en', params: { id: type }, query: { page } }))
          // Not 1 to 6 digits: no page answers (a 404, docs/product.md#validation); an empty value is left out of the
          // address.
          if (page !== '' && !/^\d{1,6}$/.test(page)) return void expect(plan).toBeNull()
          const [key] = plan!.critical
          expect(key).toBe(mediaKeys.list(type, Number(page)))
          expect(new URL(key!, ORIGIN).searchParams.get('page')).toMatch(/^(0|[1-9]\d{0,5})$/)
        },
      ),
      runs(500),
    )
  })

  it('gives every spacing of a search keyword one key', () => {
    const words = fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 4 })
    const space = fc.constantFrom(' ', '  ', '\t', '\n', ' \u00a0')
    fc.assert(
      fc.property(words, space, space, (w, inner, edge) => {
        const spaced = edge + w.join(inner) + edge
        expect(siteKeys.search(normaliseKeyword(spaced))).toBe(siteKeys.search(w.join(' ')))
      }),
      runs(300),
    )
  })

  it('scopes a cache entry by build, locale and gateway key only, one entry per distinct pair', () => {
    const key = fc
      .tuple(
        fc.constantFrom('/siw/public/post', '/siw/public/page/contacts'),
        fc.dictionary(fc.constantFrom('page', 'size', 'category'), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
      )
      .map(([p, q]) => apiKey(p, q))
    fc.assert(
      fc.property(locale, key, locale, key, (l1, k1, l2, k2) => {
        expect(payloadCacheKey(l1, k1)).toBe(`payload:${BUILD_ID}:${l1}:${k1}`)
        expect(payloadCacheKey(l1, k1) === payloadCacheKey(l2, k2)).toBe(l1 === l2 && k1 === k2)
      }),
      runs(500),
    )
  })
})
