import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { call } from './helpers'

const count = (table: string) => env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n')

describe('POST /dev/reset', () => {
  it('is not found outside dev mode', async () => {
    const res = await call('/dev/reset', { method: 'POST', env: { DEV_MODE: '0' } })
    expect([res.status, res.body.result.code]).toEqual([404, 'not_found'])
  })

  it('wipes user rows and uploads, keeps the schema and seeds content again', async () => {
    await seedAll(env)
    await env.DB.prepare("UPDATE posts SET title_en = 'edited' WHERE id = 1").run()
    const contact = await call('/siw/public/contact-us', {
      body: {
        name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '998901234567',
        website: '',
        country: 'GB',
        designation: 'CTO',
        message: 'A question about free economic zones.',
        purpose: 'other',
        company_name: 'Engines',
      },
    })
    expect(contact.status).toBe(200)
    await env.UPLOADS.put('stray/object.bin', new Uint8Array([1, 2, 3]))
    const posts = await count('posts')
    const res = await call('/dev/reset', { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await count('contact_requests')).toBe(0)
    expect(await env.UPLOADS.get('stray/object.bin')).toBeNull()
    expect(await count('posts')).toBe(posts)
    expect((await call('/siw/public/post/1')).body.content.title).not.toBe('edited')
    expect(await count('users')).toBeGreaterThan(0)
    const search = await call('/siw/public/search?keyword=invest')
    expect(search.body.pageable!.total).toBeGreaterThan(0)
  })
})
