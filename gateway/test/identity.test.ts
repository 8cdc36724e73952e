/**
 * No typed national identifier becomes an identity (docs/decisions/0049-identity-from-oneid.md): a resident's account
 * comes only from OneID, a PINFL or TIN someone typed is at most an unverified claim that no OneID sign-in matches, and
 * a company's TIN is bound only from OneID's legal entities. OneID answers at the network boundary
 * (test/oneid-stand-in.ts).
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createUser, ensureSeeded, moderate, readTopicAndType, uniqueEmail } from './helpers'
import { exchangeOneIdCode, newPin, newTin, registerOneIdCode } from './oneid-client'

beforeAll(ensureSeeded)

/**
 * A resident's application as one from before residents signed up through OneID (the form refuses them now), with the
 * PINFL and TIN its author typed; answers its registration id.
 */
async function legacyResidentApplication(
  kind: 'investor' | 'business',
  fields: { email: string; pin: string; tin?: string; company: string; phone: string },
): Promise<number> {
  const at = new Date().toISOString()
  const row =
    kind === 'investor'
      ? await env.DB.prepare(
          `INSERT INTO investor_registrations (company_name, email, phone, position, name, surname, pin, source,
             is_resident, lang, created_at) VALUES (?, ?, ?, 'Director', 'Claimant', 'Person', ?, 'other', 1, 'en', ?)
           RETURNING id`,
        )
          .bind(fields.company, fields.email, fields.phone, fields.pin, at)
          .first<{ id: number }>()
      : await env.DB.prepare(
          `INSERT INTO business_registrations (company_name, tin, pin, email, phone, name, surname, source, is_resident,
             lang, created_at) VALUES (?, ?, ?, ?, ?, 'Claimant', 'Person', 'other', 1, 'en', ?) RETURNING id`,
        )
          .bind(fields.company, fields.tin ?? '', fields.pin, fields.email, fields.phone, at)
          .first<{ id: number }>()
  const ledger = await env.DB.prepare(
    'INSERT INTO registrations (kind, application_id, email, created_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(kind, row!.id, fields.email, at)
    .first<{ id: number }>()
  return ledger!.id
}

/** Signs `person` in through OneID (the stand-in at the network boundary) as `role`; answers the gateway's answer. */
async function signInWithOneId(
  person: { pin: string; first_name: string; sur_name: string; email?: string; legal_info?: unknown[] },
  role: 'investor' | 'businessmen',
) {
  const code = await registerOneIdCode({ person: person as never })
  return exchangeOneIdCode(code, role)
}

const countWhere = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...args)
    .first<{ n: number }>())!.n

describe('an approved registration with a victim’s PINFL', () => {
  it('opens no account: the victim’s OneID sign-in gets their own, with none of the claimant’s data, and the claimant’s account gains nothing', async () => {
    // The claimant has an account of their own, with an appeal in it.
    const claimant = await createUser({ profile: { name: 'Claimant', company_name: 'Copycat LLC', phone: '4930111' } })
    const { topicId, typeId } = await readTopicAndType()
    const appeal = await call('/siw/appeal', {
      token: claimant.token,
      body: {
        topic_id: topicId,
        type_id: typeId,
        region_id: 1718,
        text: 'The claimant’s own appeal, never the victim’s.',
      },
    })
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200)
    const claimantBefore = (await call('/core/profile', { token: claimant.token })).body.content

    // They apply as a resident with the victim's PINFL (from a second address), and a moderator approves it.
    const victimPin = newPin()
    const applicationEmail = uniqueEmail('claim')
    const id = await legacyResidentApplication('investor', {
      email: applicationEmail,
      pin: victimPin,
      company: 'Copycat LLC',
      phone: '998901112244',
    })
    const approved = await moderate({ kind: 'registration', id, action: 'approve' })
    expect(approved.status).toBe(200)
    expect(approved.body.content).toEqual({ id, state: 'approved', user_id: null })
    expect(await countWhere('users WHERE email = ?', applicationEmail)).toBe(0)
    expect(await countWhere('users WHERE pin = ?', victimPin)).toBe(0)
    // The applicant learns that OneID opens the account; no password link, no account of their making.
    const mails = (await call(`/dev/outbox?email=${encodeURIComponent(applicationEmail)}`)).body.content as {
      subject: string
      links: string[]
    }[]
    expect(mails.map((m) => m.subject)).toEqual(['Your Invest Portal registration has been approved'])
    // The sign-in (as a button and as text), and the portal's home in the footer: nothing else.
    expect(new Set(mails[0]!.links)).toEqual(
      new Set(['http://127.0.0.1:8787/en/auth/one-id?role=investor', 'http://127.0.0.1:8787/en']),
    )

    // The victim signs in with OneID: an account of their own, as OneID knows them.
    const victimEmail = uniqueEmail('victim')
    const victim = await signInWithOneId(
      { pin: victimPin, first_name: 'Dilnoza', sur_name: 'Yusupova', email: victimEmail },
      'investor',
    )
    expect(victim.status).toBe(200)
    const profile = victim.body.content.profile
    expect(profile).toMatchObject({ email: victimEmail, is_resident: true })
    expect(profile.investor).toMatchObject({ name: 'Dilnoza', surname: 'Yusupova', pin: victimPin, company_name: '' })
    expect(JSON.stringify(profile)).not.toMatch(/Copycat|Claimant|998901112244|claim-/)
    expect(profile.investor.id).not.toBe(claimant.id)
    const victimAppeals = await call('/siw/appeal?page=0&size=10', { token: victim.body.content.token })
    expect(victimAppeals.body.content).toEqual([])
    expect((await call(`/siw/appeal/${appeal.body.content.id}`, { token: victim.body.content.token })).status).toBe(404)

    // The claimant's account is as it was: no PINFL, no session of the victim's, nothing of theirs.
    const claimantAfter = await call('/core/profile', { token: claimant.token })
    expect(claimantAfter.body.content).toEqual(claimantBefore)
    expect(claimantAfter.body.content.investor.pin).toBeNull()
    expect(await countWhere('tokens WHERE user_id = ?', claimant.id)).toBe(1)
    expect(await countWhere('users WHERE pin = ?', victimPin)).toBe(1)
  })

  it('binds a company’s TIN only from OneID: a typed TIN another person applied with never keeps its director out', async () => {
    const tin = newTin()
    const id = await legacyResidentApplication('business', {
      email: uniqueEmail('tin-claim'),
      pin: newPin(),
      tin,
      company: 'Copycat MChJ',
      phone: '998901112245',
    })
    expect((await moderate({ kind: 'registration', id, action: 'approve' })).body.content.user_id).toBeNull()
    expect(await countWhere('profiles WHERE tin = ?', tin)).toBe(0)
    const director = await signInWithOneId(
      {
        pin: newPin(),
        first_name: 'Rustam',
        sur_name: 'Aliev',
        legal_info: [{ is_basic: true, le_tin: tin, le_name: 'Samarqand Tola MChJ' }],
      },
      'businessmen',
    )
    expect(director.status).toBe(200)
    expect(director.body.content.profile.businessmen).toMatchObject({ tin, company_name: 'Samarqand Tola MChJ' })
  })
})

