/**
 * RFC 8058 one-click unsubscribe at the edge (docs/security.md#one-click-unsubscribe): a mail client's POST to the
 * address in `List-Unsubscribe` carries no Origin and no cookies, and is authorised by its signed token alone; a GET
 * never unsubscribes; every other write still needs the same origin.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { fetchPortal, ORIGIN } from './helpers'

type Mail = { kind: string; headers: Record<string, string> }

let sequence = 0
const uniqueAddress = () => `unsubscribe-${Date.now()}-${++sequence}@test.example`

const outbox = async (email: string): Promise<Mail[]> =>
  (
    (await (
      await env.GATEWAY.fetch(`http://gateway.internal/dev/outbox?email=${encodeURIComponent(email)}`)
    ).json()) as { content: Mail[] }
  ).content

/** Sends a contact request from `email` straight to the gateway, as the portal's action does. */
async function contact(email: string): Promise<void> {
  const res = await env.GATEWAY.fetch('http://gateway.internal/siw/public/contact-us', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'cf-connecting-ip': `10.9.${sequence}.1` },
    body: JSON.stringify({
      name: 'Aziz',
      last_name: 'Karimov',
      email,
      phone: '998901234567',
      website: '',
      country: 'Uzbekistan',
      designation: '',
      message: 'Please call me about a textile project.',
      purpose: 'other',
      company_name: '',
      hash: '',
    }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** The path and query of the receipt's `List-Unsubscribe` address. */
async function unsubscribeAddress(email: string): Promise<string> {
  await contact(email)
  const [receipt] = await outbox(email)
  const header = receipt?.headers['List-Unsubscribe'] ?? ''
  expect(receipt?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  const url = new URL(/^<(.+)>$/.exec(header)![1]!)
  expect(url.pathname).toBe('/_app/unsubscribe')
  return url.pathname + url.search
}

/** A mail client's one-click POST: a form body, no Origin, no cookie. */
const oneClick = (path: string, body = 'List-Unsubscribe=One-Click') =>
  fetchPortal(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })

describe('one-click unsubscribe', () => {
  it('turns the topic off for a POST without Origin or cookie that carries a valid token', async () => {
    const email = uniqueAddress()
    const res = await oneClick(await unsubscribeAddress(email))
    expect(res.status).toBe(200)
    await contact(email)
    expect((await outbox(email)).map((m) => m.kind)).toEqual(['contact-receipt'])
  })

  it('refuses a forged token and a body that is no one-click request, and changes nothing', async () => {
    const email = uniqueAddress()
    const path = await unsubscribeAddress(email)
    const url = new URL(path, ORIGIN)
    const token = url.searchParams.get('token')!
    url.searchParams.set('token', `${token.slice(0, -4)}AAAA`)
    expect((await oneClick(url.pathname + url.search)).status).toBe(400)
    expect((await oneClick(path, 'List-Unsubscribe=Yes')).status).toBe(400)
    await contact(email)
    expect(await outbox(email)).toHaveLength(2)
  })

  it('answers a GET with the page that asks, and never unsubscribes on it', async () => {
    const email = uniqueAddress()
    const path = await unsubscribeAddress(email)
    const res = await fetchPortal(path)
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!, ORIGIN)
    expect(location.pathname).toBe('/en/unsubscribe')
    expect(location.searchParams.get('token')).toBe(new URL(path, ORIGIN).searchParams.get('token'))
    const page = await fetchPortal(location.pathname + location.search)
    expect(page.status).toBe(200)
    await contact(email)
    expect(await outbox(email)).toHaveLength(2)
  })

  it('keeps the same-origin check on the unsubscribe page’s own form', async () => {
    const email = uniqueAddress()
    const token = new URL(await unsubscribeAddress(email), ORIGIN).searchParams.get('token')!
    const res = await fetchPortal('/en/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
    expect(res.status).toBe(403)
    await contact(email)
    expect(await outbox(email)).toHaveLength(2)
  })
})
