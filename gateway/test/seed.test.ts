import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { seedCore } from '../src/dev/seed/core'
import { call } from './helpers'

const count = (table: string) => env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n')

describe('seedCore', () => {
  it('is idempotent and keeps user data across restarts', async () => {
    await seedCore(env, new Date())
    const before = {
      users: await count('users'),
      appeals: await count('appeals'),
      topics: await count('appeal_topics'),
      services: await count('personal_services'),
    }
    const login = await call('/core/auth/login', {
      body: { email: 'investor@demo.invest.example', password: 'Investor#2026', role: 'investor' },
    })
    const token = login.body.content.token
    await call('/core/profile/change-password', {
      method: 'PATCH',
      token,
      body: { old_password: 'Investor#2026', new_password: 'Changed#2026', password_confirmation: 'Changed#2026' },
    })
    await seedCore(env, new Date())
    expect({
      users: await count('users'),
      appeals: await count('appeals'),
      topics: await count('appeal_topics'),
      services: await count('personal_services'),
    }).toEqual(before)
    expect(
      (
        await call('/core/auth/login', {
          body: { email: 'investor@demo.invest.example', password: 'Changed#2026', role: 'investor' },
        })
      ).status,
    ).toBe(200)
  })

  it('seeds demo accounts with history, resident identities, topics and services', async () => {
    await seedCore(env, new Date())
    const login = await call('/core/auth/login', {
      body: { email: 'business@demo.invest.example', password: 'Business#2026', role: 'businessmen' },
    })
    const token = login.body.content.token
    const appeals = (await call('/siw/appeal', { token })).body.content
    expect(appeals.map((a: any) => a.status).sort()).toEqual(['in_moderation', 'reviewed'])
    expect((await call('/siw/personal/project', { token })).body.content[0]).toMatchObject({
      state: 'approved',
      budgets: [{ sum: 4_500_000 }, { sum: 3_000_000 }],
    })
    expect((await call('/siw/notification', { token })).body.pageable!.total).toBe(3)
    const residents = await env.DB.prepare('SELECT role, pin FROM users WHERE is_resident = 1 ORDER BY role').all()
    expect(residents.results).toEqual([
      { role: 'businessmen', pin: '42211890310057' },
      { role: 'investor', pin: '31507860180032' },
    ])
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM personal_services WHERE handler IS NOT NULL').first<number>('n'),
    ).toBeGreaterThanOrEqual(2)
  })
})
