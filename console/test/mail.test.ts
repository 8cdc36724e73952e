/**
 * The admin's mail screen (docs/operations.md#mail): a mail the delivery gave up on is listed without its link, and
 * "Send again" queues it with a notice; the built gateway's queue consumer then delivers it, with a fresh set-password
 * link. A role without the admin area is refused the screen and the form, and nothing is sent.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { auditOf, ensureOperators, locationOf, OPERATORS, openAs } from './helpers'

beforeAll(ensureOperators)

/**
 * A set-password mail to a new account that failed every try, as the dead-letter consumer leaves it in DEV_MODE: its
 * text still holds the link, which must never reach the screen.
 */
async function failedSetPasswordMail(): Promise<{ id: number; email: string; token: string }> {
  const db = env.GATEWAY_DB
  const at = new Date().toISOString()
  const email = `applicant-${crypto.randomUUID().slice(0, 8)}@applicant.test`
  const user = await db
    .prepare(
      "INSERT INTO users (email, role, is_resident, created_at, updated_at) VALUES (?, 'investor', 0, ?, ?) RETURNING id",
    )
    .bind(email, at, at)
    .first<{ id: number }>()
  const uuid = crypto.randomUUID()
  const token = `tok${crypto.randomUUID().replaceAll('-', '')}`
  await db
    .prepare(
      `INSERT INTO reset_links (uuid, user_id, token_hash, time, expires_at, created_at)
       VALUES (?, ?, 'hash-of-the-old-token', '0', ?, ?)`,
    )
    .bind(uuid, user!.id, at, at)
    .run()
  const link = `http://localhost/ru/auth/reset-password?token=${token}&uuid=${uuid}&purpose=welcome`
  const row = await db
    .prepare(
      `INSERT INTO outbox (to_email, subject, text, html, status, attempts, last_error, created_at, updated_at, kind,
         lang, link_uuid)
       VALUES (?, 'Ваша учётная запись на Invest Portal готова: задайте пароль', ?, ?, 'failed', 9,
         'Email Service unavailable', ?, ?, 'set-password', 'ru', ?) RETURNING id`,
    )
    .bind(email, `Откройте ссылку:\n${link}\n`, `<a href="${link}">${link}</a>`, at, at, uuid)
    .first<{ id: number }>()
  return { id: row!.id, email, token }
}

const outboxRow = (id: number) =>
  env.GATEWAY_DB.prepare('SELECT status, attempts, text FROM outbox WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; text: string }>()

describe('the mail screen', () => {
  it('lists a failed mail without its link, and “Send again” re-queues it with a fresh link and a notice', async () => {
    const mail = await failedSetPasswordMail()
    const home = await openAs('admin', '/en')
    expect(home.html).toContain('mails that could not be delivered')
    expect(home.html).toContain('href="/en/mail"')

    const list = await openAs('admin', '/en/mail')
    expect(list.status).toBe(200)
    expect(list.html).toContain('<h1>Mail</h1>')
    expect(list.html).toContain(mail.email)
    expect(list.html).toContain('Set-password link (new account)')
    expect(list.html).toContain('Email Service unavailable')
    expect(list.html).toContain(`action="/en/mail/${mail.id}/resend"`)
    expect(list.html).not.toContain(mail.token)
    expect(list.html).not.toContain('reset-password')

    const posted = await openAs('admin', `/en/mail/${mail.id}/resend`, {})
    expect(posted.status).toBe(303)
    expect(locationOf(posted)).toBe('/en/mail?done=mailResentLink')
    const after = await openAs('admin', '/en/mail?done=mailResentLink')
    expect(after.html).toContain('The mail is queued again with a fresh link')
    expect(after.html).not.toContain(`action="/en/mail/${mail.id}/resend"`)

    // The gateway's queue consumer delivers it once, with a new link in place of the dead one.
    await vi.waitFor(async () => expect((await outboxRow(mail.id))?.status).toBe('sent'), {
      timeout: 15_000,
      interval: 100,
    })
    const sent = await outboxRow(mail.id)
    expect(sent!.attempts).toBe(1)
    expect(sent!.text).toMatch(/\/ru\/auth\/reset-password\?\S*purpose=welcome/)
    expect(sent!.text).not.toContain(mail.token)
    expect(await auditOf('mail', mail.id)).toEqual([
      {
        action: 'mail.resend',
        email: OPERATORS.admin,
        before: { status: 'failed', attempts: 9 },
        after: { status: 'queued', attempts: 0, link: 'renewed' },
      },
    ])

    // Sending it again now is refused with the reason, and changes nothing.
    const again = await openAs('admin', `/en/mail/${mail.id}/resend`, {})
    expect(again.status).toBe(409)
    expect(again.html).toContain('This mail has not failed')
    expect(await auditOf('mail', mail.id)).toHaveLength(1)
  })

  it('tells the admin what to do instead when the account has had a newer link since', async () => {
    const mail = await failedSetPasswordMail()
    await env.GATEWAY_DB.prepare(
      'UPDATE reset_links SET used_at = ? WHERE uuid = (SELECT link_uuid FROM outbox WHERE id = ?)',
    )
      .bind(new Date().toISOString(), mail.id)
      .run()
    const refused = await openAs('admin', `/ru/mail/${mail.id}/resend`, {})
    expect(refused.status).toBe(409)
    expect(refused.html).toContain('«Забыли пароль?»')
    expect((await outboxRow(mail.id))!.status).toBe('failed')
  })

  it.each(['moderator', 'editor'] as const)(
    'refuses the %s the screen and the form, and sends nothing',
    async (role) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const mail = await failedSetPasswordMail()
      const screen = await openAs(role, '/en/mail')
      expect(screen.status).toBe(403)
      expect(screen.html).toContain('<h1>Not for your role</h1>')
      expect((await openAs(role, `/en/mail/${mail.id}/resend`, {})).status).toBe(403)
      expect(await outboxRow(mail.id)).toMatchObject({ status: 'failed', attempts: 9 })
      expect(await auditOf('mail', mail.id)).toEqual([])
      vi.restoreAllMocks()
    },
  )
})
