import { describe, expect, it } from 'vitest'
import { CONTRACTS, contractFor, validatePayload } from '../../contract/gateway/index'
import { DATA_PLANS, keysOfRoute } from '../plans'
import { hrefTo, splitLocale } from '../routing/match'
import { resolveRoute } from '../routing/resolve'
import { isRouteId, MEDIA_TYPES, type Params, REASONS, ROUTE_BY_ID, type RouteId, type Search } from '../routing/routes'
import { accountKeys } from './account-keys'
import { enquiryKeys } from './enquiry-keys'
import { guideKeys } from './guide-keys'
import { mediaKeys } from './media-keys'
import { serviceGuideKeys, serviceKeys } from './service-keys'
import { siteKeys } from './site-keys'

/** Values each route param takes in these tests: every value where the route table lists them, else one id. */
function paramSamples(routeId: RouteId, name: string): readonly string[] {
  if (routeId === 'media') return MEDIA_TYPES
  if (name === 'topic') return REASONS
  if (name === 'sector') return ['energy', 'oil-and-gas']
  if (name === 'slug') return ['about', 'faq/more']
  if (name === 'token') return [`1.${'a'.repeat(43)}`]
  return ['1']
}

/** A query with every value a data plan branches on, and the empty query. */
const QUERIES: readonly Search[] = [
  {},
  {
    page: '2',
    region: '1703',
    metric: 'population',
    keyword: '  solar  panels ',
    new: '1',
    process: '101',
    step: '1001',
    type: 'license',
    event_id: '6',
    sector_id: '1',
    region_id: '2',
    amount_id: '3',
    status: 'closed',
  },
]

/** Every params object a route's pattern allows with the samples: each combination, optional params also left out. */
function paramSets(routeId: RouteId): Params[] {
  let sets: Params[] = [{}]
  for (const [, name, modifier] of ROUTE_BY_ID[routeId].pattern.matchAll(/:(\w+)([?+]?)/g)) {
    const values = paramSamples(routeId, name!)
    sets = sets.flatMap((set) => [
      ...values.map((value) => ({ ...set, [name!]: value })),
      ...(modifier === '?' ? [set] : []),
    ])
  }
  return sets
}

/** A resident's session, which every guard lets through. */
const SIGNED_IN = { hasToken: true, profile: { is_resident: true } } as const

/** Every key the data plans produce for the samples (the addresses resolved as a page would be), with the route. */
function planKeys(): Array<readonly [RouteId, string]> {
  const keys: Array<readonly [RouteId, string]> = []
  for (const routeId of Object.keys(DATA_PLANS).filter(isRouteId)) {
    for (const params of paramSets(routeId)) {
      for (const query of QUERIES) {
        const url = new URL(hrefTo({ id: routeId, params }, { locale: 'en', query }), 'http://portal.test')
        const { route } = resolveRoute({
          rest: splitLocale(url.pathname).rest,
          path: url.pathname,
          search: url.search,
          session: SIGNED_IN,
        })
        if (route.id === null) continue
        const { critical, deferred } = keysOfRoute(route)
        for (const key of [...critical, ...deferred]) keys.push([routeId, key])
      }
    }
  }
  return keys
}

type Builder = (...args: never[]) => string
const BUILDERS = { accountKeys, enquiryKeys, guideKeys, mediaKeys, serviceKeys, siteKeys } as const

/** Arguments for builders that take more than ids; the others get `'1'` for each parameter. */
const BUILDER_ARGS: Readonly<Record<string, readonly unknown[]>> = {
  'accountKeys.services': ['license'],
  'accountKeys.notifications': [0, 10],
  'accountKeys.districts': ['1703'],
  'guideKeys.categories': [0],
  'guideKeys.projects': ['2', { sector_id: '1', status: 'closed' }, 1],
  'guideKeys.sectorPage': ['energy'],
  'mediaKeys.list': ['gallery'],
  'siteKeys.search': ['solar', 1],
  'siteKeys.reason': ['living'],
}

/** Every key builder of `shared/*-keys.ts` called once, named `group.builder`. */
function builderKeys(): Array<readonly [string, string]> {
  const keys: Array<readonly [string, string]> = []
  for (const [group, builders] of Object.entries(BUILDERS)) {
    for (const [name, build] of Object.entries(builders as Record<string, Builder>)) {
      const args = BUILDER_ARGS[`${group}.${name}`] ?? Array.from({ length: build.length }, () => '1')
      keys.push([`${group}.${name}`, (build as (...a: unknown[]) => string)(...args)])
    }
  }
  keys.push(
    ['mediaKeys.list', mediaKeys.list('news', 3)],
    ['serviceGuideKeys', Object.values(serviceGuideKeys('1', { process: '101', step: '1001' })).join(' ')],
  )
  return keys.flatMap(([name, joined]) => joined.split(' ').map((key) => [name, key] as const))
}

