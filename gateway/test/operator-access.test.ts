/**
 * The operators' API behind Cloudflare Access (docs/security.md#operator-surface): the gateway verifies Access's
 * application token itself (signature against the issuer's published keys, issuer, audience, validity) and takes only
 * an active operator's e-mail, against a stand-in issuer at the network boundary.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACCESS_AUD, accessAssertion, accessEnv } from './access-helpers'
import { call, uniqueEmail } from './helpers'

const LIST = '/core/operator/registrations'
const MODERATOR = 'moderator@agency.example'

function callOperator(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  extraEnv: Record<string, string> = {},
) {
  return call(path, { method, headers, env: { ...accessEnv(), ...extraEnv } })
}

const now = () => Math.floor(Date.now() / 1000)

/** A pending registration application, sent through the public form as an investor abroad would. */
async function pendingApplication(): Promise<number> {
  const body = {
    company_name: 'Baltic Timber Partners OÜ',
    website: 'baltic-timber.example',
    email: uniqueEmail('access'),
    phone: '+372 5123 4567',
    position: 'Director',
    name: 'Kadri',
    surname: 'Tamm',
    country_id: 156,
    source: 'linkedin',
    source_variant: '',
    comments: '',
    is_resident: false,
    hash: '',
  }
  const r = await call('/siw/public/investor-registration', { body })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  const row = await env.DB.prepare("SELECT id FROM registrations WHERE kind = 'investor' AND application_id = ?")
    .bind(r.body.content.id)
    .first<{ id: number }>()
  return row!.id
}

const stateOf = async (id: number) =>
  (await env.DB.prepare('SELECT state FROM registrations WHERE id = ?').bind(id).first<{ state: string }>())!.state

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the operator API behind Access', () => {
  let valid = ''
  beforeAll(async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO operators (email, name, role, created_at) VALUES (?, 'Test moderator', 'moderator', ?)",
    )
      .bind(MODERATOR, new Date().toISOString())
      .run()
    valid = await accessAssertion({ email: MODERATOR })
  })

  it('lets a valid Access token of an active operator through', async () => {
    const r = await callOperator(LIST, { 'Cf-Access-Jwt-Assertion': valid })
    expect(r.status).toBe(200)
    expect(Array.isArray(r.body.content.items)).toBe(true)
  })

  it.each([
    ['no token', 'missing', async () => null],
    ['a token that is not a JWT', 'malformed', async () => 'not.a-jwt'],
    [
      'a token signed with a key the issuer does not publish',
      'bad_signature',
      () => accessAssertion({ email: MODERATOR }, { key: 'rogue' }),
    ],
    [
      'an expired token',
      'expired',
      () => accessAssertion({ email: MODERATOR, iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }),
    ],
    [
      'a token not valid yet',
      'not_yet_valid',
      () => accessAssertion({ email: MODERATOR, iat: now() + 3600, nbf: now() + 3600, exp: now() + 7200 }),
    ],
    [
      'a token for another application (audience)',
      'wrong_audience',
      () => accessAssertion({ email: MODERATOR, aud: ['another-app-aud'] }),
    ],
    [
      'a token from another issuer',
      'wrong_issuer',
      () => accessAssertion({ email: MODERATOR, iss: 'https://other-team.cloudflareaccess.com' }),
    ],
    [
      'a valid token of an e-mail that is no operator',
      'not_an_operator',
      () => accessAssertion({ email: 'visitor@agency.example' }),
    ],
    ['a valid service token, which names no e-mail', 'no_email', () => accessAssertion({ common_name: 'ci.access' })],
  ])('refuses %s with 403, and decides nothing', async (_, reason, make) => {
    const assertion = await make()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const id = await pendingApplication()
    const headers: Record<string, string> = {}
    if (assertion) headers['Cf-Access-Jwt-Assertion'] = assertion
    const decided = await callOperator(`${LIST}/${id}/approve`, headers, 'POST')
    expect(decided.status).toBe(403)
    expect(decided.body.result.code).toBe('forbidden')
    expect(await stateOf(id)).toBe('pending')
    expect((await callOperator(LIST, headers)).status).toBe(403)
    // The log says why, so an operator locked out can be helped; the caller learns nothing.
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)).reason)).toEqual([reason, reason])
  })

  it('makes the configured first admin an admin at the first sign-in while none exists, and nobody once one does', async () => {
    const first = 'first.admin@agency.example'
    const token = await accessAssertion({ email: first })
    const me = await callOperator('/core/operator/me', { 'Cf-Access-Jwt-Assertion': token }, 'GET', {
      FIRST_ADMIN_EMAIL: first,
    })
    expect(me.status).toBe(200)
    expect(me.body.content).toMatchObject({ email: first, role: 'admin', areas: ['moderation', 'content', 'admin'] })
    const again = await callOperator('/core/operator/me', { 'Cf-Access-Jwt-Assertion': token }, 'GET', {
      FIRST_ADMIN_EMAIL: first,
    })
    expect(again.body.content.id).toBe(me.body.content.id)
    const bootstraps = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'operator.bootstrap' AND target_id = ?",
    )
      .bind(me.body.content.id)
      .first<{ n: number }>()
    expect(bootstraps!.n).toBe(1)

    // With an admin in the table, the setting grants nothing.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const later = 'later.admin@agency.example'
    const refused = await callOperator(
      '/core/operator/me',
      { 'Cf-Access-Jwt-Assertion': await accessAssertion({ email: later }) },
      'GET',
      { FIRST_ADMIN_EMAIL: later },
    )
    expect(refused.status).toBe(403)
  })

  it('answers 404 on a gateway without Access settings, whatever the caller sends', async () => {
    const r = await callOperator(LIST, { 'Cf-Access-Jwt-Assertion': valid }, 'GET', {
      ACCESS_TEAM_DOMAIN: '',
      ACCESS_AUD: '',
    })
    expect(r.status).toBe(404)
  })

  it('checks the audience it is configured with, not one the token names', async () => {
    const r = await callOperator(LIST, { 'Cf-Access-Jwt-Assertion': valid }, 'GET', {
      ACCESS_AUD: `${ACCESS_AUD}-other`,
    })
    expect(r.status).toBe(403)
  })
})
