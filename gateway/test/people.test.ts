/**
 * The People section of the operators' API (docs/gateway-contract.md#operator-people): staff find an account, see it,
 * correct its contact data, block and unblock it (moderators and admins), and erase it (admins); the gateway checks the
 * role itself, and every change is audited with what it was before and after.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser, ensureSeeded, readTopicAndType, type TestUser, uniqueEmail } from './helpers'
import { exchangeOneIdCode, newPin, newTin, registerOneIdCode } from './oneid-client'

const OPERATORS = [
  ['people.moderator@agency.example', 'moderator'],
  ['people.editor@agency.example', 'editor'],
  ['people.admin@agency.example', 'admin'],
] as const
type Role = (typeof OPERATORS)[number][1]

let tokens: Record<string, string> = {}
beforeAll(async () => {
  await ensureSeeded()
  tokens = await signInOperators(env.DB, OPERATORS)
})

/** Calls `/core/operator/people{path}` as the operator of `role`. */
function asOperator(role: Role, path: string, body?: unknown) {
  const email = OPERATORS.find(([, r]) => r === role)![0]
  return call(`/core/operator/people${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[email]! },
    env: accessEnv(),
  })
}

const PASSWORD = 'Correct#Horse1'
const signIn = (user: TestUser) =>
  call('/core/auth/login', { body: { email: user.email, password: PASSWORD, hash: '', role: user.role } })

/** The audit rows about a person, oldest first. */
const auditOf = async (id: number) =>
  (
    await env.DB.prepare(
      `SELECT a.action, a.before, a.after, o.email FROM audit_log a JOIN operators o ON o.id = a.operator_id
       WHERE a.target_kind = 'person' AND a.target_id = ? ORDER BY a.id`,
    )
      .bind(id)
      .all<{ action: string; before: string | null; after: string | null; email: string }>()
  ).results.map((r) => ({
    action: r.action,
    by: r.email,
    before: r.before && JSON.parse(r.before),
    after: r.after && JSON.parse(r.after),
  }))

describe('finding a person', () => {
  it('finds an account by e-mail, by name either way round, by PINFL and by TIN', async () => {
    const tag = crypto.randomUUID().slice(0, 6)
    const investor = await createUser({ profile: { name: `Gulnora${tag}`, surname: 'Tosheva' } })
    const pin = newPin()
    const tin = newTin()
    const resident = await exchangeOneIdCode(
      await registerOneIdCode({
        person: {
          pin,
          first_name: 'Rustam',
          sur_name: 'Aliev',
          legal_info: [{ is_basic: true, le_tin: tin, le_name: `Tola ${tag} MChJ` }],
        },
      }),
      'businessmen',
    )
    const residentId = resident.body.content.profile.businessmen.id
    const found = async (q: string) =>
      ((await asOperator('moderator', `?q=${encodeURIComponent(q)}`)).body.content.items as { id: number }[]).map(
        (p) => p.id,
      )
    expect(await found(investor.email.toUpperCase())).toEqual([investor.id])
    expect(await found(`Gulnora${tag} Tosheva`)).toEqual([investor.id])
    expect(await found(`Tosheva Gulnora${tag}`)).toEqual([investor.id])
    expect(await found(pin)).toEqual([residentId])
    expect(await found(tin)).toEqual([residentId])
    expect(await found(`Tola ${tag}`)).toEqual([residentId])
    const listed = (await asOperator('moderator', `?q=${pin}`)).body.content.items[0]
    expect(listed).toMatchObject({ role: 'businessmen', is_resident: true, pin, tin, state: 'active' })
    // A wildcard is a character like any other.
    expect(await found('%')).toEqual([])
  })

  it('shows the account with its live sessions, appeals and projects', async () => {
    const user = await createUser({ password: PASSWORD, profile: { name: 'Erik', phone: '46701234567' } })
    await signIn(user)
    const { topicId, typeId } = await readTopicAndType()
    await call('/siw/appeal', {
      token: user.token,
      body: { topic_id: topicId, type_id: typeId, region_id: 1718, text: 'A question about land lease in Navoi.' },
    })
    const r = await asOperator('moderator', `/${user.id}`)
    expect(r.status).toBe(200)
    expect(r.body.content).toMatchObject({
      id: user.id,
      email: user.email,
      phone: '46701234567',
      state: 'active',
      blocked_at: null,
      appeals: [expect.objectContaining({ status: 'in_moderation', excerpt: 'A question about land lease in Navoi.' })],
      projects: [],
    })
    expect(r.body.content.sessions).toHaveLength(2)
    expect((await asOperator('moderator', '/999999999')).status).toBe(404)
  })
})

describe('helping a person', () => {
  it('corrects the e-mail and phone, tells the old address, and audits before and after', async () => {
    const user = await createUser({ password: PASSWORD, profile: { phone: '4930111' } })
    const newEmail = uniqueEmail('corrected')
    const r = await asOperator('moderator', `/${user.id}/contact`, { email: newEmail, phone: '+49 30 2222222' })
    expect(r.body.content).toEqual({ id: user.id, email: newEmail, phone: '49302222222' })
    expect((await call('/core/profile', { token: user.token })).body.content.email).toBe(newEmail)
    const notices = (await call(`/dev/outbox?email=${encodeURIComponent(user.email)}`)).body.content
    expect(notices.map((m: { subject: string }) => m.subject)).toEqual([
      'The e-mail address of your Invest Portal account was changed',
    ])
    expect(await auditOf(user.id)).toEqual([
      {
        action: 'person.contact',
        by: 'people.moderator@agency.example',
        before: { email: user.email, phone: '4930111' },
        after: { email: newEmail, phone: '49302222222' },
      },
    ])
    const taken = await createUser()
    const refused = await asOperator('moderator', `/${user.id}/contact`, { email: taken.email })
    expect([refused.status, refused.body.result.code, refused.body.errors]).toEqual([
      409,
      'already_registered',
      ['email'],
    ])
    expect((await asOperator('moderator', `/${user.id}/contact`, { phone: '12' })).body.errors).toEqual(['phone'])
  })

  it('keeps a resident’s phone Uzbek', async () => {
    const pin = newPin()
    const resident = await createUser({ isResident: true, pin, profile: { pin } })
    expect((await asOperator('moderator', `/${resident.id}/contact`, { phone: '4930111222' })).body.errors).toEqual([
      'phone',
    ])
    expect((await asOperator('moderator', `/${resident.id}/contact`, { phone: '998901112233' })).status).toBe(200)
  })

  it('blocks an account: every session ends, sign-in is refused as blocked; unblocking lets it in again', async () => {
    const user = await createUser({ password: PASSWORD })
    const open = await signIn(user)
    const blocked = await asOperator('moderator', `/${user.id}/block`, {})
    expect(blocked.body.content).toEqual({ id: user.id, state: 'blocked' })
    for (const token of [user.token, open.body.content.token])
      expect((await call('/core/profile', { token })).status).toBe(401)
    const refused = await signIn(user)
    expect([refused.status, refused.body.result.code]).toEqual([403, 'account_blocked'])
    // A wrong password learns nothing of the block.
    const guessed = await call('/core/auth/login', {
      body: { email: user.email, password: 'wrong-guess', hash: '', role: 'investor' },
    })
    expect(guessed.body.result.code).toBe('user_not_found')
    expect((await asOperator('moderator', `/${user.id}/block`, {})).status).toBe(409)
    expect((await asOperator('moderator', `/${user.id}`)).body.content.state).toBe('blocked')

    expect((await asOperator('admin', `/${user.id}/unblock`, {})).body.content).toEqual({
      id: user.id,
      state: 'active',
    })
    expect((await signIn(user)).status).toBe(200)
    expect(await auditOf(user.id)).toEqual([
      {
        action: 'person.block',
        by: 'people.moderator@agency.example',
        before: { state: 'active' },
        after: { state: 'blocked' },
      },
      {
        action: 'person.unblock',
        by: 'people.admin@agency.example',
        before: { state: 'blocked' },
        after: { state: 'active' },
      },
    ])
  })

  it('refuses a blocked resident’s OneID sign-in as blocked', async () => {
    const person = { pin: newPin(), first_name: 'Said', sur_name: 'Nazarov' }
    const first = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    await asOperator('moderator', `/${first.body.content.profile.investor.id}/block`, {})
    const again = await exchangeOneIdCode(await registerOneIdCode({ person }), 'investor')
    expect([again.status, again.body.result.code]).toEqual([403, 'account_blocked'])
  })
})

describe('the role rule', () => {
  it('refuses People to an editor, and erasing to a moderator, deciding nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const user = await createUser({ password: PASSWORD })
    for (const [path, body] of [
      ['', undefined],
      [`/${user.id}`, undefined],
      [`/${user.id}/contact`, { phone: '4930999' }],
      [`/${user.id}/block`, {}],
      [`/${user.id}/erase`, {}],
    ] as const) {
      const r = await asOperator('editor', path, body)
      expect([r.status, r.body.result.code], `editor ${path}`).toEqual([403, 'forbidden'])
    }
    const erase = await asOperator('moderator', `/${user.id}/erase`, {})
    expect([erase.status, erase.body.result.code]).toEqual([403, 'forbidden'])
    expect((await call('/core/profile', { token: user.token })).status).toBe(200)
    expect(await auditOf(user.id)).toEqual([])
    warn.mockRestore()
  })

  it('lets an admin erase an account at once, audited by state only', async () => {
    const user = await createUser({ password: PASSWORD })
    await asOperator('moderator', `/${user.id}/contact`, { phone: '4930777' })
    const r = await asOperator('admin', `/${user.id}/erase`, {})
    expect(r.body.content).toEqual({ id: user.id, state: 'erased' })
    expect((await asOperator('admin', `/${user.id}`)).status).toBe(404)
    expect((await call('/core/profile', { token: user.token })).status).toBe(401)
    // The log keeps who did what to which account, and no longer its data.
    expect(await auditOf(user.id)).toEqual([
      { action: 'person.contact', by: 'people.moderator@agency.example', before: null, after: null },
      {
        action: 'person.erase',
        by: 'people.admin@agency.example',
        before: { state: 'active' },
        after: { state: 'erased' },
      },
    ])
  })
})
