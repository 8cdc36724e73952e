/**
 * Failed mail seen and sent again by an operator (docs/gateway-contract.md#operator-mail): a mail the queue gave up on
 * is listed without its body, and an admin's resend queues it again, with a fresh link when it carries a password
 * link, so the applicant whose set-password mail failed during an outage still gets a link that works.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { issuePasswordLink, RESET_LINK_LIFETIME_MS, WELCOME_LINK_LIFETIME_MS } from '../src/areas/auth/reset-links'
import type { Email } from '../src/areas/mail/email'
import { createMailer } from '../src/areas/mail/outbox'
import { deliverMail } from '../src/areas/mail/queue'
import { composeMail } from '../src/areas/mail/send'
import worker from '../src/index'
import type { MailTransport } from '../src/integrations/email'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser, uniqueEmail } from './helpers'

const ADMIN = 'mail-admin@agency.example'
const MODERATOR = 'mail-moderator@agency.example'
const EDITOR = 'mail-editor@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [ADMIN, 'admin'],
      [MODERATOR, 'moderator'],
      [EDITOR, 'editor'],
    ]),
  )
})

const op = (path: string, options: { method?: string; as?: string } = {}) =>
  call(`/core/operator${path}`, {
    method: options.method ?? 'GET',
    headers: { 'Cf-Access-Jwt-Assertion': tokens[options.as ?? ADMIN]! },
    env: accessEnv(),
  })

type Row = { id: number; status: string; attempts: number; text: string; provider_id: string | null }
const rowOf = async (id: number) =>
  (await env.DB.prepare('SELECT id, status, attempts, text, provider_id FROM outbox WHERE id = ?')
    .bind(id)
    .first<Row>())!

/** Records `mail` as a request does, without putting it on the real queue (the test delivers it). */
async function record(mail: Email): Promise<number> {
  const held = { ...env, MAIL_QUEUE: { send: async () => {} } } as unknown as Env
  await createMailer(held, new Date()).send(mail)
  const row = await env.DB.prepare('SELECT max(id) AS id FROM outbox WHERE to_email = ?')
    .bind(mail.to)
    .first<{ id: number }>()
  return row!.id
}

const down: MailTransport = {
  async send() {
    throw new Error('Email Service unavailable')
  },
}

