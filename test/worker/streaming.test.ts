/**
 * Streaming render and payloads: deferred data under the client's keys, `_payload.json`, safe embedding, crawlers, CSP.
 */
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import {
  fetchPortal,
  GOOGLEBOT,
  getPage,
  payloadUrlOf,
  planOf,
  readPayloadBlocks,
  readScripts,
  readState,
} from './helpers'

const en = { locale: 'en' } as const
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

const homePlan = planOf(href('home', en))
const homeKeys = [...homePlan.critical, ...homePlan.deferred]
/** What the browser hydrates the home page with: the region map's data; the other sections are kept as drawn. */
const homeHydratedKeys = [siteKeys.territories()]

describe('streamed sections', () => {
  it('sends the deferred payloads the home page hydrates with in data-payload blocks under the key the client uses, and none of the sections it keeps as drawn', async () => {
    const { status, html } = await getPage(href('home', en), { 'user-agent': BROWSER })
    expect(status).toBe(200)
    const blocks = readPayloadBlocks(html)
    expect(homeHydratedKeys.every((key) => homePlan.deferred.includes(key))).toBe(true)
    expect([...blocks.keys()].sort()).toEqual([...homeHydratedKeys].sort())
    for (const [key, { value }] of blocks)
      expect(value, key).toMatchObject({ ok: true, envelope: { result: { code: 'ok' } } })
  })

  it('gives crawlers the complete document without Suspense fallbacks', async () => {
    const { status, html } = await getPage(href('home', en), { 'user-agent': GOOGLEBOT })
    expect(status).toBe(200)
    expect(html).not.toContain('<template id="B:')
    expect(html).not.toContain('<!--$?-->')
    expect(html).not.toMatch(/<div hidden id="S:/)
    expect(html.trimEnd()).toMatch(/<\/html>$/)
    expect([...readPayloadBlocks(html).keys()].sort()).toEqual([...homeHydratedKeys].sort())
  })
})

describe('_payload.json (docs/architecture.md#request, step 5)', () => {
  it('answers the same keys as the home page embeds', async () => {
    const res = await fetchPortal(payloadUrlOf(href('home', en)))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await res.json()) as {
      route: { id: string }
      error: unknown
      payloads: Record<string, { ok: boolean }>
    }
    expect(body.route.id).toBe('home')
    expect(body.error).toBeNull()
    expect(Object.keys(body.payloads).sort()).toEqual([...homeKeys].sort())
  })

  it('answers the critical payload of a post under the key the page embeds', async () => {
    const url = href('post', { ...en, params: { id: '1' } })
    const page = await getPage(url)
    const payload = (await (await fetchPortal(payloadUrlOf(url))).json()) as { payloads: Record<string, unknown> }
    // The state carries what the page hydrates with; the deferred site contacts feed the footer, kept as drawn.
    expect(Object.keys(readState(page.html).payloads)).toEqual(planOf(url).critical)
    expect(Object.keys(payload.payloads)).toEqual([...planOf(url).critical, ...planOf(url).deferred])
    expect(planOf(url).deferred).toEqual([siteKeys.settings()])
  })

  const cases: [string, string][] = [
    ['a public page', href('sitemap', en)],
    ['a non-numeric post id', href('post', { ...en, params: { id: 'abc' } })],
    ['a missing post', href('post', { ...en, params: { id: '999999' } })],
    ['an unmatched path', href('page', { ...en, params: { slug: 'No_Such_Page' } })],
    ['one-id without role', href('one-id', en)],
    ['sign-in with a bad role', href('sign-in', { ...en, query: { role: 'admin' } })],
    [
      'reset-password without uuid',
      href('reset-password', { ...en, query: { time: '1', token: 't', email: 'a@b.example' } }),
    ],
    ['event register without event_id', href('event-register', en)],
    ['a protected page without token', href('profile', en)],
    ['my-services without token', href('profile-my-services', en)],
  ]
  for (const [name, url] of cases) {
    it(`answers the same status and error as the HTML route for ${name}`, async () => {
      const page = await getPage(url)
      const res = await fetchPortal(payloadUrlOf(url))
      expect(res.status).toBe(page.status)
      const body = (await res.json()) as { error: { statusCode: number; code: string } | null }
      const embedded = (
        JSON.parse(readScripts(page.html).find((s) => s.attrs.id === '__STATE__')!.body) as { error: unknown }
      ).error
      expect(body.error).toEqual(embedded)
      if (page.status !== 200) expect(body.error?.statusCode).toBe(page.status)
    })
  }
})

