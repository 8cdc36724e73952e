/**
 * The portal's part of a person's own account: the coarse place the edge hands the gateway at sign-in, which the list
 * of sessions shows (docs/gateway-contract.md#sessions), a signed-in visitor of a registration page taken to the
 * profile (docs/product.md#registration), and the profile's correction posted without JavaScript.
 */
import { describe, expect, it } from 'vitest'
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