/** Runs the mail's nine tries against a provider that is down, then its dead-letter delivery: it ends `failed`. */
async function failEveryTry(outboxId: number, base: Env = env): Promise<void> {
  for (let attempts = 1; attempts <= 9; attempts++) {
    const batch = createMessageBatch('invest-portal-mail', [
      { id: `m-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } },
    ])
    await deliverMail(batch, base, down)
  }
  const dead = createMessageBatch('invest-portal-mail-failed', [
    { id: `m-${outboxId}`, timestamp: new Date(), attempts: 1, body: { outboxId } },
  ])
  const ctx = createExecutionContext()
  await worker.queue(dead, base)
  await getQueueResult(dead, ctx)
}

const linkIn = (text: string) => new URL(/https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(text)![0])
const linkIsLive = async (link: URL) =>
  (await call(`/core/auth/check-reset-link?uuid=${link.searchParams.get('uuid')}`, { method: 'POST' })).body.content

describe('failed mail in the operators’ API', () => {
  it('lists a set-password mail that failed every try without its link, and a resend delivers a fresh link once', async () => {
    const user = await createUser()
    const link = await issuePasswordLink(env, user, 'ru', {
      lifetimeMs: WELCOME_LINK_LIFETIME_MS,
      purpose: 'welcome',
      now: new Date(),
    })
    const id = await record(
      await composeMail(env, { kind: 'set-password', to: user.email, lang: 'ru', props: { role: 'investor', link } }),
    )
    await failEveryTry(id)
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 9 })

    const list = await op('/mail?status=failed')
    expect(list.status).toBe(200)
    const item = list.body.content.items.find((i: { id: number }) => i.id === id)
    expect(item).toMatchObject({
      kind: 'set-password',
      to: user.email,
      lang: 'ru',
      subject: 'Ваша учётная запись на Invest Portal готова: задайте пароль',
      status: 'failed',
      attempts: 9,
      last_error: 'Email Service unavailable',
    })
    expect(item.failed_at).toEqual(expect.any(String))
    expect(list.body.content.counts.failed).toBeGreaterThanOrEqual(1)
    // Neither the link nor its token reaches the operator.
    const listed = JSON.stringify(list.body)
    expect(listed).not.toContain(new URL(link).searchParams.get('token')!)
    expect(listed).not.toContain('reset-password')

    const resent = await op(`/mail/${id}/resend`, { method: 'POST' })
    expect(resent.status, JSON.stringify(resent.body)).toBe(200)
    expect(resent.body.content).toEqual({ id, status: 'queued', link_renewed: true })
    // The real queue's consumer sends it, once.
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), { timeout: 15_000, interval: 100 })
    const sent = await rowOf(id)
    expect(sent.attempts).toBe(1)
    expect(sent.provider_id).toMatch(/@/)
    // The mail carries a fresh set-password link in its language; the one that never arrived is dead.
    const fresh = linkIn(sent.text)
    expect(fresh.pathname).toBe('/ru/auth/reset-password')
    expect(fresh.searchParams.get('purpose')).toBe('welcome')
    expect(await linkIsLive(fresh)).toBe(true)
    expect(await linkIsLive(new URL(link))).toBe(false)

    const audit = await op(`/audit?action=mail.resend&target=mail&target_id=${id}`)
    expect(audit.body.content.items).toHaveLength(1)
    expect(audit.body.content.items[0]).toMatchObject({
      operator: { email: ADMIN },
      before: { status: 'failed', attempts: 9 },
      after: { status: 'queued', attempts: 0, link: 'renewed' },
    })

    const again = await op(`/mail/${id}/resend`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect(again.body.result.code).toBe('mail_not_failed')
  })

  it('sends a failed resident welcome again as it was: outside DEV_MODE its sign-in link is kept, not redacted', async () => {
    const production = { ...env, DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' } as Env
    const to = uniqueEmail('resident')
    const signIn = 'https://invest.gov.uz/uz/auth/one-id?role=investor'
    const id = await record(
      await composeMail(env, { kind: 'welcome-resident', to, lang: 'uz', props: { role: 'investor', link: signIn } }),
    )
    await failEveryTry(id, production)
    const failed = await rowOf(id)
    expect(failed.status).toBe('failed')
    expect(failed.text).toContain(signIn)
    const resent = await op(`/mail/${id}/resend`, { method: 'POST' })
    expect(resent.body.content).toEqual({ id, status: 'queued', link_renewed: false })
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), { timeout: 15_000, interval: 100 })
    expect((await rowOf(id)).text).toBe(failed.text)
  })

  it('refuses to resend a reset mail whose link was replaced by a newer one, with link_replaced', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    const first = await issuePasswordLink(env, user, 'en', {
      lifetimeMs: RESET_LINK_LIFETIME_MS,
      purpose: 'reset',
      now: new Date(),
    })
    const id = await record(
      await composeMail(env, { kind: 'reset', to: user.email, lang: 'en', props: { link: first } }),
    )
    await failEveryTry(id)
    // The person asked again, and that mail arrived: its link is the live one, which a resend must not kill.
    const second = await issuePasswordLink(env, user, 'en', {
      lifetimeMs: RESET_LINK_LIFETIME_MS,
      purpose: 'reset',
      now: new Date(),
    })
    const r = await op(`/mail/${id}/resend`, { method: 'POST' })
    expect(r.status).toBe(409)
    expect(r.body.result.code).toBe('link_replaced')
    expect((await rowOf(id)).status).toBe('failed')
    expect(await linkIsLive(new URL(second))).toBe(true)
  })

  it('lists under status=queued the mail queued for more than 15 minutes, not a fresh one, and refuses to resend it', async () => {
    const stuck = await record(
      await composeMail(env, {
        kind: 'appeal-receipt',
        to: uniqueEmail('stuck'),
        lang: 'en',
        props: { id: 11, url: null },
      }),
    )
    const fresh = await record(
      await composeMail(env, {
        kind: 'appeal-receipt',
        to: uniqueEmail('fresh'),
        lang: 'en',
        props: { id: 12, url: null },
      }),
    )
    const longAgo = new Date(Date.now() - 20 * 60_000).toISOString()
    await env.DB.prepare('UPDATE outbox SET created_at = ? WHERE id = ?').bind(longAgo, stuck).run()
    const list = await op('/mail?status=queued')
    const ids = list.body.content.items.map((i: { id: number }) => i.id)
    expect(ids).toContain(stuck)
    expect(ids).not.toContain(fresh)
    expect(list.body.content.counts.queued).toBeGreaterThanOrEqual(1)
    const r = await op(`/mail/${stuck}/resend`, { method: 'POST' })
    expect(r.status).toBe(409)
    expect(r.body.result.code).toBe('mail_not_failed')
  })

  it('answers 404 for an unknown mail', async () => {
    const r = await op('/mail/987654321/resend', { method: 'POST' })
    expect(r.status).toBe(404)
  })

  it.each([
    ['a moderator', MODERATOR],
    ['an editor', EDITOR],
  ])('refuses %s, whose role does not reach the admin area, with 403', async (_, who) => {
    const to = uniqueEmail('refused')
    const id = await record(
      await composeMail(env, { kind: 'appeal-receipt', to: to, lang: 'en', props: { id: 7, url: null } }),
    )
    await failEveryTry(id)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await op('/mail?status=failed', { as: who })).status).toBe(403)
    expect((await op(`/mail/${id}/resend`, { method: 'POST', as: who })).status).toBe(403)
    expect((await rowOf(id)).status).toBe('failed')
    vi.restoreAllMocks()
  })
})
