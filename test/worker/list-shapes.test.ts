/** List payloads ship what list views render: post and story lists without article bodies; detail payloads whole. */
import { describe, expect, it } from 'vitest'
import { mediaKeys } from '../../shared/keys/media-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { fetchPortal, payloadUrlOf } from './helpers'

type Item = Record<string, unknown>
type PagePayload = { payloads: Record<string, { ok: boolean; envelope?: { content: unknown } }> }

async function payloadOf(url: string): Promise<PagePayload> {
  const res = await fetchPortal(payloadUrlOf(url))
  expect(res.status).toBe(200)
  return res.json()
}

describe('list payloads', () => {
  it('the home and news lists carry each post’s card fields but not its body', async () => {
    for (const [url, key] of [
      [href('home', { locale: 'en' }), siteKeys.latestPosts()],
      [href('media', { locale: 'ru', params: { id: 'news' } }), mediaKeys.list('news')],
    ] as const) {
      const items = (await payloadOf(url)).payloads[key]?.envelope?.content as Item[]
      expect(items.length).toBeGreaterThan(0)
      for (const item of items) {
        expect(item).toEqual(
          expect.objectContaining({
            id: expect.any(Number),
            title: expect.any(String),
            publish_date: expect.any(String),
            category: expect.any(String),
          }),
        )
        expect(item).not.toHaveProperty('content')
      }
    }
  })

  it('the story list keeps summaries and drops bodies', async () => {
    const items = (await payloadOf(href('story-list', { locale: 'en' }))).payloads[mediaKeys.stories()]?.envelope
      ?.content as Item[]
    expect(items.length).toBeGreaterThan(0)
    expect(items.some((item) => typeof item.summary === 'string' && item.summary !== '')).toBe(true)
    for (const item of items) expect(item).not.toHaveProperty('content')
  })

  it('a post page still gets the whole article', async () => {
    const post = (await payloadOf(href('post', { locale: 'en', params: { id: '1' } }))).payloads[mediaKeys.post('1')]
      ?.envelope?.content as Item
    expect(post.content).toEqual(expect.stringContaining('<p>'))
  })
})
