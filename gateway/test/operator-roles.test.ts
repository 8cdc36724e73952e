/**
 * The gateway refuses each operator area to the wrong role by itself (docs/security.md#operator-surface), not only
 * behind the console's guard: every `/core/operator/*` route the gateway has, called as every role. And the rules that
 * keep an admin hold under concurrent requests: two first sign-ins make one admin, two admins removing each other at
 * the same moment leave one.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { OPERATOR_ROLES, type OperatorArea, type OperatorRole } from '../../contract/operators/values'
import { operatorRoutes } from '../src/areas/operators/routes'
import { accessAssertion, accessEnv, signInOperators } from './access-helpers'
import { call } from './helpers'

/** Who may call what: the first segment of a path below `/core/operator` and its area (null: every operator). */
const AREA_OF: Record<string, OperatorArea | null> = {
  me: null,
  overview: null,
  appeals: 'moderation',
  projects: 'moderation',
  registrations: 'moderation',
  inbox: 'moderation',
  enquiries: 'moderation',
  files: 'moderation',
  people: 'moderation',
  content: 'content',
  'site-settings': 'content',
  feedback: 'content',
  operators: 'admin',
  audit: 'admin',
  mail: 'admin',
  bin: 'admin',
}
/** Routes whose area is not their first segment's (erasing a person is the admins'). */
const AREA_OF_PATH: Record<string, OperatorArea> = { '/people/0/erase': 'admin' }
const REACHES: Record<OperatorRole, readonly OperatorArea[]> = {
  moderator: ['moderation'],
  editor: ['content'],
  admin: ['moderation', 'content', 'admin'],
}

const EMAIL: Record<OperatorRole, string> = {
  moderator: 'table-moderator@agency.example',
  editor: 'table-editor@agency.example',
  admin: 'table-admin@agency.example',
}
const tokens: Record<string, string> = {}

beforeAll(async () => {
  Object.assign(
    tokens,
    await signInOperators(
      env.DB,
      OPERATOR_ROLES.map((role) => [EMAIL[role], role] as const),
    ),
  )
})

/**
 * Every route of the operator API, as `[method, path]`, its parameters filled so that an allowed call changes nothing:
 * ids 0 (refused as invalid after the role check), an unknown file id, a kind that exists.
 */
const ROUTES = [
  ...new Map(
    operatorRoutes.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => {
        const path = r.path
          .replace(/:id\{[^}]*\}\}?/g, 'AAAAAAAAAAAAAAAA')
          .replace(/:kind/g, 'post')
          .replace(/:[a-z_]+/g, '0')
        return [`${r.method} ${path}`, [r.method, path] as const]
      }),
  ).values(),
]

describe('the operator API by role, table-driven over every route', () => {
  it('knows every route’s area, and has the routes of every area', () => {
    const segments = new Set(ROUTES.map(([, path]) => path.split('/')[1]!))
    expect([...segments].filter((s) => !(s in AREA_OF))).toEqual([])
    expect(Object.keys(AREA_OF).filter((s) => !segments.has(s))).toEqual([])
    expect(ROUTES.length).toBeGreaterThan(30)
  })

  for (const role of OPERATOR_ROLES) {
    it(`answers 403 forbidden to the ${role} outside the areas the role reaches, and lets it in within them`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const wrong: string[] = []
      for (const [method, path] of ROUTES) {
        const area = AREA_OF_PATH[path] ?? AREA_OF[path.split('/')[1]!]
        const allowed = area === null || area === undefined || REACHES[role].includes(area)
        const r = await call(`/core/operator${path}`, {
          method,
          headers: { 'Cf-Access-Jwt-Assertion': tokens[EMAIL[role]]! },
          env: accessEnv(),
        })
        const refused = r.status === 403 && r.body?.result?.code === 'forbidden'
        if (refused === allowed) wrong.push(`${method} ${path}: ${r.status}`)
      }
      expect(wrong).toEqual([])
      vi.restoreAllMocks()
    })
  }
})

describe('an admin is always kept, under concurrent requests', () => {
  const activeAdmins = async () =>
    (
      await env.DB.prepare(
        "SELECT email FROM operators WHERE role = 'admin' AND removed_at IS NULL ORDER BY email",
      ).all<{
        email: string
      }>()
    ).results.map((r) => r.email)
  const removeAdmins = () =>
    env.DB.prepare("UPDATE operators SET removed_at = ? WHERE role = 'admin' AND removed_at IS NULL")
      .bind(new Date().toISOString())
      .run()
  const asOperator = (token: string, path: string, method = 'GET', extra: Record<string, string> = {}) =>
    call(`/core/operator${path}`, {
      method,
      headers: { 'Cf-Access-Jwt-Assertion': token },
      env: { ...accessEnv(), ...extra },
    })

  it('makes one admin of two first sign-ins at the same moment, and records the one bootstrap', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await removeAdmins()
    // The same configured first admin signing in twice at once: one row, one bootstrap in the log.
    const first = 'first-at-once@agency.example'
    const token = await accessAssertion({ email: first })
    const twice = await Promise.all([0, 1].map(() => asOperator(token, '/me', 'GET', { FIRST_ADMIN_EMAIL: first })))
    expect(twice.map((r) => r.status)).toEqual([200, 200])
    expect(twice[0]!.body.content.id).toBe(twice[1]!.body.content.id)
    const bootstraps = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'operator.bootstrap' AND target_id = ?",
    )
      .bind(twice[0]!.body.content.id)
      .first<number>('n')
    expect(bootstraps).toBe(1)
    // Two requests that each name another first admin (only the database can tell them apart): one admin.
    await removeAdmins()
    const emails = ['first-one@agency.example', 'first-two@agency.example']
    const tokensOf = await Promise.all(emails.map((email) => accessAssertion({ email })))
    const answers = await Promise.all(
      emails.map((email, i) => asOperator(tokensOf[i]!, '/me', 'GET', { FIRST_ADMIN_EMAIL: email })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403])
    expect((await activeAdmins()).length).toBe(1)
    vi.restoreAllMocks()
  })

  it('leaves one admin when the last two remove each other at the same moment', async () => {
    await removeAdmins()
    const a = 'admin-a@agency.example'
    const b = 'admin-b@agency.example'
    const signed = await signInOperators(env.DB, [
      [a, 'admin'],
      [b, 'admin'],
    ])
    const idOf = async (email: string) =>
      (await env.DB.prepare('SELECT id FROM operators WHERE email = ?').bind(email).first<number>('id'))!
    const [idA, idB] = [await idOf(a), await idOf(b)]
    const answers = await Promise.all([
      asOperator(signed[a]!, `/operators/${idB}/remove`, 'POST'),
      asOperator(signed[b]!, `/operators/${idA}/remove`, 'POST'),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(answers.find((r) => r.status === 409)!.body.result.code).toBe('last_admin')
    expect((await activeAdmins()).length).toBe(1)
  })
})
