/**
 * docs/product.md#validation validation and §8 error outcomes, decided before the first byte so the status code is
 * right.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import ru from '../../locales/ru.json'
import { href } from '../../shared/routing/match'
import { DEMO_NON_RESIDENT, fetchPortal, getPage, ORIGIN } from './helpers'

const en = { locale: 'en' } as const

/** The full-page error screen: status code, message and a link to the locale's home route. */
function expectErrorScreen(html: string, status: number, message: string) {
  expect(html).toMatch(new RegExp(`class="error-screen__code"[^>]*>${status}<`))
  expect(html).toContain(message)
  expect(html).toMatch(new RegExp(`<a [^>]*href="${href('home', en)}"`))
}

describe('numeric ids and media types (docs/product.md#validation)', () => {
  it('rejects a non-numeric post id with 404', async () => {
    const url = href('post', { ...en, params: { id: 'abc' } })
    const { status, html } = await getPage(url)
    expect(status).toBe(404)
    expectErrorScreen(html, 404, `Page Not Found: ${url}`)
  })

  it('rejects a non-numeric gallery id with 404', async () => {
    expect((await getPage(href('gallery', { ...en, params: { id: '12a' } }))).status).toBe(404)
    expect((await getPage(href('gallery', { ...en, params: { id: '-1' } }))).status).toBe(404)
  })

  it('rejects a media id outside the five content types with 404', async () => {
    for (const id of ['video', 'News', 'pr-material'])
      expect((await getPage(href('media', { ...en, params: { id } }))).status, id).toBe(404)
  })

  it('serves each of the five media types', async () => {
    for (const id of ['news', 'publication', 'pr_material', 'blog', 'gallery']) {
      expect((await getPage(href('media', { ...en, params: { id } }))).status, id).toBe(200)
    }
  })
})

describe('auth query rules (docs/product.md#validation)', () => {
  it('answers 403 Forbidden for /auth/one-id without a role', async () => {
    const { status, html } = await getPage(href('one-id', en))
    expect(status).toBe(403)
    expectErrorScreen(html, 403, 'Forbidden')
  })

  it('answers 403 for sign-in and forgot-password with the role missing or not investor|businessmen', async () => {
    for (const id of ['sign-in', 'forgot-password'] as const) {
      for (const query of [{}, { role: 'admin' }, { role: 'Investor' }, { role: '' }]) {
        const { status, html } = await getPage(href(id, { ...en, query }))
        expect(status, `${id} ${JSON.stringify(query)}`).toBe(403)
        expectErrorScreen(html, 403, 'Forbidden')
      }
    }
  })

  it('serves sign-in and forgot-password for both roles', async () => {
    for (const id of ['sign-in', 'forgot-password'] as const) {
      for (const role of ['investor', 'businessmen'])
        expect((await getPage(href(id, { ...en, query: { role } }))).status, `${id} ${role}`).toBe(200)
    }
  })

  const resetQuery = {
    time: '1767225600000',
    token: 'secret-token',
    email: DEMO_NON_RESIDENT.email,
    uuid: crypto.randomUUID(),
  }

  for (const missing of Object.keys(resetQuery)) {
    it(`answers 403 "Missing required query parameters" for reset-password without ${missing}`, async () => {
      const query = Object.fromEntries(Object.entries(resetQuery).filter(([k]) => k !== missing))
      const { status, html } = await getPage(href('reset-password', { ...en, query }))
      expect(status).toBe(403)
      expectErrorScreen(html, 403, 'Missing required query parameters')
    })
  }

  it('answers 403 "Invalid or expired reset link" when the gateway rejects the uuid', async () => {
    const { status, html } = await getPage(href('reset-password', { ...en, query: resetQuery }))
    expect(status).toBe(403)
    expectErrorScreen(html, 403, 'Invalid or expired reset link')
  })

  it('serves reset-password for a live link the gateway issued', async () => {
    const { email } = DEMO_NON_RESIDENT
    const sent = await fetchPortal('/gateway/core/auth/forgot-password', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ email, hash: '', role: 'investor' }),
    })
    expect(sent.status).toBe(200)
    // The gateway mails the link after it answers.
    const row = await vi.waitFor(async () => {
      const live = await env.GATEWAY_DB.prepare(
        'SELECT r.uuid, r.time FROM reset_links r JOIN users u ON u.id = r.user_id WHERE u.email = ? AND r.used_at IS NULL ORDER BY r.id DESC',
      )
        .bind(email)
        .first<{ uuid: string; time: string }>()
      expect(live).not.toBeNull()
      return live
    })
    const { status } = await getPage(
      href('reset-password', { ...en, query: { time: row!.time, token: 'from-the-mail', email, uuid: row!.uuid } }),
    )
    expect(status).toBe(200)
  })
})

describe('event registration (docs/product.md#validation)', () => {
  it('answers 404 for /event/register without event_id', async () => {
    expect((await getPage(href('event-register', en))).status).toBe(404)
    expect((await getPage(href('event-register', { ...en, query: { event_id: '' } }))).status).toBe(404)
  })
})

describe('not found (docs/product.md#errors)', () => {
  it('answers 404 "Page Not Found: {path}" for a path no route matches and keeps the URL', async () => {
    const url = href('page', { ...en, params: { slug: 'No_Such_Page' } })
    const { res, status, html } = await getPage(url)
    expect(status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expectErrorScreen(html, 404, `Page Not Found: ${url}`)
  })

  it('answers 404 for an unknown multi-segment path', async () => {
    const url = href('page', { ...en, params: { slug: 'no-such/section/here' } })
    const { status, html } = await getPage(url)
    expect(status).toBe(404)
    expectErrorScreen(html, 404, `Page Not Found: ${url}`)
  })

  it('answers 404 for a post the gateway does not have', async () => {
    const url = href('post', { ...en, params: { id: '999999' } })
    const { status, html } = await getPage(url)
    expect(status).toBe(404)
    expectErrorScreen(html, 404, `Page Not Found: ${url}`)
  })

  it('answers 404 for malformed percent-encoding in the path', async () => {
    const { status } = await getPage(`${href('home', en)}/%E0%A4%A`)
    expect(status).toBe(404)
  })

  it('translates the error screen into the page locale', async () => {
    const { status, html } = await getPage(href('one-id', { locale: 'ru' }))
    expect(status).toBe(403)
    expect(html).toContain('<html lang="ru"')
    expect(html).toContain(ru.errors.forbidden)
    expect(html).toMatch(new RegExp(`<a [^>]*href="${href('home', { locale: 'ru' })}"`))
  })
})
