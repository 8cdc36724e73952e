/**
 * Publishing (docs/decisions/0031-publishing.md): the payload cache keys carry the upstream's content version, which the
 * gateway pushes after an editor publishes, unpublishes or edits (docs/decisions/0042-content-version-off-the-path.md),
 * so the first request after the push — in any language, through KV and the isolate's memory alike — answers what
 * readers should see now; how other isolates follow is test/worker/content-version.test.ts. A preview link is drawn by
 * the portal from the upstream alone: only with a valid signature, never stored, never logged with its token.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALES, type Locale } from '../../contract/locales'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { decodeEntities, ORIGIN } from './helpers'
import {
  cleanUpPublishing,
  createNewsDraft,
  editorCall,
  signInEditor,
  uniqueMark,
  untilPushed,
} from './publishing-helpers'

const app = createApp()
let accessToken = ''
const created: number[] = []

beforeAll(async () => {
  accessToken = await signInEditor()
})
afterAll(() => cleanUpPublishing(created))

const editor = (path: string, body?: unknown, method?: string) => editorCall(accessToken, path, body, method)

async function createDraft(mark: string): Promise<number> {
  const id = await createNewsDraft(accessToken, mark)
  created.push(id)
  return id
}

/** A page as a reader gets it, with the isolate's payload memory on (30 s, as deployed). */
async function read(path: string) {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(new URL(path, ORIGIN)), { ...env, PAYLOAD_MEMORY_MS: '30000' }, ctx)
  const html = decodeEntities(await res.text())
  await waitOnExecutionContext(ctx)
  return { status: res.status, html, cache: res.headers.get('x-payload-cache'), res }
}

/** The reader-facing pages a news item shows on, in a language. */
const pagesOf = (locale: Locale, id: number) => ({
  news: href('media', { locale, params: { id: 'news' } }),
  home: href('home', { locale }),
  post: href('post', { locale, params: { id: String(id) } }),
})

const unique = uniqueMark

describe('a publish is seen by the next request once the gateway pushed it', () => {
  it('on the news list, the home page and the post page in every language, through KV and the isolate memory', async () => {
    const mark = unique()
    const id = await createDraft(mark)
    // Every list is read twice before the publish: the second answer comes from the isolate's memory.
    for (const locale of LOCALES) {
      const { news, home, post } = pagesOf(locale, id)
      for (const path of [news, home]) {
        await read(path)
        const warm = await read(path)
        expect(warm.cache).toBe('hit')
        expect(warm.html).not.toContain(mark)
      }
      expect((await read(post)).status).toBe(404)
    }

    expect((await editor(`/post/${id}/publish`, {})).status).toBe(200)
    await untilPushed()

    for (const locale of LOCALES) {
      const { news, home, post } = pagesOf(locale, id)
      for (const path of [news, home, post]) {
        const first = await read(path)
        expect(first.status, path).toBe(200)
        expect(first.html, path).toContain(`${mark} ${locale}`)
        // The answer after it comes from the cache again, at the new version.
        const again = await read(path)
        expect(again.cache, path).toBe('hit')
        expect(again.html, path).toContain(`${mark} ${locale}`)
      }
    }
  }, 30_000)

  it('shows an edited title on the next load, and an unpublished item is gone from lists, search and sitemap.xml', async () => {
    const mark = unique()
    const id = await createDraft(mark)
    await editor(`/post/${id}/publish`, {})
    await untilPushed()
    const { news, post } = pagesOf('en', id)
    await read(news)
    expect((await read(news)).html).toContain(`${mark} en`)

    const renamed = unique()
    await editor(`/post/${id}`, { values: { title_en: `${renamed} en` } }, 'PUT')
    await untilPushed()
    expect((await read(news)).html).toContain(`${renamed} en`)
    expect((await read(post)).html).toContain(`${renamed} en`)

    const search = href('search', { locale: 'en', query: { keyword: renamed } })
    expect((await read(search)).html).toContain(`${renamed} en`)
    const postUrl = `${ORIGIN}${post}`
    expect((await read('/sitemap.xml')).html).toContain(postUrl)

    expect((await editor(`/post/${id}/unpublish`, {})).status).toBe(200)
    await untilPushed()
    expect((await read(news)).html).not.toContain(renamed)
    expect((await read(post)).status).toBe(404)
    expect((await read(search)).html).not.toContain(`${renamed} en`)
    expect((await read('/sitemap.xml')).html).not.toContain(postUrl)
  }, 30_000)
})

describe('a preview link', () => {
  it('draws a draft only with a valid signature, no-store, leaving no KV key, no memory entry and no token in the log', async () => {
    const mark = unique()
    const id = await createDraft(mark)
    const { status, body } = await editor(`/post/${id}/preview`, {})
    expect(status).toBe(200)
    const link = new URL(body.content.links.ru)
    const token = link.searchParams.get('preview')!
    const path = `${link.pathname}${link.search}`
    const keysBefore = (await env.PAYLOADS.list()).keys.map((k) => k.name)

    const logged: string[] = []
    const spy = vi.spyOn(console, 'log').mockImplementation((...args) => void logged.push(args.join(' ')))
    const spyError = vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.join(' ')))
    let preview: Awaited<ReturnType<typeof read>>
    try {
      preview = await read(path)
    } finally {
      spy.mockRestore()
      spyError.mockRestore()
    }
    expect(preview.status).toBe(200)
    expect(preview.html).toContain(`${mark} ru`)
    expect(preview.res.headers.get('cache-control')).toBe('no-store')
    expect(preview.res.headers.get('x-robots-tag')).toBe('noindex')
    expect(preview.html).not.toContain(token)
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.join('\n')).not.toContain(token)

    const keysAfter = (await env.PAYLOADS.list()).keys.map((k) => k.name)
    expect(keysAfter.filter((k) => !keysBefore.includes(k)).filter((k) => k.includes(`/post/${id}`))).toEqual([])
    // Nothing of the preview answers a reader: without the token the draft is not found, from any cache.
    expect((await read(link.pathname)).status).toBe(404)

    const tampered = `${link.pathname}?preview=${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await read(tampered)).status).toBe(404)
    const expired = token.replace(/\.(\d+)\./, (_, exp) => `.${Number(exp) - 3600}.`)
    expect((await read(`${link.pathname}?preview=${expired}`)).status).toBe(404)
  }, 30_000)

  it('refuses a correctly signed token once expired by its own clock, never handing it to the upstream', async () => {
    const id = await createDraft(unique())
    const link = new URL((await editor(`/post/${id}/preview`, {})).body.content.links.en)
    const path = `${link.pathname}${link.search}`
    expect((await read(path)).status).toBe(200)
    // The portal's clock passes the token's expiry; the upstream's (its own worker) does not, so it would still draw
    // the draft: only the portal's own check keeps the expired link from working.
    const forwarded: (string | null)[] = []
    const upstream = {
      fetch: (input: RequestInfo, init?: RequestInit) => {
        const req = new Request(input, init)
        forwarded.push(req.headers.get('x-preview-token'))
        return env.GATEWAY.fetch(req)
      },
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000)
      const ctx = createExecutionContext()
      const res = await app.fetch(new Request(new URL(path, ORIGIN)), { ...env, GATEWAY: upstream }, ctx)
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(404)
      expect(forwarded.length).toBeGreaterThan(0)
      expect(forwarded.filter((h) => h !== null)).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  }, 30_000)
})
