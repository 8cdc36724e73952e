/**
 * People (docs/gateway-contract.md#operator-people): a moderator finds a person, sees their sessions, corrects their
 * phone and blocks them (every session ends) and unblocks them, each audited; erasing is an admin's, and the gateway
 * refuses a moderator's erase even when it is posted.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { auditOf, ensureOperators, locationOf, openAs } from './helpers'

beforeAll(ensureOperators)

/** A non-resident's account with a live session from Samarkand in Firefox. */
async function newPerson(): Promise<{ id: number; email: string }> {
  const db = env.GATEWAY_DB
  const now = new Date()
  const at = now.toISOString()
  const email = `person-${crypto.randomUUID().slice(0, 8)}@people.test`
  const user = await db
    .prepare(
      "INSERT INTO users (email, role, is_resident, created_at, updated_at) VALUES (?, 'investor', 0, ?, ?) RETURNING id",
    )
    .bind(email, at, at)
    .first<{ id: number }>()
  await db
    .prepare(
      "INSERT INTO profiles (user_id, name, surname, phone, company_name) VALUES (?, 'Lena', 'Vogel', '4930123456', 'Vogel GmbH')",
    )
    .bind(user!.id)
    .run()
  await db
    .prepare(
      `INSERT INTO tokens (user_id, token_hash, created_at, expires_at, last_used_at, browser, os, country, city)
       VALUES (?, ?, ?, ?, ?, 'Firefox', 'Linux', 'UZ', 'Samarqand')`,
    )
    .bind(user!.id, crypto.randomUUID(), at, new Date(now.getTime() + 86_400_000).toISOString(), at)
    .run()
  return { id: user!.id, email }
}

const liveTokens = async (userId: number) =>
  (await env.GATEWAY_DB.prepare('SELECT count(*) AS n FROM tokens WHERE user_id = ? AND revoked_at IS NULL')
    .bind(userId)
    .first<{ n: number }>())!.n

describe('People', () => {
  it('finds a person by e-mail and shows their account with its live sessions', async () => {
    const person = await newPerson()
    const list = await openAs('moderator', `/en/people?q=${encodeURIComponent(person.email)}`)
    expect(list.status).toBe(200)
    expect(list.html).toContain(`href="/en/people/${person.id}"`)
    const page = await openAs('moderator', `/en/people/${person.id}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Vogel GmbH')
    expect(page.html).toContain('Firefox, Linux')
    expect(page.html).toContain('Samarqand, UZ')
    // Erasing is an admin's: a moderator is not offered it.
    expect(page.html).not.toContain('Erase the account')
    expect((await openAs('admin', `/en/people/${person.id}`)).html).toContain('Erase the account')
  })

  it('corrects the phone, refuses a malformed e-mail at its field, and audits before and after', async () => {
    const person = await newPerson()
    const bad = await openAs('moderator', `/en/people/${person.id}/contact`, {
      email: 'not-an-address',
      phone: '4930999',
    })
    expect(bad.status).toBe(422)
    expect(bad.html).toContain('id="person-email-error"')
    const saved = await openAs('moderator', `/en/people/${person.id}/contact`, {
      email: person.email,
      phone: '4930999',
    })
    expect([saved.status, locationOf(saved)]).toEqual([303, `/en/people/${person.id}?done=saved`])
    expect((await auditOf('person', person.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['person.contact', { phone: '4930123456' }, { phone: '4930999' }],
    ])
  })

  it('blocks a person, which ends every session, and unblocks them, each audited', async () => {
    const person = await newPerson()
    expect(await liveTokens(person.id)).toBe(1)
    const blocked = await openAs('moderator', `/en/people/${person.id}/block`, {})
    expect([blocked.status, locationOf(blocked)]).toEqual([303, `/en/people/${person.id}?done=saved`])
    expect(await liveTokens(person.id)).toBe(0)
    const page = await openAs('moderator', `/en/people/${person.id}`)
    expect(page.html).toContain('Unblock the account')
    expect(page.html).toContain('No live session.')
    expect((await openAs('moderator', `/en/people/${person.id}/unblock`, {})).status).toBe(303)
    expect((await openAs('moderator', `/en/people/${person.id}`)).html).toContain('Block the account')
    expect((await auditOf('person', person.id)).map((r) => [r.action, r.after])).toEqual([
      ['person.block', { state: 'blocked' }],
      ['person.unblock', { state: 'active' }],
    ])
  })

  it('refuses a moderator’s erase and lets an admin erase the account', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const person = await newPerson()
    const exists = async () =>
      !!(await env.GATEWAY_DB.prepare('SELECT 1 FROM users WHERE id = ?').bind(person.id).first())
    expect((await openAs('moderator', `/en/people/${person.id}/erase`, {})).status).toBe(403)
    expect(await exists()).toBe(true)
    const erased = await openAs('admin', `/en/people/${person.id}/erase`, {})
    expect([erased.status, locationOf(erased)]).toEqual([303, '/en/people?done=saved'])
    expect(await exists()).toBe(false)
    vi.restoreAllMocks()
  })
})
