/**
 * The portal's part of a person's own account: the coarse place the edge hands the gateway at sign-in, which the list
 * of sessions shows (docs/gateway-contract.md#sessions), a signed-in visitor of a registration page taken to the
 * profile (docs/product.md#registration), the profile's correction posted without JavaScript, and the account page's
 * forms (docs/product.md#own-account): sessions, e-mail change, data export, deletion.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import ru from '../../locales/ru.json'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import {
  DEMO_NON_RESIDENT,
  decodeEntities,
  fetchPortal,
  getPage,
  ORIGIN,
  SAME_ORIGIN_JSON,
  setCookieFor,
  signInNonResident,
  signInResident,
  tokenCookie,
} from './helpers'

/** Signs the seeded non-resident in through the proxy from where Cloudflare placed the request; answers the token. */
async function signInFrom(cf: { country?: string; city?: string }): Promise<string> {
  const { email, password, role } = DEMO_NON_RESIDENT
  const res = await fetchPortal('/gateway/core/auth/login', {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: JSON.stringify({ email, password, hash: '', role }),
    cf,
  })
  expect(res.status).toBe(200)
  return setCookieFor(res, TOKEN_COOKIE)!
    .slice(TOKEN_COOKIE.length + 1)
    .split(';')[0]!
}

describe('the place of a sign-in', () => {
  it('reaches the list of sessions as the country and city the edge saw, and nothing when it saw none', async () => {
    const token = await signInFrom({ country: 'UZ', city: 'Samarqand' })
    const res = await fetchPortal('/gateway/core/account/sessions', { headers: { cookie: tokenCookie(token) } })
    expect(res.status).toBe(200)
    const sessions = ((await res.json()) as { content: { current: boolean; country: string; city: string }[] }).content
    expect(sessions.find((s) => s.current)).toMatchObject({ country: 'UZ', city: 'Samarqand' })

    const unplaced = await signInFrom({})
    const again = await fetchPortal('/gateway/core/account/sessions', { headers: { cookie: tokenCookie(unplaced) } })
    const mine = ((await again.json()) as { content: { current: boolean }[] }).content.find((s) => s.current)
    expect(mine).toMatchObject({ country: null, city: null })
  })
})

describe('a registration page', () => {
  it('takes a signed-in visitor to the profile, and shows a signed-out one the form', async () => {
    const token = await signInFrom({})
    for (const id of ['guide-register-investor', 'guide-register-business'] as const) {
      const signedIn = await getPage(href(id, { locale: 'ru' }), { cookie: tokenCookie(token) })
      expect([signedIn.status, signedIn.res.headers.get('location')]).toEqual([302, href('profile', { locale: 'ru' })])
      expect((await getPage(href(id, { locale: 'ru' }))).status).toBe(200)
    }
  })
})

describe('correcting one’s data without JavaScript', () => {
  it('names a bad phone at its field in the page’s language and changes nothing; a good one is saved and said so', async () => {
    const token = await signInFrom({})
    const post = (fields: Record<string, string>) =>
      fetchPortal(href('profile', { locale: 'ru' }), {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: tokenCookie(token) },
        body: new URLSearchParams(fields).toString(),
      })
    const profile = async () =>
      (
        (await (await fetchPortal('/gateway/core/profile', { headers: { cookie: tokenCookie(token) } })).json()) as {
          content: { investor: Record<string, string> }
        }
      ).content.investor
    const before = await profile()
    const own = Object.fromEntries(
      ['phone', 'name', 'surname', 'company_name', 'position', 'website'].map((name) => [name, before[name] ?? '']),
    )

    const bad = await post({ ...own, phone: '12-34' })
    expect(bad.status).toBe(422)
    expect(decodeEntities(await bad.text())).toContain(ru.guide.form.errors.phone)
    expect(await profile()).toEqual(before)

    // The shared demo account gets its own phone back, written as people type it.
    const saved = await post({ ...own, phone: `+${before.phone!.slice(0, 3)} ${before.phone!.slice(3)}` })
    expect([saved.status, saved.headers.get('location')]).toEqual([
      303,
      href('profile', { locale: 'ru', query: { notice: 'account.saved' } }),
    ])
    expect(await profile()).toEqual(before)
    const page = await getPage(saved.headers.get('location')!, { cookie: tokenCookie(token) })
    expect(decodeEntities(page.html)).toContain(ru.account.saved)
  })
})

