import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createNotification } from '../src/areas/notifications/notify'
import { call, createUser } from './helpers'

async function addNotifications(userId: number, count: number) {
  for (let i = 1; i <= count; i++)
    await createNotification(null, env.DB, userId, 'new_appeal', String(i), `/profile/appeals/${i}`, new Date())
}

describe('GET /siw/notification', () => {
  it('pages the user’s notifications newest first with 0-based paging', async () => {
    const user = await createUser()
    await addNotifications(user.id, 5)
    const first = await call('/siw/notification?page=0&size=2', { token: user.token })
    expect(first.body.pageable).toEqual({ total: 5, current: 0, prev: null, next: 1 })
    expect(first.body.content.map((n: any) => n.link)).toEqual(['/profile/appeals/5', '/profile/appeals/4'])
    expect(first.body.content[0]).toEqual({
      id: expect.any(Number),
      message: expect.stringContaining('No. 5'),
      type: 'new_appeal',
      link: '/profile/appeals/5',
      seen: false,
      created: expect.any(String),
    })
    const last = await call('/siw/notification?page=2&size=2', { token: user.token })
    expect(last.body.pageable).toEqual({ total: 5, current: 2, prev: 1, next: null })
    expect(last.body.content).toHaveLength(1)
  })

  it('answers messages in the request language', async () => {
    const user = await createUser()
    await addNotifications(user.id, 1)
    expect((await call('/siw/notification', { token: user.token, lang: 'ru' })).body.content[0].message).toContain(
      'Ваше обращение № 1',
    )
    expect((await call('/siw/notification', { token: user.token, lang: 'uz' })).body.content[0].message).toContain(
      'murojaatingiz',
    )
  })

  it('shows nobody else’s notifications', async () => {
    const a = await createUser()
    const b = await createUser()
    await addNotifications(a.id, 2)
    expect((await call('/siw/notification', { token: b.token })).body.pageable!.total).toBe(0)
  })

  it('needs a bearer token', async () => {
    expect((await call('/siw/notification')).status).toBe(401)
  })
})

describe('marking notifications read', () => {
  it('marks one read by id', async () => {
    const user = await createUser()
    await addNotifications(user.id, 2)
    const [newest] = (await call('/siw/notification', { token: user.token })).body.content
    expect(
      (await call(`/siw/notification?id=${newest.id}`, { method: 'POST', token: user.token })).body.result.code,
    ).toBe('ok')
    const seen = (await call('/siw/notification', { token: user.token })).body.content.map((n: any) => n.seen)
    expect(seen).toEqual([true, false])
  })

  it('answers not_found for another user’s notification and leaves it unread', async () => {
    const a = await createUser()
    const b = await createUser()
    await addNotifications(a.id, 1)
    const [theirs] = (await call('/siw/notification', { token: a.token })).body.content
    const r = await call(`/siw/notification?id=${theirs.id}`, { method: 'POST', token: b.token })
    expect(r.status).toBe(404)
    expect(r.body.result.code).toBe('not_found')
    expect((await call('/siw/notification', { token: a.token })).body.content[0].seen).toBe(false)
  })

  it('names a missing or malformed id', async () => {
    const user = await createUser()
    expect((await call('/siw/notification', { method: 'POST', token: user.token })).body.errors).toEqual(['id'])
    expect((await call('/siw/notification?id=abc', { method: 'POST', token: user.token })).body.errors).toEqual(['id'])
  })

  it('marks all of the user’s notifications read, and only theirs', async () => {
    const a = await createUser()
    const b = await createUser()
    await addNotifications(a.id, 3)
    await addNotifications(b.id, 1)
    expect((await call('/siw/notification/read-all', { method: 'POST', token: a.token })).body.result.code).toBe('ok')
    expect((await call('/siw/notification', { token: a.token })).body.content.every((n: any) => n.seen)).toBe(true)
    expect((await call('/siw/notification', { token: b.token })).body.content[0].seen).toBe(false)
  })
})
