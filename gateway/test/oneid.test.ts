/**
 * OneID as OneID speaks it (docs/gateway-contract.md#oneid): the authorize URL, the code exchange and the identify
 * call, against the local stand-in (`/dev/oneid`, DEV_MODE) and against a OneID stand-in at the network boundary
 * (`test/oneid-stand-in.ts`, a Node server) configured as the real one would be.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, ensureSeeded } from './helpers'
import {
  type CodeRegistration,
  exchangeOneIdCode,
  newPin as newOneIdPin,
  newTin as newOneIdTin,
  oneIdEnv,
  oneIdOrigin,
  registerOneIdCode,
} from './oneid-client'

beforeAll(ensureSeeded)
afterEach(() => vi.restoreAllMocks())

const LOCAL_CLIENT = 'invest-portal-local'
const redirectUri = (lang: string, role: string) => `${env.PORTAL_ORIGIN}/${lang}/sso?role=${role}`

/** The stand-in's sign-in page for a role and language, as `GET /core/auth` sends the browser there. */
async function authorizePath(role: 'investor' | 'businessmen', lang = 'en', state = '/en/profile') {
  const { body } = await call(`/core/auth?${new URLSearchParams({ state, role })}`, { lang })
  return body.content as string
}

/** Picks the first resident the stand-in lists for the role, and answers the portal path it returns to. */
async function pickResident(role: 'investor' | 'businessmen', lang = 'en', state = '/en/profile') {
  const page = await call(`${(await authorizePath(role, lang, state)).replace(/^\/_dev\//, '/dev/')}`)
  const pick = /<a href="([^"]+)">/.exec(await page.res.text())![1]!.replaceAll('&amp;', '&')
  const { res } = await call(pick.replace(/^\/_dev\//, '/dev/'))
  return { res, location: res.headers.get('Location') ?? '' }
}

const codeOf = (location: string) => new URL(location, 'http://x').searchParams.get('code')!

describe('GET /core/auth', () => {
  it('sends the browser to the local stand-in with OneID’s authorize parameters when no OneID is configured', async () => {
    const url = new URL(await authorizePath('businessmen', 'ru', '/ru/profile'), 'http://portal.test')
    expect(url.pathname).toBe('/_dev/oneid')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'one_code',
      client_id: LOCAL_CLIENT,
      redirect_uri: redirectUri('ru', 'businessmen'),
      scope: LOCAL_CLIENT,
      state: '/ru/profile',
    })
  })

  it('answers the configured OneID authorize URL with client id, scope, redirect and state', async () => {
    const { body } = await call('/core/auth?state=%2Fen&role=investor', {
      env: {
        ONEID_AUTHORIZE_URL: 'https://sso.egov.example/sso/oauth/Authorization.do',
        ONEID_CLIENT_ID: 'invest_portal',
      },
    })
    const url = new URL(body.content)
    expect(url.origin + url.pathname).toBe('https://sso.egov.example/sso/oauth/Authorization.do')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'one_code',
      client_id: 'invest_portal',
      redirect_uri: redirectUri('en', 'investor'),
      scope: 'invest_portal',
      state: '/en',
    })
  })

  it('answers sso_unavailable without OneID and without DEV_MODE', async () => {
    const r = await call('/core/auth?state=%2F&role=investor', { env: { DEV_MODE: '0' } })
    expect(r.status).toBe(503)
    expect(r.body.result.code).toBe('sso_unavailable')
  })

  it('rejects an unknown role', async () => {
    expect((await call('/core/auth?state=%2F&role=admin')).body.errors).toEqual(['role'])
  })
})

