/**
 * An operator's change and its audit row are one D1 batch (docs/security.md#operator-surface): when the audit row
 * cannot be written (here a trigger refuses every insert into the log, as a full or broken log would), the change does
 * not happen either.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { accessEnv, signInOperators } from './access-helpers'
import { call, uniqueEmail } from './helpers'

const ADMIN = 'atomic-admin@agency.example'
const OTHER_ADMIN = 'atomic-other-admin@agency.example'
const EDITOR = 'atomic-editor@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  await seedAll(env)
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [ADMIN, 'admin'],
      [OTHER_ADMIN, 'admin'],
      [EDITOR, 'editor'],
    ]),
  )
})

const op = (path: string, method: string, body: unknown, as = ADMIN) =>
  call(`/core/operator${path}`, {
    method,
    body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[as]! },
    env: accessEnv(),
  })

const one = <T>(sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .first<T>()

/** Runs `act` while every insert into the audit log fails; answers its status. */
async function withAuditRefused(act: () => Promise<{ status: number }>): Promise<number> {
  await env.DB.prepare(
    "CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit refused'); END",
  ).run()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    return (await act()).status
  } finally {
    await env.DB.prepare('DROP TRIGGER audit_refused').run()
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

const newsValues = (title: string) => ({
  category: 'news',
  publish_date: '2026-11-20',
  title_en: title,
  content_en: `<p>${title}</p>`,
})

/** A pending registration, sent through the public form. */
async function pendingRegistration(): Promise<number> {
  const body = {
    company_name: 'Atomic Trading LLC',
    website: 'atomic.example',
    email: uniqueEmail('atomic'),
    phone: '+372 5123 4567',
    position: 'Director',
    name: 'Aino',
    surname: 'Kask',
    country_id: 2,
    source: 'linkedin',
    source_variant: '',
    comments: '',
    is_resident: false,
    hash: '',
  }
  const r = await call('/siw/public/investor-registration', { body })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return (await one<{ id: number }>(
    "SELECT id FROM registrations WHERE kind = 'investor' AND application_id = ?",
    r.body.content.id,
  ))!.id
}

describe('a change whose audit row cannot be written', () => {
  it('is not made: content created, edited, published or taken back', async () => {
    const posts = async () => (await one<{ n: number }>('SELECT count(*) AS n FROM posts'))!.n
    const before = await posts()
    expect(
      await withAuditRefused(() => op('/content/post', 'POST', { values: newsValues('Never made') }, EDITOR)),
    ).toBe(500)
    expect(await posts()).toBe(before)

    const made = await op('/content/post', 'POST', { values: newsValues('Kept as it was') }, EDITOR)
    const id = made.body.content.id as number
    const edit = { values: { title_en: 'Edited unaudited' } }
    expect(await withAuditRefused(() => op(`/content/post/${id}`, 'PUT', edit, EDITOR))).toBe(500)
    const publish = { confirm_incomplete: true }
    expect(await withAuditRefused(() => op(`/content/post/${id}/publish`, 'POST', publish, EDITOR))).toBe(500)
    expect(await one('SELECT title_en, publication FROM posts WHERE id = ?', id)).toEqual({
      title_en: 'Kept as it was',
      publication: 'draft',
    })
    expect((await op(`/content/post/${id}/publish`, 'POST', publish, EDITOR)).status).toBe(200)
    expect(await withAuditRefused(() => op(`/content/post/${id}/unpublish`, 'POST', {}, EDITOR))).toBe(500)
    expect(await one('SELECT publication FROM posts WHERE id = ?', id)).toEqual({ publication: 'published' })
  })

  it('is not made: the site’s contacts, an operator added, given a role or removed', async () => {
    const settings = { phone: '+998 71 200-00-00', email: 'atomic@agency.example', address: {}, socials: [] }
    expect((await op('/site-settings', 'PUT', settings)).status).toBe(200)
    const changed = { ...settings, email: 'unaudited@agency.example' }
    expect(await withAuditRefused(() => op('/site-settings', 'PUT', changed))).toBe(500)
    expect(await one('SELECT email FROM site_settings')).toEqual({ email: 'atomic@agency.example' })

    const added = { email: 'atomic-new@agency.example', name: 'New', role: 'moderator' }
    expect(await withAuditRefused(() => op('/operators', 'POST', added))).toBe(500)
    expect(await one('SELECT id FROM operators WHERE email = ?', added.email)).toBeNull()

    const other = (await one<{ id: number }>('SELECT id FROM operators WHERE email = ?', OTHER_ADMIN))!.id
    expect(await withAuditRefused(() => op(`/operators/${other}/role`, 'POST', { role: 'editor' }))).toBe(500)
    expect(await withAuditRefused(() => op(`/operators/${other}/remove`, 'POST', {}))).toBe(500)
    expect(await one('SELECT role, removed_at FROM operators WHERE id = ?', other)).toEqual({
      role: 'admin',
      removed_at: null,
    })
  })

  it('is not made: a registration approved or rejected', async () => {
    const id = await pendingRegistration()
    expect(await withAuditRefused(() => op(`/registrations/${id}/reject`, 'POST', { reason: 'Incomplete' }))).toBe(500)
    expect(await withAuditRefused(() => op(`/registrations/${id}/approve`, 'POST', {}))).toBe(500)
    expect(await one('SELECT state, user_id FROM registrations WHERE id = ?', id)).toEqual({
      state: 'pending',
      user_id: null,
    })
    // With the log writable again, the decision goes through, audited.
    expect((await op(`/registrations/${id}/reject`, 'POST', { reason: 'Incomplete' })).status).toBe(200)
    expect(
      await one("SELECT count(*) AS n FROM audit_log WHERE action = 'registration.reject' AND target_id = ?", id),
    ).toEqual({ n: 1 })
  })
})
