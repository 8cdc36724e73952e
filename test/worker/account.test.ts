/**
 * The portal's part of a person's own account: the coarse place the edge hands the gateway at sign-in, which the list
 * of sessions shows (docs/gateway-contract.md#sessions), and a signed-in visitor of a registration page taken to the
 * profile (docs/product.md#registration).
 */
import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { DEMO_NON_RESIDENT, fetchPortal, getPage, SAME_ORIGIN_JSON, setCookieFor, tokenCookie } from './helpers'

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
