/**
 * The KV payload cache behind `_payload.json` (docs/product.md#payload-cache, docs/decisions/0002-payload-keys.md#how-a-key-is-loaded):
 * hit/miss/stale, error limits, key isolation, no personal data.
 */
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import type { Locale } from '../../contract/locales'
import { mediaKeys } from '../../shared/keys/media-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import { BOUND_MS, callWithUpstream, faultUpstream, MARGIN_MS, scenarioHits, setScenario } from './fault-helpers'
import {
  fetchPortal,
  HOUR,
  localeCookie,
  payloadUrlOf,
  putPayload,
  putSiteSettings,
  signInNonResident,
  tokenCookie,
} from './helpers'

const CONTACTS_KEY = siteKeys.page('contacts')
const SETTINGS_KEY = siteKeys.settings()
const contactsPayload = (locale: Locale) => payloadUrlOf(href('contacts', { locale }))

type PagePayload = { payloads: Record<string, { ok: boolean; envelope?: { content: unknown }; stale?: boolean }> }

async function clearPayloads(): Promise<void> {
  for (;;) {
    const { keys } = await env.PAYLOADS.list({ prefix: 'payload:' })
    if (keys.length === 0) return
    await Promise.all(keys.map((k) => env.PAYLOADS.delete(k.name)))
  }
}

async function listPayloadKeys(): Promise<string[]> {
  return (await env.PAYLOADS.list({ prefix: 'payload:' })).keys.map((k) => k.name).sort()
}

/** Writes land after the response (`waitUntil`): wait until the KV key shows up. */
async function waitForKey(key: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await env.PAYLOADS.get(key)) !== null) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`KV key ${key} was never written`)
}

/** Makes the gateway fail for real: its `pages` table disappears for the duration of `run`. */
async function withPagesTableGone<T>(run: () => Promise<T>): Promise<T> {
  await env.GATEWAY_DB.exec('ALTER TABLE pages RENAME TO pages_gone')
  try {
    return await run()
  } finally {
    await env.GATEWAY_DB.exec('ALTER TABLE pages_gone RENAME TO pages')
  }
}

afterEach(clearPayloads)

describe('hit and miss', () => {
  it('answers miss first, writes the entry, then answers hit', async () => {
    await clearPayloads()
    const first = await fetchPortal(contactsPayload('en'))
    expect(first.status).toBe(200)
    expect(first.headers.get('x-payload-cache')).toBe('miss')
    expect(first.headers.get('server-timing')).toMatch(/upstream;dur=\d+/)
    const firstBody = (await first.json()) as PagePayload
    await waitForKey(payloadCacheKey('en', CONTACTS_KEY))

    const second = await fetchPortal(contactsPayload('en'))
    expect(second.status).toBe(200)
    expect(second.headers.get('x-payload-cache')).toBe('hit')
    expect(second.headers.get('server-timing')).toMatch(/kv;dur=\d+/)
    expect(second.headers.get('server-timing')).not.toMatch(/upstream/)
    expect(((await second.json()) as PagePayload).payloads[CONTACTS_KEY]).toEqual(firstBody.payloads[CONTACTS_KEY])
  })

  it('serves a fresh entry from KV without asking the upstream', async () => {
    await putPayload('en', CONTACTS_KEY, { marker: 'from-kv' }, 10 * 60 * 1000)
    await putSiteSettings('en')
    const res = await fetchPortal(contactsPayload('en'))
    expect(res.headers.get('x-payload-cache')).toBe('hit')
    expect(((await res.json()) as PagePayload).payloads[CONTACTS_KEY]?.envelope?.content).toEqual({ marker: 'from-kv' })
  })

  it('refreshes an entry older than one hour when the upstream answers', async () => {
    await putPayload('en', CONTACTS_KEY, { marker: 'old' }, 2 * HOUR)
    const res = await fetchPortal(contactsPayload('en'))
    expect(res.headers.get('x-payload-cache')).toBe('miss')
    expect(((await res.json()) as PagePayload).payloads[CONTACTS_KEY]?.envelope?.content).not.toEqual({ marker: 'old' })
  })
})