/** Posts one of the account page's forms as the holder of `token`, without JavaScript. */
function postAccount(token: string, fields: Record<string, string>, locale: 'en' | 'ru' = 'en') {
  return fetchPortal(href('profile-account', { locale }), {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: tokenCookie(token) },
    body: new URLSearchParams(fields).toString(),
  })
}

type Session = { id: number; current: boolean; city: string | null }
async function sessionsOf(token: string): Promise<{ status: number; list: Session[] }> {
  const res = await fetchPortal('/gateway/core/account/sessions', { headers: { cookie: tokenCookie(token) } })
  return { status: res.status, list: res.ok ? ((await res.json()) as { content: Session[] }).content : [] }
}

describe('the account page without JavaScript', () => {
  it('lists where the person is signed in, this browser marked, and signs out another one from there', async () => {
    const other = await signInFrom({ country: 'UZ', city: 'Buxoro' })
    const token = await signInFrom({ country: 'DE', city: 'Berlin' })
    const page = await getPage(href('profile-account', { locale: 'ru' }), { cookie: tokenCookie(token) })
    expect(page.status).toBe(200)
    const html = decodeEntities(page.html)
    expect(html).toContain(ru.account.sessions.current)
    expect(html).toContain('Buxoro, Узбекистан')
    expect(html).toContain('Berlin, Германия')

    const otherId = (await sessionsOf(other)).list.find((s) => s.current)!.id
    const ended = await postAccount(token, { intent: 'end-session', id: String(otherId) }, 'ru')
    expect([ended.status, ended.headers.get('location')]).toEqual([
      303,
      href('profile-account', { locale: 'ru', query: { notice: 'account.sessions.ended' } }),
    ])
    expect((await sessionsOf(other)).status).toBe(401)
    expect((await sessionsOf(token)).status).toBe(200)
    const after = await getPage(ended.headers.get('location')!, { cookie: tokenCookie(token) })
    expect(decodeEntities(after.html)).toContain(ru.account.sessions.ended)
  })

  it('refuses to end a session that is not the person’s, and it lives on', async () => {
    const token = await signInFrom({})
    const refused = await postAccount(token, { intent: 'end-session', id: '999999' }, 'ru')
    expect(refused.status).toBe(400)
    expect(decodeEntities(await refused.text())).toContain(ru.messages.error.not_found)
    expect((await sessionsOf(token)).status).toBe(200)
  })

  it('signs out everywhere else, keeping this browser', async () => {
    const others = [await signInFrom({}), await signInFrom({})]
    const token = await signInFrom({})
    const res = await postAccount(token, { intent: 'end-others' })
    expect(res.status).toBe(303)
    for (const other of others) expect((await sessionsOf(other)).status).toBe(401)
    expect((await sessionsOf(token)).list.map((s) => s.current)).toEqual([true])
  })

  it('names a malformed new address at its field, in the page’s language', async () => {
    const token = await signInFrom({})
    const res = await postAccount(token, { intent: 'email', email: 'not-an-address' }, 'ru')
    expect(res.status).toBe(422)
    expect(decodeEntities(await res.text())).toContain(ru.forms.errors.email)
  })

  it('asks for the data export and then offers the file, to its person only', async () => {
    const token = await signInFrom({})
    const res = await postAccount(token, { intent: 'export' })
    expect(res.status).toBe(303)
    const page = decodeEntities((await getPage(res.headers.get('location')!, { cookie: tokenCookie(token) })).html)
    expect(page).toContain('href="/gateway/core/account/export/file"')
    const file = await fetchPortal('/gateway/core/account/export/file', { headers: { cookie: tokenCookie(token) } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(JSON.parse(await file.text())).toMatchObject({ account: { email: DEMO_NON_RESIDENT.email } })
    expect((await fetchPortal('/gateway/core/account/export/file')).status).not.toBe(200)
  })
})

describe('withdrawing a project proposal without JavaScript', () => {
  it('deletes one in moderation and says so; an approved one is refused and stays', async () => {
    const token = await signInFrom({})
    const auth = { ...SAME_ORIGIN_JSON, cookie: tokenCookie(token) }
    const created = await fetchPortal('/gateway/siw/personal/project', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: { en: 'Cold storage for a fruit cluster', ru: '', uz: '' },
        content: { en: '<p>A 5,000-tonne store near Namangan.</p>' },
        category_id: 1,
        sector_id: 1,
        region_id: 1703,
        budget: 2_400_000,
      }),
    })
    expect(created.status, await created.clone().text()).toBe(200)
    const { id } = ((await created.json()) as { content: { id: number } }).content
    const list = async () =>
      (
        (await (await fetchPortal('/gateway/siw/personal/project?page=0&size=50', { headers: auth })).json()) as {
          content: { id: number; state: string }[]
        }
      ).content
    const approved = (await list()).find((p) => p.state === 'approved')!
    const withdraw = (project: number) =>
      fetchPortal(href('profile-my-projects', { locale: 'ru' }), {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: tokenCookie(token) },
        body: new URLSearchParams({ intent: 'withdraw', id: String(project) }).toString(),
      })

    const done = await withdraw(id)
    expect([done.status, done.headers.get('location')]).toEqual([
      303,
      href('profile-my-projects', { locale: 'ru', query: { notice: 'notices.projectWithdrawn' } }),
    ])
    expect((await list()).map((p) => p.id)).not.toContain(id)

    const refused = await withdraw(approved.id)
    expect(refused.status).toBe(409)
    expect(decodeEntities(await refused.text())).toContain(ru.messages.error.invalid_state)
    expect((await list()).map((p) => p.id)).toContain(approved.id)
  })
})