describe('accounts an approval made from a typed PINFL before', () => {
  it('lose it with migration 0069, so the victim’s OneID sign-in opens an account of their own and the company’s director signs in', async () => {
    // The state before the fix: approvals made resident accounts holding what their applicants typed.
    const victimPin = newPin()
    const tin = newTin()
    const at = new Date().toISOString()
    const legacy: { id: number; kind: 'investor' | 'business'; pin: string; tin: string }[] = []
    for (const [kind, pin, typedTin] of [
      ['investor', victimPin, ''],
      ['business', newPin(), tin],
    ] as const) {
      const email = uniqueEmail(`legacy-${kind}`)
      const registration = await legacyResidentApplication(kind, {
        email,
        pin,
        tin: typedTin,
        company: 'Copycat LLC',
        phone: '998901112246',
      })
      const account = await createUser({
        role: kind === 'investor' ? 'investor' : 'businessmen',
        isResident: true,
        pin,
        profile: { pin, tin: typedTin, company_name: 'Copycat LLC', name: 'Claimant' },
      })
      await env.DB.prepare("UPDATE registrations SET state = 'approved', decided_at = ?, user_id = ? WHERE id = ?")
        .bind(at, account.id, registration)
        .run()
      legacy.push({ id: account.id, kind, pin, tin: typedTin })
    }
    // A resident who signed up through OneID keeps theirs.
    const ownPin = newPin()
    expect((await signInWithOneId({ pin: ownPin, first_name: 'Own', sur_name: 'Resident' }, 'investor')).status).toBe(
      200,
    )

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0069_'))!
    for (const query of migration.queries) await env.DB.prepare(query).run()

    for (const account of legacy) {
      expect(await env.DB.prepare('SELECT pin FROM users WHERE id = ?').bind(account.id).first()).toEqual({
        pin: null,
      })
      expect(await env.DB.prepare('SELECT pin, tin FROM profiles WHERE user_id = ?').bind(account.id).first()).toEqual({
        pin: '',
        tin: '',
      })
    }
    expect(await countWhere('users WHERE pin = ?', ownPin)).toBe(1)

    const victim = await signInWithOneId({ pin: victimPin, first_name: 'Dilnoza', sur_name: 'Yusupova' }, 'investor')
    expect(victim.status).toBe(200)
    expect(victim.body.content.profile.investor.id).not.toBe(legacy[0]!.id)
    expect(victim.body.content.profile.investor).toMatchObject({ name: 'Dilnoza', company_name: '' })
    const director = await signInWithOneId(
      {
        pin: newPin(),
        first_name: 'Rustam',
        sur_name: 'Aliev',
        legal_info: [{ is_basic: true, le_tin: tin, le_name: 'Samarqand Tola MChJ' }],
      },
      'businessmen',
    )
    expect(director.status).toBe(200)
    expect(director.body.content.profile.businessmen.tin).toBe(tin)
  })
})
