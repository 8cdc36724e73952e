/**
 * Reset links at the edge against the reference gateway: a newer link supersedes the older one, an expired one is
 * refused.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { href } from '../../shared/routing/match'
import { decodeEntities, fetchPortal, ORIGIN } from './helpers'

const EMAIL = 'investor@demo.invest.example'

type Outbox = { content: { id: number; links: string[] }[] }
const readOutbox = async () =>
  (await (
    await env.GATEWAY.fetch(`http://gateway.internal/dev/outbox?email=${encodeURIComponent(EMAIL)}`)
  ).json()) as Outbox

/**
 * Asks for a reset link through the page action (no JavaScript) and returns the path of the mailed link. The gateway
 * mails after it answers (the same answer time for every address), so the test waits for the new message.
 */
async function requestLink(): Promise<string> {
  const before = (await readOutbox()).content[0]?.id ?? 0
  const res = await fetchPortal(href('forgot-password', { locale: 'en', query: { role: 'investor' } }), {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': '10.1.2.3' },
    body: new URLSearchParams({ email: EMAIL }).toString(),
  })
  expect(res.status).toBe(303)
  expect(res.headers.get('location')).toBe('/en/auth/forgot-password?role=investor&sent=1')
  const message = await vi.waitFor(async () => {
    const newest = (await readOutbox()).content[0]
    expect(newest?.id).toBeGreaterThan(before)
    return newest!
  })
  const link = message.links.find((l) => l.includes('/auth/reset-password'))!
  const url = new URL(link)
  return url.pathname + url.search
}

describe('reset links', () => {
  it('a newer link supersedes the older one, and an expired link is refused with 403', async () => {
    const older = await requestLink()
    const newer = await requestLink()
    expect(newer).not.toBe(older)

    const refused = await fetchPortal(older)
    expect(refused.status).toBe(403)
    expect(decodeEntities(await refused.text())).toContain('Invalid or expired reset link')
    const valid = await fetchPortal(newer)
    expect(valid.status).toBe(200)
    expect(valid.headers.get('referrer-policy')).toBe('no-referrer')

    // An hour later (the link's lifetime), the same link is refused.
    const uuid = new URL(newer, ORIGIN).searchParams.get('uuid')!
    await env.GATEWAY_DB.prepare('UPDATE reset_links SET expires_at = ? WHERE uuid = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), uuid)
      .run()
    expect((await fetchPortal(newer)).status).toBe(403)
  })
})