describe('changing the e-mail address and deleting the account, without JavaScript', () => {
  type Outbox = { content: { id: number; kind?: string; links: string[] }[] }
  const outboxOf = async (email: string) =>
    (await (
      await env.GATEWAY.fetch(`http://gateway.internal/dev/outbox?email=${encodeURIComponent(email)}`)
    ).json()) as Outbox

  it('refuses a wrong password at its field and keeps the account', async () => {
    const token = await signInNonResident()
    const res = await postAccount(token, { intent: 'delete', password: 'not-the-password', confirm: 'yes' }, 'ru')
    expect(res.status).toBe(422)
    expect(decodeEntities(await res.text())).toContain(ru.forms.errors.wrongPassword)
    expect((await sessionsOf(token)).status).toBe(200)
  })

  it('mails a link to the new address; the page it opens asks first, then changes it once', async () => {
    const token = await signInFrom({})
    const next = `lukas.brenner.${Date.now().toString(36)}@example.com`
    const asked = await postAccount(token, { intent: 'email', email: next }, 'ru')
    expect([asked.status, asked.headers.get('location')]).toEqual([
      303,
      href('profile-account', { locale: 'ru', query: { notice: 'account.email.sent' } }),
    ])
    const link = await vi.waitFor(async () => {
      const found = (await outboxOf(next)).content.flatMap((m) => m.links).find((l) => l.includes('/confirm-email'))
      expect(found).toBeTruthy()
      return new URL(found!)
    })
    const path = link.pathname + link.search
    const ask = await getPage(path)
    expect(ask.status).toBe(200)
    expect(decodeEntities(ask.html)).toContain(ru.account.confirmEmail.confirm)

    const confirm = () =>
      fetchPortal(path, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.fromEntries(link.searchParams)).toString(),
      })
    const done = await confirm()
    expect([done.status, done.headers.get('location')]).toEqual([
      303,
      href('confirm-email', { locale: 'ru', query: { done: '1' } }),
    ])
    const profile = await fetchPortal('/gateway/core/profile', { headers: { cookie: tokenCookie(token) } })
    expect(((await profile.json()) as { content: { email: string } }).content.email).toBe(next)
    expect(decodeEntities((await getPage(done.headers.get('location')!)).html)).toContain(ru.account.confirmEmail.done)

    // Used once: the same link again is refused, in the page's language.
    const again = await confirm()
    expect(again.status).toBe(303)
    expect(decodeEntities((await getPage(again.headers.get('location')!)).html)).toContain(
      ru.account.confirmEmail.invalid,
    )
  })

  it('deletes a resident’s account once the box is ticked: this browser is signed out and every session ends', async () => {
    const token = await signInResident()
    const unticked = await postAccount(token, { intent: 'delete' }, 'ru')
    expect(unticked.status).toBe(422)
    expect(decodeEntities(await unticked.text())).toContain(ru.forms.errors.required)
    expect((await sessionsOf(token)).status).toBe(200)

    const res = await postAccount(token, { intent: 'delete', confirm: 'yes' }, 'ru')
    expect([res.status, res.headers.get('location')]).toEqual([
      303,
      href('home', { locale: 'ru', query: { notice: 'notices.accountDeleted' } }),
    ])
    expect(setCookieFor(res, TOKEN_COOKIE)).toMatch(/^token=;.*Max-Age=0/i)
    expect((await sessionsOf(token)).status).toBe(401)
  })
})