describe('stale-if-error', () => {
  it('serves a two-hour-old entry marked stale when the upstream fails', async () => {
    await putPayload('en', CONTACTS_KEY, { marker: 'stale-copy' }, 2 * HOUR)
    const res = await withPagesTableGone(() => fetchPortal(contactsPayload('en')))
    expect(res.status).toBe(200)
    expect(res.headers.get('x-payload-cache')).toBe('stale')
    const entry = ((await res.json()) as PagePayload).payloads[CONTACTS_KEY]
    expect(entry).toMatchObject({ ok: true, stale: true, envelope: { content: { marker: 'stale-copy' } } })
  })

  it('answers the error status when the only entry is older than 24 hours', async () => {
    await putPayload('en', CONTACTS_KEY, { marker: 'too-old' }, 25 * HOUR)
    const res = await withPagesTableGone(() => fetchPortal(contactsPayload('en')))
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(res.headers.get('x-payload-cache')).toBe('error')
    expect(JSON.stringify(await res.json())).not.toContain('too-old')
  })

  it('answers the error status on a failing upstream with nothing cached', async () => {
    await clearPayloads()
    const res = await withPagesTableGone(() => fetchPortal(contactsPayload('en')))
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(res.headers.get('x-payload-cache')).toBe('error')
  })

  it('does not mask an upstream 404 with a cached entry', async () => {
    const missingPost = mediaKeys.post('987654')
    await putPayload('en', missingPost, { marker: 'deleted-post' }, 2 * HOUR)
    const res = await fetchPortal(payloadUrlOf(href('post', { locale: 'en', params: { id: '987654' } })))
    expect(res.status).toBe(404)
    expect(res.headers.get('x-payload-cache')).toBe('error')
    expect(JSON.stringify(await res.json())).not.toContain('deleted-post')
  })
})

describe('a hanging upstream (no answer within UPSTREAM_TIMEOUT_MS)', () => {
  const HANGING = 'cache-hang'
  const upstream = `${faultUpstream.origin}/${HANGING}`
  const entryOf = (body: string) => (JSON.parse(body) as PagePayload).payloads[CONTACTS_KEY]

  it('keeps a fresh entry a hit, answered from KV without waiting for the upstream', async () => {
    await setScenario(HANGING, { mode: 'hang' })
    await putPayload('en', CONTACTS_KEY, { marker: 'fresh-copy' }, 10 * 60 * 1000)
    await putSiteSettings('en')
    const res = await callWithUpstream(upstream, contactsPayload('en'), {}, BOUND_MS)
    expect(res.status).toBe(200)
    expect(res.cache).toBe('hit')
    expect(entryOf(res.body)?.envelope?.content).toEqual({ marker: 'fresh-copy' })
    expect(await scenarioHits(HANGING)).toBe(0)
  })

  it('serves an expired entry stale once the bound has passed, and keeps it for the next try', async () => {
    await setScenario(HANGING, { mode: 'hang' })
    await putPayload('en', CONTACTS_KEY, { marker: 'stale-copy' }, 2 * HOUR)
    await putSiteSettings('en')
    const res = await callWithUpstream(upstream, contactsPayload('en'), {}, BOUND_MS)
    expect(res.status).toBe(200)
    expect(res.cache).toBe('stale')
    expect(entryOf(res.body)).toMatchObject({ ok: true, stale: true, envelope: { content: { marker: 'stale-copy' } } })
    expect(res.elapsedMs).toBeGreaterThanOrEqual(BOUND_MS - 10)
    expect(res.elapsedMs).toBeLessThan(BOUND_MS + MARGIN_MS)
    expect(await scenarioHits(HANGING)).toBe(1)
    const stored = await env.PAYLOADS.get<{ envelope: { content: unknown } }>(
      payloadCacheKey('en', CONTACTS_KEY),
      'json',
    )
    expect(stored?.envelope.content).toEqual({ marker: 'stale-copy' })
  })

  it('answers 502 with upstream_timeout within the bound when nothing is cached', async () => {
    await setScenario(HANGING, { mode: 'hang' })
    await clearPayloads()
    const res = await callWithUpstream(upstream, contactsPayload('en'), {}, BOUND_MS)
    expect(res.status).toBe(502)
    expect(res.cache).toBe('error')
    expect((JSON.parse(res.body) as { error: unknown }).error).toMatchObject({
      statusCode: 502,
      code: 'upstream_timeout',
    })
    expect(res.elapsedMs).toBeLessThan(BOUND_MS + MARGIN_MS)
    expect(await listPayloadKeys()).toEqual([])
  })

  it('goes from stale back to miss and hit once the upstream answers again', async () => {
    await setScenario(HANGING, { mode: 'hang' })
    await putPayload('en', CONTACTS_KEY, { marker: 'stale-copy' }, 2 * HOUR)
    await putSiteSettings('en')
    expect((await callWithUpstream(upstream, contactsPayload('en'), {}, BOUND_MS)).cache).toBe('stale')
    // The upstream's answer must be a page (docs/gateway-contract.md#content) to be served; the marker rides along.
    const answered = {
      slug: 'contacts',
      title: 'Contacts',
      content: '<p>Answered again.</p>',
      marker: 'answered-again',
    }
    await setScenario(HANGING, { mode: 'ok', content: answered })
    const fresh = await callWithUpstream(upstream, contactsPayload('en'))
    expect(fresh.cache).toBe('miss')
    expect(entryOf(fresh.body)?.envelope?.content).toEqual(answered)
    const hit = await callWithUpstream(upstream, contactsPayload('en'))
    expect(hit.cache).toBe('hit')
    expect(entryOf(hit.body)?.envelope?.content).toEqual(answered)
    expect(await scenarioHits(HANGING)).toBe(1)
  })
})

