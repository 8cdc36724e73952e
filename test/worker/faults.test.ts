/**
 * Fault tests of the edge (docs/performance.md, docs/product.md#api-failures): the upstream down, hanging, slow
 * mid-body, answering 5xx, malformed
 * JSON, JSON of the wrong shape or resetting the connection. Cached pages keep answering (stale), uncached pages give
 * the translated error screen within the bound, every request answers, and the edge recovers when the upstream does.
 */
import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locale } from '../../contract/locales'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import {
  BOUND_MS,
  callWithUpstream,
  type FaultMode,
  faultUpstream,
  MARGIN_MS,
  scenarioHits,
  setFlapUp,
  setScenario,
} from './fault-helpers'
import { decodeEntities, HOUR, MESSAGES, payloadUrlOf, putPayload } from './helpers'

type Failure = {
  name: string
  upstream: string
  code: string
  /** The edge's bound while failing: `BOUND_MS` where the upstream never answers, else the wide default. */
  boundMs?: number
  fail: () => Promise<void>
  heal: () => Promise<void>
}

/** A scenario of the fault upstream that misbehaves with `mode` until healed. */
function misbehaving(name: string, mode: FaultMode, code: string, content: unknown): Failure {
  const id = `f-${mode}`
  return {
    name,
    code,
    upstream: `${faultUpstream.origin}/${id}`,
    boundMs: mode === 'hang' || mode === 'slow-body' ? BOUND_MS : undefined,
    fail: async () => void (await setScenario(id, { mode, content })),
    heal: async () => void (await setScenario(id, { mode: 'ok', content })),
  }
}

const pageContent = (slug: string, title: string) => ({
  slug,
  updated_at: '2026-11-01T09:00:00.000Z',
  title,
  content: `<p>${title}: served by the fault upstream.</p>`,
})
const FRESH = pageContent('cookie-policy', 'Cookie policy, fresh after recovery')

/** Every failure the issue names, with the gateway code the error screen translates. */
const FAILURES: Failure[] = [
  {
    name: 'down (connection refused)',
    upstream: `${faultUpstream.flapOrigin}/f-down`,
    code: 'network_error',
    fail: () => setFlapUp(false),
    heal: async () => {
      await setScenario('f-down', { mode: 'ok', content: FRESH })
      await setFlapUp(true)
    },
  },
  misbehaving('hanging without an answer', 'hang', 'upstream_timeout', FRESH),
  misbehaving('stalling mid-body', 'slow-body', 'upstream_timeout', FRESH),
  misbehaving('answering 500', 'status-500', 'internal_error', FRESH),
  misbehaving('answering 502', 'status-502', 'http_502', FRESH),
  misbehaving('answering 503', 'status-503', 'http_503', FRESH),
  misbehaving('answering 504', 'status-504', 'http_504', FRESH),
  misbehaving('answering malformed JSON', 'malformed', 'malformed_response', FRESH),
  misbehaving('answering JSON of the wrong shape', 'wrong-shape', 'malformed_response', FRESH),
  misbehaving('resetting the connection before answering', 'reset', 'network_error', FRESH),
  misbehaving('resetting the connection mid-response', 'reset-body', 'network_error', FRESH),
]

/** The error screen's text for a gateway code: its translation, else the generic message. */
function errorText(locale: 'en' | 'ru', code: string): string {
  const gatewayMessages: Record<string, string> = MESSAGES[locale].messages.error
  return gatewayMessages[code] ?? MESSAGES[locale].errors.generic
}

const putAgedPage = (locale: Locale, slug: string, title: string, ageMs: number) =>
  putPayload(locale, siteKeys.page(slug), pageContent(slug, title), ageMs)

const staleTitle = (locale: Locale) => `Contacts (${locale} copy from two hours ago)`

beforeEach(async () => {
  await setFlapUp(true)
  for (const locale of ['en', 'ru'] as const) {
    await putAgedPage(locale, 'contacts', staleTitle(locale), 2 * HOUR)
    await env.PAYLOADS.delete(payloadCacheKey(locale, siteKeys.page('privacy-policy')))
    await env.PAYLOADS.delete(payloadCacheKey(locale, siteKeys.page('cookie-policy')))
  }
})

