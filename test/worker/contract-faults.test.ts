/**
 * An upstream that answers `ok` with content of the wrong shape is a failing upstream
 * (docs/gateway-contract.md#envelope):
 * an uncached page answers the translated error screen (502), a cached one its stale copy (200), a deferred section
 * an error state; the edge logs one line naming the key and where the answer broke, never the values. A session
 * profile of the wrong shape keeps the session, marked unavailable.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../../contract/locales'
import { TOKEN_COOKIE } from '../../shared/constants'
import { mediaKeys } from '../../shared/keys/media-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { callWithUpstream, faultUpstream, setScenario } from './fault-helpers'
import { decodeEntities, HOUR, MESSAGES, payloadUrlOf, putPayload, setCookieFor, tokenCookie } from './helpers'

const LOCALES = ['en', 'ru'] as const

const POST_ID = '5'
const POST_KEY = mediaKeys.post(POST_ID)
const NEWS_KEY = mediaKeys.list('news')
const postPage = (locale: Locale) => href('post', { locale, params: { id: POST_ID } })
const newsPage = (locale: Locale) => href('media', { locale, params: { id: 'news' } })

/** The fault upstream's fixed wrong shape: `{ result: { code: 'ok' }, content: { title: 42 } }`. */
const WRONG_SHAPE = `${faultUpstream.origin}/contract-wrong-shape`
/** An `ok` envelope whose content is a list of numbers. */
const NUMBERS = `${faultUpstream.origin}/contract-numbers`

/** These tests are about an answer's shape, not its time: the edge's bound is the wide default. */
const call = callWithUpstream

type PagePayload = {
  payloads: Record<
    string,
    { ok: boolean; stale?: boolean; status?: number; code?: string; envelope?: { content: unknown } }
  >
}

const stalePost = (locale: Locale) => ({
  id: Number(POST_ID),
  title: `Post five (${locale} copy from two hours ago)`,
  content: '<p>Cached before the upstream broke.</p>',
  publish_date: '2026-10-01',
  category: 'news',
  photo: null,
  files: [],
})
const staleNews = (locale: Locale) => [
  {
    id: 9,
    title: `News card (${locale} copy from two hours ago)`,
    publish_date: '2026-10-02',
    category: 'news',
    photo: null,
  },
]

/** The error screen's heading: the status line and the translated gateway code. */
function errorHeading(html: string): string | undefined {
  const screen = /<main[^>]*class="error-screen"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''
  return /<h1 class="error-screen__title">([\s\S]*?)<\/h1>/.exec(screen)?.[1]?.replace(/<[^>]+>/g, '')
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1]

