/**
 * The isolate's memory in front of the KV payload cache (`PAYLOAD_MEMORY_MS`): a fresh entry answers this isolate's
 * requests without another KV read, for at most that long and never past the entry's hour.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mediaKeys } from '../../shared/keys/media-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { readConfig } from '../../worker/env'
import { PAYLOAD_MEMORY_ENTRIES, payloadCacheKey, setPayloadClock } from '../../worker/payloads/payloads'
import { HOUR, ORIGIN, payloadUrlOf, putPayload, putSiteSettings } from './helpers'

const app = createApp()

/** The payload cache's clock for these tests: it stands still unless a test moves it on. */
let now = Date.now()
const passes = (ms: number) => {
  now += ms
}

type PagePayload = { payloads: Record<string, { envelope?: { content: unknown } }> }

/** A page with one public key of its own, so each test starts from an entry no other test remembered. */
const PAGES = ['contacts', 'cookie-policy', 'privacy-policy'] as const
const pageKey = (slug: (typeof PAGES)[number]) => siteKeys.page(slug)

/** Writes an entry aged by the tests' clock. */
const putEntry = (key: string, content: unknown, ageMs: number) => putPayload('en', key, content, ageMs, now)

/** `_payload.json` of the page with the memory layer set to `memoryMs`; its content and cache headers. */
async function read(slug: (typeof PAGES)[number], memoryMs: number) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(payloadUrlOf(href(slug, { locale: 'en' })), ORIGIN)),
    { ...env, PAYLOAD_MEMORY_MS: String(memoryMs) },
    ctx,
  )
  const body = (await res.json()) as PagePayload
  await waitOnExecutionContext(ctx)
  return {
    status: res.status,
    cache: res.headers.get('x-payload-cache'),
    timing: res.headers.get('server-timing') ?? '',
    content: body.payloads[pageKey(slug)]?.envelope?.content,
  }
}

beforeEach(async () => {
  now = Date.now()
  setPayloadClock(() => now)
  // Every page with a footer also reads the site's contacts: fresh in KV, so a page's outcome is its own key's.
  await putSiteSettings('en', now)
})

afterEach(async () => {
  setPayloadClock()
  await Promise.all(PAGES.map((slug) => env.PAYLOADS.delete(payloadCacheKey('en', pageKey(slug)))))
})

