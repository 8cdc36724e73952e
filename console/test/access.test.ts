/**
 * Who gets into the console (docs/security.md#operator-surface): it verifies Cloudflare Access's token itself, then
 * asks the gateway which operator the e-mail is. Every failure is a 403 page that shows nothing of the console; the
 * reason is logged only.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureOperators, OPERATORS, open, sign, tokenOf } from './helpers'

const now = () => Math.floor(Date.now() / 1000)

beforeAll(ensureOperators)
afterEach(() => vi.restoreAllMocks())

describe('the console behind Access', () => {
  it('lets an operator with a valid Access token in, and says who they are', async () => {
    const page = await open('/en', { token: await tokenOf('moderator') })
    expect(page.status).toBe(200)
    expect(page.html).toContain('Demo moderator</strong> · Moderator')
    expect(page.headers.get('cache-control')).toBe('no-store')
  })

  it.each([
    ['no token', 'missing', async () => null],
    ['a token that is not a JWT', 'malformed', async () => 'not.a-jwt'],
    [
      'a token signed with a key the issuer does not publish',
      'bad_signature',
      () => sign({ email: OPERATORS.admin }, { key: 'rogue' }),
    ],
    [
      'an expired token',
      'expired',
      () => sign({ email: OPERATORS.admin, iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }),
    ],
    [
      'a token not valid yet',
      'not_yet_valid',
      () => sign({ email: OPERATORS.admin, iat: now() + 3600, nbf: now() + 3600, exp: now() + 7200 }),
    ],
    [
      'a token for another Access application (audience)',
      'wrong_audience',
      () => sign({ email: OPERATORS.admin, aud: ['another-app-aud'] }),
    ],
    [
      'a token from another team (issuer)',
      'wrong_issuer',
      () => sign({ email: OPERATORS.admin, iss: 'https://other-team.cloudflareaccess.com' }),
    ],
  ])('refuses %s with a 403 page that shows nothing of the console', async (_, reason, make) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const path of ['/en', '/en/appeals', '/en/operators']) {
      const page = await open(path, { token: await make() })
      expect(page.status).toBe(403)
      expect(page.html).toContain('<h1>Access denied</h1>')
      expect(page.html).not.toContain('console-nav')
    }
    const reasons = warn.mock.calls.map(([line]) => JSON.parse(String(line)).reason)
    expect(reasons).toEqual([reason, reason, reason])
  })

  it('refuses a valid token of an e-mail that is no operator, naming the e-mail so the person can ask an admin', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const page = await open('/ru/appeals', { token: await sign({ email: 'visitor@elsewhere.test' }) })
    expect(page.status).toBe(403)
    expect(page.html).toContain('Вы не оператор')
    expect(page.html).toContain('visitor@elsewhere.test')
    expect(page.html).not.toContain('console-nav')
  })

  it('refuses a service token, which names no e-mail, and a removed operator', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await open('/en', { token: await sign({ common_name: 'ci.access' }) })).status).toBe(403)
    const removed = await sign({ email: 'removed@console.test' })
    const { env } = await import('cloudflare:workers')
    await env.GATEWAY_DB.prepare(
      "INSERT OR IGNORE INTO operators (email, role, created_at, removed_at) VALUES ('removed@console.test', 'admin', ?, ?)",
    )
      .bind(new Date().toISOString(), new Date().toISOString())
      .run()
    expect((await open('/en', { token: removed })).status).toBe(403)
  })

  it('answers 503 to everyone while Access is not configured, a valid token included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const page = await open('/en', { token: await tokenOf('admin'), env: { ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '' } })
    expect(page.status).toBe(503)
    expect(page.html).toContain('The console is not set up')
  })
})
