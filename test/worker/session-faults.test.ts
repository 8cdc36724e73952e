/**
 * Sessions that survive the upstream (docs/product.md#session): with a real misbehaving upstream, only the gateway
 * rejecting the token ends a session; a 5xx or a hang keeps the cookie, public pages render with a retry in the header,
 * and personal pages answer a translated 503.
 */
import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { BOUND_MS, callWithUpstream, type FaultMode, faultUpstream, MARGIN_MS, setScenario } from './fault-helpers'
import { decodeEntities, MESSAGES, readState, tokenCookie } from './helpers'

const cookie = tokenCookie('a-session-the-upstream-cannot-check')

/** The Set-Cookie line for the token, if the response has one. */
function tokenSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${TOKEN_COOKIE}=`))
}

async function upstreamIn(mode: FaultMode): Promise<string> {
  const name = `session-${mode}`
  await setScenario(name, { mode })
  return `${faultUpstream.origin}/${name}`
}

describe.each(['status-500', 'status-503', 'hang'] as const)('an upstream answering %s to the profile call', (mode) => {
  /** A hanging upstream meets the edge's small bound; the others answer by themselves. */
  const bound = mode === 'hang' ? BOUND_MS : undefined
  it('keeps the cookie on a public page, which renders with the account retry in place of "Sign in"', async () => {
    const upstream = await upstreamIn(mode)
    for (const locale of ['en', 'ru'] as const) {
      const page = await callWithUpstream(
        upstream,
        href('success-registration', { locale }),
        { headers: { cookie } },
        bound,
      )
      expect(page.status).toBe(200)
      expect(tokenSetCookie(page.headers)).toBeUndefined()
      const html = decodeEntities(page.body)
      expect(readState(page.body).session).toMatchObject({ hasToken: true, profile: null, unavailable: true })
      expect(html).toContain(MESSAGES[locale].session.unavailableLabel)
      expect(html).not.toContain(`>${MESSAGES[locale].nav.signIn}<`)
      expect(page.elapsedMs).toBeLessThan(BOUND_MS * 2 + MARGIN_MS)
    }
  })

  it('answers a personal page with the translated 503 and a retry, keeping the cookie', async () => {
    const upstream = await upstreamIn(mode)
    for (const locale of ['en', 'ru'] as const) {
      const page = await callWithUpstream(upstream, href('profile-appeals', { locale }), { headers: { cookie } }, bound)
      expect(page.status).toBe(503)
      expect(tokenSetCookie(page.headers)).toBeUndefined()
      const html = decodeEntities(page.body)
      expect(html).toContain(MESSAGES[locale].errors.session_unavailable)
      expect(html).toContain(MESSAGES[locale].errors.retry)
    }
  })
})

describe('an upstream refusing the token (401)', () => {
  it('clears the cookie and sends the visitor home', async () => {
    const upstream = await upstreamIn('status-401')
    for (const locale of ['en', 'ru'] as const) {
      const page = await callWithUpstream(upstream, href('profile', { locale }), { headers: { cookie } })
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(href('home', { locale }))
      expect(tokenSetCookie(page.headers)).toMatch(/^token=;.*Max-Age=0/i)
    }
  })
})

describe('a protected page without a session', () => {
  it('keeps its 403 and offers sign-in for both roles, each coming back to the page', async () => {
    const upstream = await upstreamIn('ok')
    const path = href('profile-appeals', { locale: 'ru' })
    const page = await callWithUpstream(upstream, path)
    expect(page.status).toBe(403)
    const html = decodeEntities(page.body)
    expect(html).toContain(MESSAGES.ru.session.signInAs)
    for (const role of ['investor', 'businessmen']) {
      expect(html).toContain(`href="${href('sign-in', { locale: 'ru', query: { role, return: path } })}"`)
      expect(html).toContain(`href="${href('one-id', { locale: 'ru', query: { role, state: path } })}"`)
    }
  })
})