describe('isolate memory in front of KV', () => {
  it('answers a remembered entry without reading KV, until PAYLOAD_MEMORY_MS has passed', async () => {
    await putEntry(pageKey('contacts'), { marker: 'first' }, 60_000)
    const first = await read('contacts', 400)
    expect(first).toMatchObject({ status: 200, cache: 'hit', content: { marker: 'first' } })
    expect(first.timing).toMatch(/kv;dur=/)

    // KV changes behind the isolate's back: within the window the isolate still answers from memory.
    await putEntry(pageKey('contacts'), { marker: 'second' }, 60_000)
    const remembered = await read('contacts', 400)
    expect(remembered).toMatchObject({ status: 200, cache: 'hit', content: { marker: 'first' } })
    expect(remembered.timing).toMatch(/memory;dur=0/)
    expect(remembered.timing).not.toMatch(/kv;dur=/)

    passes(399)
    expect(await read('contacts', 400)).toMatchObject({ cache: 'hit', content: { marker: 'first' } })
    passes(1)
    expect(await read('contacts', 400)).toMatchObject({ cache: 'hit', content: { marker: 'second' } })
  })

  it('reads KV on every request when PAYLOAD_MEMORY_MS is 0', async () => {
    await putEntry(pageKey('cookie-policy'), { marker: 'first' }, 60_000)
    expect(await read('cookie-policy', 0)).toMatchObject({ cache: 'hit', content: { marker: 'first' } })
    await putEntry(pageKey('cookie-policy'), { marker: 'second' }, 60_000)
    const next = await read('cookie-policy', 0)
    expect(next).toMatchObject({ cache: 'hit', content: { marker: 'second' } })
    expect(next.timing).toMatch(/kv;dur=/)
  })

  it('never keeps an entry past its hour: the next request goes back to KV', async () => {
    // Fresh for another 300 ms only; memory would otherwise hold it for 30 s.
    await putEntry(pageKey('privacy-policy'), { marker: 'ending' }, HOUR - 300)
    expect(await read('privacy-policy', 30_000)).toMatchObject({ cache: 'hit', content: { marker: 'ending' } })
    await putEntry(pageKey('privacy-policy'), { marker: 'renewed' }, 0)
    passes(299)
    expect(await read('privacy-policy', 30_000)).toMatchObject({ cache: 'hit', content: { marker: 'ending' } })
    passes(1)
    expect(await read('privacy-policy', 30_000)).toMatchObject({ cache: 'hit', content: { marker: 'renewed' } })
  })

  it('remembers what a refresh wrote, so the next request neither reads KV nor calls the upstream', async () => {
    await env.PAYLOADS.delete(payloadCacheKey('en', pageKey('contacts')))
    // Past the longest memory window (60 s): what an earlier test left of this page in the isolate is forgotten.
    passes(60_001)
    const miss = await read('contacts', 30_000)
    expect(miss).toMatchObject({ status: 200, cache: 'miss' })
    const next = await read('contacts', 30_000)
    expect(next).toMatchObject({ status: 200, cache: 'hit', content: miss.content })
    expect(next.timing).toMatch(/memory;dur=0/)
    expect(next.timing).not.toMatch(/kv;dur=|upstream;dur=/)
  })

  // About 400 payload requests: well within the default timeout alone, not always on a busy 2-core machine.
  it('holds a bounded number of entries: the oldest is forgotten first', async () => {
    // Posts by id: distinct keys that are all cached (list pages past the first few are not).
    const ids = Array.from({ length: PAYLOAD_MEMORY_ENTRIES + 1 }, (_, i) => String(i + 1))
    const readPost = async (id: string) => {
      const ctx = createExecutionContext()
      const res = await app.fetch(
        new Request(new URL(payloadUrlOf(href('post', { locale: 'en', params: { id } })), ORIGIN)),
        { ...env, PAYLOAD_MEMORY_MS: '30000' },
        ctx,
      )
      const body = (await res.json()) as PagePayload
      await waitOnExecutionContext(ctx)
      return body.payloads[mediaKeys.post(id)]?.envelope?.content
    }
    try {
      await Promise.all(ids.map((id) => putEntry(mediaKeys.post(id), { id, round: 1 }, 60_000)))
      for (const id of ids) expect(await readPost(id)).toEqual({ id, round: 1 })
      await Promise.all(ids.map((id) => putEntry(mediaKeys.post(id), { id, round: 2 }, 60_000)))
      // The first post was pushed out by the last one and is read from KV again; the last is still remembered.
      expect(await readPost(ids[0]!)).toEqual({ id: '1', round: 2 })
      expect(await readPost(ids.at(-1)!)).toEqual({ id: ids.at(-1), round: 1 })
    } finally {
      await Promise.all(ids.map((id) => env.PAYLOADS.delete(payloadCacheKey('en', mediaKeys.post(id)))))
    }
  }, 30_000)
})

describe('PAYLOAD_MEMORY_MS', () => {
  it('is at most 60 s, the time KV itself may take to show a write everywhere', () => {
    // A deploy's vars are typed as the values in wrangler.toml; these stand for other deploys.
    const configWith = (value: string) => readConfig({ ...env, PAYLOAD_MEMORY_MS: value } as unknown as Env)
    expect(configWith('60000').payloadMemoryMs).toBe(60_000)
    expect(() => configWith('90000')).toThrow(/PAYLOAD_MEMORY_MS/)
    expect(() => configWith('soon')).toThrow(/PAYLOAD_MEMORY_MS/)
  })
})