describe.each(FAILURES)('upstream $name', (failure) => {
  it('keeps serving a cached page with 200, marked stale, in en and ru', async () => {
    await failure.fail()
    for (const locale of ['en', 'ru'] as const) {
      const page = await callWithUpstream(failure.upstream, href('contacts', { locale }), {}, failure.boundMs)
      expect(page.status).toBe(200)
      expect(page.cache).toBe('stale')
      expect(decodeEntities(page.body)).toContain(staleTitle(locale))
      expect(page.elapsedMs).toBeLessThan(BOUND_MS + MARGIN_MS)

      const payload = await callWithUpstream(
        failure.upstream,
        payloadUrlOf(href('contacts', { locale })),
        {},
        failure.boundMs,
      )
      expect(payload.status).toBe(200)
      expect(payload.cache).toBe('stale')
      expect(JSON.parse(payload.body).payloads[siteKeys.page('contacts')]).toMatchObject({
        ok: true,
        stale: true,
        envelope: { content: { title: staleTitle(locale) } },
      })
    }
  })

  it('gives the translated error screen for an uncached page within the bound, in en and ru', async () => {
    await failure.fail()
    for (const locale of ['en', 'ru'] as const) {
      const page = await callWithUpstream(failure.upstream, href('privacy-policy', { locale }), {}, failure.boundMs)
      expect(page.status).toBe(502)
      expect(page.cache).toBe('error')
      expect(page.elapsedMs).toBeLessThan(BOUND_MS + MARGIN_MS)
      const html = decodeEntities(page.body)
      expect(html).toContain(`<html lang="${locale}"`)
      const screen = /<main[^>]*class="error-screen"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''
      const title = /<h1 class="error-screen__title">([\s\S]*?)<\/h1>/.exec(screen)?.[1]?.replace(/<[^>]+>/g, '')
      expect(title).toBe(
        `${MESSAGES[locale].errors.status.replace('{{status}}', '502')} ${errorText(locale, failure.code)}`,
      )
      expect(screen).toContain(MESSAGES[locale].errors.goHome)
    }
  })

  it('recovers when the upstream does: fresh data (miss), then a hit without asking the upstream', async () => {
    await failure.fail()
    const path = href('cookie-policy', { locale: 'en' })
    expect((await callWithUpstream(failure.upstream, path, {}, failure.boundMs)).status).toBe(502)

    await failure.heal()
    const fresh = await callWithUpstream(failure.upstream, path)
    expect(fresh.status).toBe(200)
    expect(fresh.cache).toBe('miss')
    expect(decodeEntities(fresh.body)).toContain(FRESH.title)
    const asked = await scenarioHits(new URL(failure.upstream).pathname.slice(1))

    const cached = await callWithUpstream(failure.upstream, path)
    expect(cached.status).toBe(200)
    expect(cached.cache).toBe('hit')
    expect(decodeEntities(cached.body)).toContain(FRESH.title)
    expect(await scenarioHits(new URL(failure.upstream).pathname.slice(1))).toBe(asked)
  })
})

describe('the edge under a hanging upstream', () => {
  it('answers every one of 40 concurrent requests (pages, payloads, proxy reads) within the bound', async () => {
    await setScenario('f-hang', { mode: 'hang' })
    const upstream = `${faultUpstream.origin}/f-hang`
    const paths = [
      href('home', { locale: 'en' }),
      href('contacts', { locale: 'ru' }),
      href('privacy-policy', { locale: 'en' }),
      payloadUrlOf(href('media', { locale: 'en', params: { id: 'news' } })),
      '/gateway/siw/public/page/about',
    ]
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => callWithUpstream(upstream, paths[i % paths.length]!, {}, BOUND_MS)),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses).toEqual(Array.from({ length: 40 }, (_, i) => [200, 200, 502, 502, 504][i % paths.length]))
    for (const r of results) expect(r.elapsedMs).toBeLessThan(BOUND_MS + 2 * MARGIN_MS)
    // The streamed home page finishes: its deferred sections settle as errors, the document closes.
    expect(results[0]!.body).toMatch(/<\/html>\s*$/)
  })

  it('bounds proxied gateway reads with 504 upstream_timeout, the envelope the client expects', async () => {
    await setScenario('f-hang', { mode: 'hang' })
    const res = await callWithUpstream(`${faultUpstream.origin}/f-hang`, '/gateway/siw/public/page/about', {}, BOUND_MS)
    expect(res.status).toBe(504)
    expect(JSON.parse(res.body)).toEqual({
      result: { code: 'upstream_timeout', description: 'upstream_timeout' },
      content: null,
    })
    expect(res.elapsedMs).toBeLessThan(BOUND_MS + MARGIN_MS)
  })
})

describe('upstream 4xx', () => {
  it('is not masked by a cached copy: a page the upstream no longer has is a 404, not stale data', async () => {
    await setScenario('f-status-404', { mode: 'status-404' })
    // A content page an address names (the catch-all route): the agency's fixed pages draw their empty state instead
    // (docs/product.md#empty-states).
    const stale = 'A withdrawn page (en copy from two hours ago)'
    await putAgedPage('en', 'withdrawn-page', stale, 2 * HOUR)
    const page = await callWithUpstream(
      `${faultUpstream.origin}/f-status-404`,
      href('page', { locale: 'en', params: { slug: 'withdrawn-page' } }),
    )
    expect(page.status).toBe(404)
    expect(page.cache).toBe('error')
    expect(decodeEntities(page.body)).not.toContain(stale)
  })

  it('draws a fixed page the upstream no longer has with its empty state, not its stale copy', async () => {
    await setScenario('f-status-404', { mode: 'status-404' })
    const page = await callWithUpstream(`${faultUpstream.origin}/f-status-404`, href('contacts', { locale: 'en' }))
    expect(page.status).toBe(200)
    const body = decodeEntities(page.body)
    expect(body).toContain(MESSAGES.en.states.unpublished.title)
    expect(body).not.toContain(staleTitle('en'))
  })
})
