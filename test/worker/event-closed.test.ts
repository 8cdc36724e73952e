/**
 * An application to an event that has ended, sent from its page without JavaScript: the gateway refuses it by the
 * pages' own end rule (docs/gateway-contract.md#forms) and the form says why in the page's language.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { eventEndsAt } from '../../contract/gateway/event-end'
import ru from '../../locales/ru.json'
import { href } from '../../shared/routing/match'
import { decodeEntities, fetchPortal, ORIGIN } from './helpers'

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
])
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

describe('an ended event', () => {
  it('refuses the application with the closing message in the page’s language, and stores nothing', async () => {
    const event = await env.GATEWAY_DB.prepare(
      "SELECT id, date_from, date_to FROM events WHERE publication = 'published' ORDER BY date_from LIMIT 1",
    ).first<{ id: number; date_from: string; date_to: string | null }>()
    expect(eventEndsAt(event!)).toBeLessThan(Date.now())
    const count = () =>
      env.GATEWAY_DB.prepare('SELECT count(*) AS n FROM event_applications WHERE event_id = ?')
        .bind(event!.id)
        .first('n')
    const before = await count()
    const form = new FormData()
    const fields = {
      role: 'participant',
      last_name: 'Karimova',
      first_name: 'Dilnoza',
      middle_name: '',
      gender: 'female',
      birth_date: '1988-04-12',
      birthplace: 'Samarkand',
      country_id: '860',
      address: '12 Amir Temur Avenue, Tashkent',
      passport: 'FA1234567',
      email: `late.${crypto.randomUUID().slice(0, 6)}@example.com`,
      phone: '+998 90 123 45 67',
      organization: 'Silk Road Ventures',
      position: 'Analyst',
      activity: '',
    }
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('passport_scan', new File([PDF], 'passport.pdf', { type: 'application/pdf' }))
    form.set('image', new File([PNG], 'photo.png', { type: 'image/png' }))
    const res = await fetchPortal(href('event-register', { locale: 'ru', query: { event_id: String(event!.id) } }), {
      method: 'POST',
      headers: { origin: ORIGIN, 'cf-connecting-ip': '2001:db8:e0::1' },
      body: form,
    })
    const html = decodeEntities(await res.text())
    expect(html).toContain(ru.messages.error.event_closed)
    expect(await count()).toBe(before)
  })
})