describe('the local OneID stand-in', () => {
  it('lists the seeded residents of the role the return address names, in its language, as links', async () => {
    const { res } = await call((await authorizePath('businessmen', 'uz', '/uz')).replace(/^\/_dev\//, '/dev/'))
    const html = await res.text()
    expect(res.headers.get('Content-Type')).toContain('text/html')
    expect(html).toContain('<html lang="uz">')
    expect(html).toContain('Dilnoza')
    expect(html).not.toContain('Sardor')
    const links = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(links.length).toBeGreaterThan(0)
    const link = new URL(links[0]!, 'http://portal.test')
    expect(link.pathname).toBe('/_dev/oneid/pick')
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      redirect_uri: redirectUri('uz', 'businessmen'),
      state: '/uz',
    })
  })

  it('refuses an authorize request of another client, for a foreign return address or of another response type', async () => {
    const query = {
      response_type: 'one_code',
      client_id: LOCAL_CLIENT,
      redirect_uri: redirectUri('en', 'investor'),
      state: '/en',
    }
    const page = (q: Record<string, string>) => call(`/dev/oneid?${new URLSearchParams(q)}`)
    expect((await page(query)).status).toBe(200)
    expect((await page({ ...query, client_id: 'someone-else' })).body.errors).toEqual(['client_id'])
    expect((await page({ ...query, redirect_uri: 'https://evil.example/en/sso' })).body.errors).toEqual([
      'redirect_uri',
    ])
    expect((await page({ ...query, response_type: 'code' })).body.errors).toEqual(['response_type'])
  })

  it('escapes the state it carries', async () => {
    const path = await authorizePath('investor', 'en', '"><script>alert(1)</script>')
    const html = await (await call(path.replace(/^\/_dev\//, '/dev/'))).res.text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('state=%22%3E%3Cscript%3E')
  })

  it('returns to the return address as a path, with a code and the state', async () => {
    const { res, location } = await pickResident('investor', 'ru', '/ru/profile/appeals')
    expect(res.status).toBe(303)
    expect(location.startsWith('/ru/sso?role=investor&')).toBe(true)
    const url = new URL(location, 'http://any-host.test')
    expect(url.searchParams.get('state')).toBe('/ru/profile/appeals')
    expect(codeOf(location)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses to pick a non-resident', async () => {
    const nonResident = await env.DB.prepare('SELECT id FROM users WHERE is_resident = 0 ORDER BY id').first<number>(
      'id',
    )
    const query = new URLSearchParams({ user_id: String(nonResident), redirect_uri: redirectUri('en', 'investor') })
    expect((await call(`/dev/oneid/pick?${query}`)).status).toBe(404)
  })

  it('answers both grants as OneID does: the code once for a token, the token for the person, with the secret only', async () => {
    const { location } = await pickResident('businessmen')
    const grant = (form: Record<string, string>) =>
      call('/dev/oneid', { method: 'POST', body: new URLSearchParams(form).toString(), headers: FORM })
    const credentials = { client_id: LOCAL_CLIENT, client_secret: String(env.ONEID_CLIENT_SECRET) }
    const exchange = {
      grant_type: 'one_authorization_code',
      code: codeOf(location),
      redirect_uri: redirectUri('en', 'businessmen'),
    }
    expect((await grant({ ...exchange, ...credentials, client_secret: 'wrong' })).status).toBe(401)
    expect((await grant({ ...exchange, ...credentials, redirect_uri: redirectUri('en', 'investor') })).status).toBe(400)
    const token = await grant({ ...exchange, ...credentials })
    expect(token.status).toBe(200)
    const accessToken = (token.body as unknown as { access_token: string }).access_token
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const replay = await grant({ ...exchange, ...credentials })
    expect(replay.status).toBe(400)
    expect((replay.body as unknown as { error: string }).error).toBe('invalid_grant')
    const person = await grant({ grant_type: 'one_access_token_identify', ...credentials, access_token: accessToken })
    expect(person.body).toMatchObject({
      valid: 'true',
      pin: '42211890310057',
      first_name: 'Dilnoza',
      legal_info: [{ is_basic: true, le_tin: expect.stringMatching(/^\d{9}$/) }],
    })
  })

  it('is not served without DEV_MODE', async () => {
    expect((await call('/dev/oneid?response_type=one_code', { env: { DEV_MODE: '0' } })).status).toBe(404)
    expect((await call('/dev/oneid/pick?user_id=1', { env: { DEV_MODE: '0' } })).status).toBe(404)
    expect(
      (await call('/dev/oneid', { method: 'POST', body: 'a=b', headers: FORM, env: { DEV_MODE: '0' } })).status,
    ).toBe(404)
  })
})

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('POST /core/auth with the local stand-in', () => {
  it('exchanges a code once for a token and the resident profile', async () => {
    const { location } = await pickResident('businessmen')
    const first = await call(`/core/auth?code=${codeOf(location)}&role=businessmen`, { method: 'POST' })
    expect(first.body.result.code).toBe('ok')
    expect(first.body.content.profile).toMatchObject({ role: 'businessmen', is_resident: true })
    expect(first.body.content.profile.businessmen.pin).toBe('42211890310057')
    expect((await call('/core/profile', { token: first.body.content.token })).status).toBe(200)
    const second = await call(`/core/auth?code=${codeOf(location)}&role=businessmen`, { method: 'POST' })
    expect(second.status).toBe(401)
    expect(second.body.result.code).toBe('user_not_found')
  })

  it('refuses a code exchanged for the other role, an unknown code and an expired code', async () => {
    const { location } = await pickResident('investor')
    const code = codeOf(location)
    // The return address named the investor role; exchanged as a businessman, it is not the address OneID issued for.
    expect((await call(`/core/auth?code=${code}&role=businessmen`, { method: 'POST' })).body.result.code).toBe(
      'user_not_found',
    )
    expect((await call('/core/auth?code=made-up&role=investor', { method: 'POST' })).body.result.code).toBe(
      'user_not_found',
    )
    const { location: later } = await pickResident('investor')
    await env.DB.prepare("UPDATE oneid_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL").run()
    expect((await call(`/core/auth?code=${codeOf(later)}&role=investor`, { method: 'POST' })).body.result.code).toBe(
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

describe('POST /core/auth with OneID at the network boundary', () => {
  const oneid = oneIdOrigin
  const configured = oneIdEnv
  const newPin = newOneIdPin
  const newTin = newOneIdTin
  const register = registerOneIdCode
  const exchange = exchangeOneIdCode
  const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {})

  it('signs a new resident in with the account OneID’s person makes, and finds the same account by PINFL next time', async () => {
    const pin = newPin()
    const person = { pin, first_name: 'Aziza', sur_name: 'Karimova', email: `aziza.${pin}@mail.example` }
    const first = await exchange(await register({ person, redirect_uri: redirectUri('ru', 'investor') }), 'investor', {
      lang: 'ru',
    })
    expect(first.status).toBe(200)
    expect(first.body.content.profile).toMatchObject({
      role: 'investor',
      is_resident: true,
      email: person.email,
      investor: { name: 'Aziza', surname: 'Karimova', pin },
    })
    expect((await call('/core/profile', { token: first.body.content.token })).status).toBe(200)
    const again = await exchange(await register({ person: { ...person, sur_name: 'Karimova-Rashidova' } }), 'investor')
    expect(again.status).toBe(200)
    const accounts = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE pin = ?').bind(pin).first<number>('n')
    expect(accounts).toBe(1)
    expect(again.body.content.profile.investor.surname).toBe('Karimova-Rashidova')
    // The gateway named itself with its secret and the very return address of the authorize URL.
    const grants = (await (await fetch(`${oneid()}/__control/log`)).json()) as {
      grant_type: string
      secret_ok: boolean
      redirect_uri: string
    }[]
    const exchanges = grants.filter((g) => g.grant_type === 'one_authorization_code')
    expect(exchanges.every((g) => g.secret_ok)).toBe(true)
    expect(exchanges.map((g) => g.redirect_uri)).toContain(redirectUri('ru', 'investor'))
  })

  it('takes a businessman’s TIN and company from OneID’s legal entities, and refuses one with no company', async () => {
    const pin = newPin()
    const tin = newTin()
    const person = {
      pin,
      first_name: 'Bobur',
      sur_name: 'Aliyev',
      legal_info: [
        { is_basic: false, le_tin: newTin(), le_name: 'Side Venture MChJ' },
        { is_basic: true, le_tin: tin, le_name: 'Bobur Agro MChJ', tin: '999999999' },
      ],
    }
    const r = await exchange(await register({ person }), 'businessmen')
    expect(r.status).toBe(200)
    expect(r.body.content.profile.businessmen).toMatchObject({ tin, company_name: 'Bobur Agro MChJ', pin })
    // No address from OneID: the account's address is a reserved one that no mail is sent to.
    expect(r.body.content.profile.email).toBe(`pinfl-${pin}@oneid.invalid`)

    const noCompany = await exchange(
      await register({ person: { pin: newPin(), first_name: 'X', sur_name: 'Y' } }),
      'businessmen',
    )
    expect(noCompany.status).toBe(403)
    expect(noCompany.body.result.code).toBe('no_legal_entity')
  })

  it('refuses the other role for a PINFL whose account has one already', async () => {
    const person = { pin: newPin(), first_name: 'Said', sur_name: 'Nazarov' }
    expect((await exchange(await register({ person }), 'investor')).status).toBe(200)
    const businessman = { ...person, legal_info: [{ is_basic: true, le_tin: newTin(), le_name: 'Nazarov Savdo MChJ' }] }
    const other = await exchange(await register({ person: businessman }), 'businessmen')
    expect(other.status).toBe(401)
    expect(other.body.result.code).toBe('user_not_found')
  })

  it.each([
    ['a replayed code', { replay: true }],
    ['an expired code', { expired: true }],
    ['a code issued to another client', { client_id: 'another-portal' }],
    ['a code issued for another return address', { redirect_uri: 'https://elsewhere.example/en/sso?role=investor' }],
  ])('refuses %s with user_not_found and creates no account', async (_name, how) => {
    quietErrors()
    const pin = newPin()
    const { replay, ...registration } = how as { replay?: boolean } & Omit<Partial<CodeRegistration>, 'person'>
    const code = await register({ person: { pin, first_name: 'A', sur_name: 'B' }, ...registration })
    if (replay) {
      expect((await exchange(code, 'investor')).status).toBe(200)
      await env.DB.prepare('DELETE FROM users WHERE pin = ?').bind(pin).run()
    }
    const r = await exchange(code, 'investor')
    expect(r.status).toBe(401)
    expect(r.body.result.code).toBe('user_not_found')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE pin = ?').bind(pin).first<number>('n')).toBe(0)
  })

  it('answers sso_unavailable when OneID’s token endpoint fails, and when it does not answer in time', async () => {
    const log = quietErrors()
    const person = { pin: newPin(), first_name: 'A', sur_name: 'B' }
    const failing = await exchange(await register({ person, token_status: 502 }), 'investor')
    expect(failing.status).toBe(503)
    expect(failing.body.result.code).toBe('sso_unavailable')
    const hanging = await register({ person, hang: true })
    const slow = await exchange(hanging, 'investor', { timeoutMs: '300' })
    expect(slow.status).toBe(503)
    expect(slow.body.result.code).toBe('sso_unavailable')
    const lines = log.mock.calls.map((args) => String(args[0]))
    expect(lines.some((l) => /"msg":"oneid exchange failed".*"reason":"unavailable"/.test(l))).toBe(true)
    // Why, never the code.
    expect(lines.some((l) => l.includes(hanging))).toBe(false)
  })

  it('refuses to ask OneID without the client secret', async () => {
    quietErrors()
    const code = await register({ person: { pin: newPin(), first_name: 'A', sur_name: 'B' } })
    const r = await call(`/core/auth?code=${code}&role=investor`, {
      method: 'POST',
      env: { ...configured(), ONEID_CLIENT_SECRET: '' },
    })
    expect(r.status).toBe(503)
  })
})