describe('key isolation', () => {
  it('keeps ru and en entries apart, each with its own content', async () => {
    await clearPayloads()
    const en = (await (await fetchPortal(contactsPayload('en'))).json()) as PagePayload
    const ru = (await (await fetchPortal(contactsPayload('ru'))).json()) as PagePayload
    const enKey = payloadCacheKey('en', CONTACTS_KEY)
    const ruKey = payloadCacheKey('ru', CONTACTS_KEY)
    expect(enKey).not.toBe(ruKey)
    await waitForKey(enKey)
    await waitForKey(ruKey)
    expect(en.payloads[CONTACTS_KEY]?.envelope?.content).not.toEqual(ru.payloads[CONTACTS_KEY]?.envelope?.content)
    const storedEn = (await env.PAYLOADS.get<{ envelope: unknown }>(enKey, 'json'))!.envelope
    const storedRu = (await env.PAYLOADS.get<{ envelope: unknown }>(ruKey, 'json'))!.envelope
    expect(storedEn).toEqual(en.payloads[CONTACTS_KEY]?.envelope)
    expect(storedRu).toEqual(ru.payloads[CONTACTS_KEY]?.envelope)

    const ruAgain = await fetchPortal(contactsPayload('ru'))
    expect(ruAgain.headers.get('x-payload-cache')).toBe('hit')
    expect(((await ruAgain.json()) as PagePayload).payloads[CONTACTS_KEY]).toEqual(ru.payloads[CONTACTS_KEY])
  })

  it('never writes a personalised key to KV', async () => {
    await clearPayloads()
    const cookie = tokenCookie(await signInNonResident())
    const appeals = await fetchPortal(payloadUrlOf(href('profile-appeals', { locale: 'en' })), { headers: { cookie } })
    expect(appeals.status).toBe(200)
    const profile = await fetchPortal(payloadUrlOf(href('profile', { locale: 'en' })), { headers: { cookie } })
    expect(profile.status).toBe(200)
    // A public page in the same session proves writes do happen meanwhile.
    await fetchPortal(contactsPayload('en'), { headers: { cookie } })
    await waitForKey(payloadCacheKey('en', CONTACTS_KEY))
    // Only public keys: the contact page's and the site's contacts every page with a footer reads.
    const keys = await listPayloadKeys()
    expect(keys).toEqual([payloadCacheKey('en', CONTACTS_KEY), payloadCacheKey('en', SETTINGS_KEY)].sort())
    expect(keys.some((k) => k.includes('/core/profile') || k.includes('/siw/appeal'))).toBe(false)
  })

  it('lets no unkeyed input change the key or the cached payload', async () => {
    await clearPayloads()
    const plain = (await (await fetchPortal(contactsPayload('en'))).json()) as PagePayload
    await waitForKey(payloadCacheKey('en', CONTACTS_KEY))
    const baseline = await listPayloadKeys()
    const storedBefore = await env.PAYLOADS.get(payloadCacheKey('en', CONTACTS_KEY))
    await clearPayloads()

    const noisy = await fetchPortal(`http://other-host.example${contactsPayload('en')}`, {
      headers: {
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'https',
        cookie: `${localeCookie('ru')}; other=1`,
        'accept-language': 'ru,uz;q=0.8',
      },
    })
    expect(noisy.status).toBe(200)
    expect(noisy.headers.get('x-payload-cache')).toBe('miss')
    expect(((await noisy.json()) as PagePayload).payloads[CONTACTS_KEY]).toEqual(plain.payloads[CONTACTS_KEY])
    await waitForKey(payloadCacheKey('en', CONTACTS_KEY))
    expect(await listPayloadKeys()).toEqual(baseline)
    expect(JSON.parse((await env.PAYLOADS.get(payloadCacheKey('en', CONTACTS_KEY)))!).envelope).toEqual(
      JSON.parse(storedBefore!).envelope,
    )
  })
})
