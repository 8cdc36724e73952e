/** The dev-only hostile-content seam: `PUT /dev/content/post` stores a post verbatim, `DELETE` removes it. */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { call } from './helpers'

const HOSTILE = {
  id: 990_101,
  category: 'pr_material',
  publish_date: '1999-01-01',
  title: ' </script><script>window.__xss=1</script> <!--<script> a\u2028b\u2029c ',
  content: '<p>x</p></script><script>window.__xss=1</script><!--<script>',
  author: 'A\u2028B',
}

describe('PUT /dev/content/post', () => {
  beforeAll(async () => {
    await seedAll(env)
  })

  it('is not found outside dev mode', async () => {
    const res = await call('/dev/content/post', { method: 'PUT', body: HOSTILE, env: { DEV_MODE: '0' } })
    expect([res.status, res.body.result.code]).toEqual([404, 'not_found'])
  })

  it('stores title, body and author byte for byte in every language, listed last in its category', async () => {
    expect((await call('/dev/content/post', { method: 'PUT', body: HOSTILE })).status).toBe(200)
    for (const lang of ['en', 'ru', 'uz']) {
      const { status, body } = await call(`/siw/public/post/${HOSTILE.id}`, { lang })
      expect(status).toBe(200)
      expect(body.content).toMatchObject({
        title: HOSTILE.title,
        content: HOSTILE.content,
        author: { firstName: HOSTILE.author },
      })
    }
    const list = await call('/siw/public/post?category=pr_material&page=0&size=100')
    expect(list.body.content.at(-1).id).toBe(HOSTILE.id)
  })

  it('rejects a post with an unknown category or a malformed date', async () => {
    expect((await call('/dev/content/post', { method: 'PUT', body: { ...HOSTILE, category: 'video' } })).status).toBe(
      422,
    )
    expect(
      (await call('/dev/content/post', { method: 'PUT', body: { ...HOSTILE, publish_date: 'yesterday' } })).status,
    ).toBe(422)
  })

  it('removes the post again with DELETE', async () => {
    await call('/dev/content/post', { method: 'PUT', body: HOSTILE })
    expect((await call(`/dev/content/post/${HOSTILE.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await call(`/siw/public/post/${HOSTILE.id}`)).status).toBe(404)
  })
})