beforeEach(async () => {
  await setScenario('contract-wrong-shape', { mode: 'wrong-shape' })
  await setScenario('contract-numbers', { mode: 'ok', content: [1, 2, 3] })
  for (const locale of LOCALES) {
    for (const key of [POST_KEY, NEWS_KEY, siteKeys.latestPosts(), siteKeys.territories(), siteKeys.reviews()])
      await env.PAYLOADS.delete(payloadCacheKey(locale, key))
  }
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a post whose upstream answer has the wrong shape', () => {
  it('answers the translated error screen (502) when nothing is cached, never a page titled by the bad answer', async () => {
    for (const locale of LOCALES) {
      const page = await call(WRONG_SHAPE, postPage(locale))
      expect(page.status).toBe(502)
      expect(page.cache).toBe('error')
      const html = decodeEntities(page.body)
      expect(html).toContain(`<html lang="${locale}"`)
      expect(titleOf(html)).toBe(`502 — ${MESSAGES[locale].site.name}`)
      expect(errorHeading(html)).toBe(
        `${MESSAGES[locale].errors.status.replace('{{status}}', '502')} ${MESSAGES[locale].messages.error.malformed_response}`,
      )

      const payload = await call(WRONG_SHAPE, payloadUrlOf(postPage(locale)))
      expect(payload.status).toBe(502)
      expect(JSON.parse(payload.body)).toMatchObject({
        error: { statusCode: 502, code: 'malformed_response' },
        payloads: {},
      })
    }
  })

  it('answers the stale copy (200) when one is cached, and keeps it', async () => {
    for (const locale of LOCALES) {
      await putPayload(locale, POST_KEY, stalePost(locale), 2 * HOUR)
      const page = await call(WRONG_SHAPE, postPage(locale))
      expect(page.status).toBe(200)
      expect(page.cache).toBe('stale')
      expect(decodeEntities(page.body)).toContain(stalePost(locale).title)

      const payload = await call(WRONG_SHAPE, payloadUrlOf(postPage(locale)))
      expect(payload.status).toBe(200)
      expect((JSON.parse(payload.body) as PagePayload).payloads[POST_KEY]).toMatchObject({
        ok: true,
        stale: true,
        envelope: { content: { title: stalePost(locale).title } },
      })
      const stored = await env.PAYLOADS.get<{ envelope: { content: unknown } }>(
        payloadCacheKey(locale, POST_KEY),
        'json',
      )
      expect(stored?.envelope.content).toEqual(stalePost(locale))
    }
  })

  it('logs one structured line with the key’s path and the broken paths, not the values', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await call(WRONG_SHAPE, payloadUrlOf(postPage('en')))
    const lines = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('contract violation'))
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 'error',
      msg: 'contract violation',
      path: POST_KEY,
      issues: ['content.id', 'content.title', 'content.publish_date', 'content.category', 'content.content'],
    })
    expect(lines[0]).not.toContain('42')
  })

  it('never logs the query of a key that breaks the contract: a visitor’s search words stay out of the logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await call(NUMBERS, href('search', { locale: 'en', query: { keyword: 'my-private-search-words' } }))
    const lines = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('contract violation'))
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).not.toContain('my-private-search-words')
      expect(JSON.parse(line).path).not.toContain('?')
    }
  })
})

describe('a post list whose upstream answer is a list of numbers', () => {
  it('answers the translated error screen (502) when nothing is cached', async () => {
    for (const locale of LOCALES) {
      const page = await call(NUMBERS, newsPage(locale))
      expect(page.status).toBe(502)
      expect(page.cache).toBe('error')
      expect(errorHeading(decodeEntities(page.body))).toBe(
        `${MESSAGES[locale].errors.status.replace('{{status}}', '502')} ${MESSAGES[locale].messages.error.malformed_response}`,
      )
    }
  })

  it('answers the stale list (200) when one is cached', async () => {
    for (const locale of LOCALES) {
      await putPayload(locale, NEWS_KEY, staleNews(locale), 2 * HOUR)
      const page = await call(NUMBERS, newsPage(locale))
      expect(page.status).toBe(200)
      expect(page.cache).toBe('stale')
      expect(decodeEntities(page.body)).toContain(staleNews(locale)[0]!.title)
    }
  })
})

describe('deferred sections whose upstream answers have the wrong shape', () => {
  it('stream as section errors on a page that still answers 200', async () => {
    const payload = await call(WRONG_SHAPE, payloadUrlOf(href('home', { locale: 'en' })))
    expect(payload.status).toBe(200)
    const { payloads } = JSON.parse(payload.body) as PagePayload
    for (const key of [siteKeys.latestPosts(), siteKeys.territories(), siteKeys.reviews()]) {
      expect(payloads[key]).toEqual({ ok: false, status: 502, code: 'malformed_response' })
    }
    const page = await call(WRONG_SHAPE, href('home', { locale: 'en' }))
    expect(page.status).toBe(200)
    expect(page.headers.get('x-render-error')).toBeNull()
    expect(page.body).toMatch(/<\/html>\s*$/)
  })
})

describe('a session profile of the wrong shape', () => {
  it('keeps the session when the profile breaks the contract: the cookie stays and a personal page answers the translated 503', async () => {
    for (const locale of LOCALES) {
      const res = await call(WRONG_SHAPE, href('profile', { locale }), {
        headers: { cookie: tokenCookie('token-of-a-real-session') },
      })
      expect(res.status).toBe(503)
      expect(setCookieFor(new Response(null, { headers: res.headers }), TOKEN_COOKIE)).toBeUndefined()
      expect(decodeEntities(res.body)).toContain(MESSAGES[locale].errors.session_unavailable)
    }
  })
})
