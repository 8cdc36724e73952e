import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, ensureSeeded } from './helpers'

beforeAll(ensureSeeded)

/** Picks a resident on the stand-in page and returns the portal path it redirects to. */
async function pickResident(role: 'investor' | 'businessmen', lang = 'en', state = '/en/profile') {
  const userId = await env.DB.prepare('SELECT id FROM users WHERE is_resident = 1 AND role = ? ORDER BY id LIMIT 1')
    .bind(role)
    .first<number>('id')
  const query = new URLSearchParams({ user_id: String(userId), state, role, lang })
  const { res } = await call(`/dev/oneid/pick?${query}`)
  return { res, location: res.headers.get('Location') ?? '' }
}

describe('GET /core/auth', () => {
  it('points to the local stand-in page under the portal’s dev route when no SSO is configured', async () => {
    const { body } = await call('/core/auth?state=%2Fru%2Fprofile&role=businessmen', { lang: 'ru' })
    const url = new URL(body.content, 'http://portal.test')
    expect(url.pathname).toBe('/_dev/oneid')
    expect(Object.fromEntries(url.searchParams)).toEqual({ state: '/ru/profile', role: 'businessmen', lang: 'ru' })
  })

  it('answers the configured OneID authorize URL with client id, redirect and state', async () => {
    const { body } = await call('/core/auth?state=%2Fen&role=investor', {
      env: {
        ONEID_AUTHORIZE_URL: 'https://sso.egov.example/sso/oauth/Authorization.do',
        ONEID_CLIENT_ID: 'invest_portal',
      },
    })
    const url = new URL(body.content)
    expect(url.origin + url.pathname).toBe('https://sso.egov.example/sso/oauth/Authorization.do')
    expect(url.searchParams.get('client_id')).toBe('invest_portal')
    expect(url.searchParams.get('state')).toBe('/en')
    expect(url.searchParams.get('redirect_uri')).toBe(`${env.PORTAL_ORIGIN}/en/sso?role=investor`)
  })

  it('answers sso_unavailable without SSO and without DEV_MODE', async () => {
    const r = await call('/core/auth?state=%2F&role=investor', { env: { DEV_MODE: '0' } })
    expect(r.status).toBe(503)
    expect(r.body.result.code).toBe('sso_unavailable')
  })

  it('rejects an unknown role', async () => {
    expect((await call('/core/auth?state=%2F&role=admin')).body.errors).toEqual(['role'])
  })
})

describe('the OneID stand-in page', () => {
  it('lists the seeded residents of the role as links in the page language', async () => {
    const { res } = await call('/dev/oneid?state=%2Fuz&role=businessmen&lang=uz')
    const html = await res.text()
    expect(res.headers.get('Content-Type')).toContain('text/html')
    expect(html).toContain('<html lang="uz">')
    expect(html).toContain('Dilnoza')
    expect(html).not.toContain('Sardor')
    const links = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(links).toHaveLength(1)
    const link = new URL(links[0]!, 'http://portal.test')
    expect(link.pathname).toBe('/_dev/oneid/pick')
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ state: '/uz', role: 'businessmen', lang: 'uz' })
  })

  it('escapes the state it carries', async () => {
    const { res } = await call('/dev/oneid?state=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&role=investor')
    const html = await res.text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('state=%22%3E%3Cscript%3E')
  })

  it('redirects to the portal /sso path with a code, the state and the role', async () => {
    const { res, location } = await pickResident('investor', 'ru', '/ru/profile/appeals')
    expect(res.status).toBe(303)
    const url = new URL(location, 'http://any-host.test')
    expect(location.startsWith('/ru/sso?')).toBe(true)
    expect(url.searchParams.get('state')).toBe('/ru/profile/appeals')
    expect(url.searchParams.get('role')).toBe('investor')
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses to pick a non-resident or an identity of another role', async () => {
    const ids = await env.DB.prepare('SELECT id, is_resident, role FROM users ORDER BY id').all<{
      id: number
      is_resident: number
      role: string
    }>()
    const nonResident = ids.results.find((u) => u.is_resident === 0)!
    const resident = ids.results.find((u) => u.is_resident === 1 && u.role === 'investor')!
    expect((await call(`/dev/oneid/pick?user_id=${nonResident.id}&role=${nonResident.role}`)).status).toBe(404)
    expect((await call(`/dev/oneid/pick?user_id=${resident.id}&role=businessmen`)).status).toBe(404)
  })

  it('is not served without DEV_MODE', async () => {
    expect((await call('/dev/oneid?role=investor', { env: { DEV_MODE: '0' } })).status).toBe(404)
    expect((await call('/dev/oneid/pick?user_id=1&role=investor', { env: { DEV_MODE: '0' } })).status).toBe(404)
  })
})

describe('POST /core/auth (code exchange)', () => {
  it('exchanges a code once for a token and the resident profile', async () => {
    const { location } = await pickResident('businessmen')
    const code = new URL(location, 'http://x').searchParams.get('code')!
    const first = await call(`/core/auth?code=${code}&role=businessmen`, { method: 'POST' })
    expect(first.body.result.code).toBe('ok')
    expect(first.body.content.profile).toMatchObject({ role: 'businessmen', is_resident: true })
    expect(first.body.content.profile.businessmen.pin).toBe('42211890310057')
    expect((await call('/core/profile', { token: first.body.content.token })).status).toBe(200)
    const second = await call(`/core/auth?code=${code}&role=businessmen`, { method: 'POST' })
    expect(second.status).toBe(401)
    expect(second.body.result.code).toBe('user_not_found')
  })

  it('refuses a code for another role, an unknown code and an expired code', async () => {
    const { location } = await pickResident('investor')
    const code = new URL(location, 'http://x').searchParams.get('code')!
    expect((await call(`/core/auth?code=${code}&role=businessmen`, { method: 'POST' })).body.result.code).toBe(
      'user_not_found',
    )
    expect((await call('/core/auth?code=made-up&role=investor', { method: 'POST' })).body.result.code).toBe(
      'user_not_found',
    )
    await env.DB.prepare("UPDATE oneid_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL").run()
    expect((await call(`/core/auth?code=${code}&role=investor`, { method: 'POST' })).body.result.code).toBe(
      'user_not_found',
    )
  })

  it('gives codes a 5-minute lifetime', async () => {
    await pickResident('investor')
    const row = await env.DB.prepare(
      'SELECT created_at, expires_at FROM oneid_codes ORDER BY created_at DESC LIMIT 1',
    ).first<{ created_at: string; expires_at: string }>()
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(5 * 60_000)
  })

  it('names missing query fields', async () => {
    const r = await call('/core/auth', { method: 'POST' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(expect.arrayContaining(['code', 'role']))
  })
})