describe('payload escaping', () => {
  const id = 900_001
  const title = '</script><script>alert(1)</script> <!--<script> line\u2028para\u2029end & more'

  let presentation = ''
  beforeAll(async () => {
    const now = new Date().toISOString()
    presentation = (await env.GATEWAY_DB.prepare('SELECT presentation_en FROM territories WHERE id = 1').first<{
      presentation_en: string
    }>())!.presentation_en
    await env.GATEWAY_DB.prepare('UPDATE territories SET presentation_en = ? WHERE id = 1').bind(title).run()
    await env.GATEWAY_DB.prepare(
      `INSERT OR REPLACE INTO posts (id, category, publish_date, title_uz, title_ru, title_en, content_en, updated_at)
       VALUES (?, 'news', ?, ?, ?, ?, '<p>Body</p>', ?)`,
    )
      .bind(id, now, title, title, title, now)
      .run()
    // Earlier home renders may have cached the news list and the territories for an hour; this test needs fresh ones.
    await Promise.all(homeKeys.map((key) => env.PAYLOADS.delete(payloadCacheKey('en', key))))
  })

  afterAll(async () => {
    await env.GATEWAY_DB.prepare('UPDATE territories SET presentation_en = ? WHERE id = 1').bind(presentation).run()
    await Promise.all(homeKeys.map((key) => env.PAYLOADS.delete(payloadCacheKey('en', key))))
  })

  /** The script-breaking sequences must appear only escaped, never raw, in any JSON block. */
  function expectSafeJsonBlocks(html: string) {
    expect(html).not.toContain('</script><script>alert')
    expect(html).not.toContain('<!--<script>')
    for (const s of readScripts(html).filter((x) => x.attrs.type === 'application/json')) {
      expect(s.body).not.toMatch(/[<>\u2028\u2029]/)
    }
  }

  it('embeds a hostile post title escaped and returns it intact from the page state', async () => {
    const { status, html } = await getPage(href('post', { ...en, params: { id: String(id) } }))
    expect(status).toBe(200)
    expectSafeJsonBlocks(html)
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)')
    const [key] = planOf(href('post', { ...en, params: { id: String(id) } })).critical
    expect(readState(html).payloads[key!]).toMatchObject({ ok: true, envelope: { content: { id, title } } })
  })

  it('streams a hostile gateway text in a data-payload block that parses back to the original', async () => {
    for (const ua of [BROWSER, GOOGLEBOT]) {
      const { html } = await getPage(href('home', en), { 'user-agent': ua })
      expectSafeJsonBlocks(html)
      const block = readPayloadBlocks(html).get(siteKeys.territories())
      expect(block, ua).toBeDefined()
      expect(block!.raw).toContain('\\u003c/script\\u003e')
      const territories = block!.value as { envelope: { content: { id: number; presentation: string }[] } }
      expect(territories.envelope.content.find((t) => t.id === 1)?.presentation).toBe(title)
    }
  })
})

describe('Content-Security-Policy nonce', () => {
  const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript'])

  for (const [name, url, ua] of [
    ['the streamed home page', href('home', en), BROWSER],
    ['the crawler home page', href('home', en), GOOGLEBOT],
    ['an error page', href('one-id', en), BROWSER],
  ] as const) {
    it(`puts the response's nonce on every executable script of ${name}`, async () => {
      const { res, html } = await getPage(url, { 'user-agent': ua })
      const csp = res.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1]
      expect(nonce, csp).toBeTruthy()
      expect(csp).toMatch(/script-src [^;]*'nonce-/)
      const executable = readScripts(html).filter((s) => EXECUTABLE.has((s.attrs.type ?? '').toLowerCase()))
      expect(executable.length).toBeGreaterThan(0)
      for (const s of executable) expect(s.attrs.nonce, s.raw.slice(0, 120)).toBe(nonce)
    })
  }

  it('uses a fresh nonce for each response', async () => {
    const a = (await fetchPortal(href('sitemap', en))).headers.get('content-security-policy')
    const b = (await fetchPortal(href('sitemap', en))).headers.get('content-security-policy')
    expect(a).not.toBe(b)
  })
})