describe('contractFor', () => {
  it('has a schema for every key any data plan produces', () => {
    const keys = planKeys()
    expect(new Set(keys.map(([routeId]) => routeId))).toEqual(new Set(Object.keys(DATA_PLANS)))
    expect(keys.filter(([, key]) => !contractFor(key))).toEqual([])
  })

  it('has a schema for every key every key builder produces', () => {
    const keys = builderKeys()
    expect(keys.length).toBeGreaterThan(40)
    expect(keys.filter(([, key]) => !contractFor(key))).toEqual([])
  })

  it('knows only the builders it was told arguments for', () => {
    const names = new Set(builderKeys().map(([name]) => name))
    for (const name of Object.keys(BUILDER_ARGS)) expect(names).toContain(name)
  })

  it('matches by path, whatever the query', () => {
    const list = CONTRACTS.find(([path]) => path === '/siw/public/post')![1]
    expect(contractFor('/siw/public/post')).toBe(list)
    expect(contractFor(mediaKeys.list('news', 4))).toBe(list)
    expect(contractFor(siteKeys.latestPosts())).toBe(list)
    expect(contractFor(mediaKeys.post('5'))).toBe(CONTRACTS.find(([path]) => path === '/siw/public/post/{id}')![1])
  })

  it('prefers a literal path to a pattern that would also match it', () => {
    const row = (path: string) => CONTRACTS.find(([p]) => p === path)![1]
    expect(contractFor(accountKeys.appealResponses('3'))).toBe(row('/siw/appeal/response'))
    expect(contractFor(accountKeys.appeal('3'))).toBe(row('/siw/appeal/{id}'))
    expect(contractFor(serviceKeys.categories())).toBe(row('/siw/public/service/category'))
    expect(contractFor(serviceKeys.steps('101'))).toBe(row('/siw/public/service/step'))
    expect(contractFor(serviceKeys.step('1001'))).toBe(row('/siw/public/service/step/{id}'))
    expect(contractFor(serviceKeys.service('1'))).toBe(row('/siw/public/service/{id}'))
  })

  it('matches a pattern segment only within one segment', () => {
    expect(contractFor(mediaKeys.post('1/../x'))).toBe(contractFor(mediaKeys.post('1')))
    expect(contractFor('/siw/public/post/1/files')).toBeNull()
    expect(contractFor('/siw/public/unknown')).toBeNull()
  })

  it('lists each path once', () => {
    const paths = CONTRACTS.map(([path]) => path)
    expect(paths.length).toBe(new Set(paths).size)
  })
})

describe('validatePayload', () => {
  const OK = { code: 'ok', description: '' }
  const page = { slug: 'about', title: 'About the Agency', content: '<p>…</p>', updated_at: '2026-11-01T09:00:00.000Z' }

  it('answers the envelope itself when it matches its key’s schema', () => {
    const envelope = { result: OK, content: page }
    expect(validatePayload(siteKeys.page('about'), envelope)).toEqual({ ok: true, envelope })
  })

  it('answers the paths of a wrong shape, never the values', () => {
    const result = validatePayload(mediaKeys.post('5'), { result: { code: 'ok' }, content: { title: 42 } })
    expect(result).toEqual({
      ok: false,
      issues: ['content.id', 'content.title', 'content.publish_date', 'content.category', 'content.content'],
    })
    expect(JSON.stringify(result)).not.toContain('42')
  })

  it('rejects a list of numbers where a list of posts belongs', () => {
    expect(validatePayload(mediaKeys.list('news'), { result: OK, content: [1, 2, 3] })).toEqual({
      ok: false,
      issues: ['content.0', 'content.1', 'content.2'],
    })
  })

  it('reports at most 20 paths', () => {
    const result = validatePayload(guideKeys.countries(), {
      result: OK,
      content: Array.from({ length: 300 }, (_, id) => ({ id })),
    })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.issues.length).toBe(20)
  })

  it('fails a key without a schema: an unchecked answer is never rendered', () => {
    expect(validatePayload('/siw/public/unknown', { result: OK, content: page })).toEqual({
      ok: false,
      issues: ['(no contract for this key)'],
    })
  })
})
