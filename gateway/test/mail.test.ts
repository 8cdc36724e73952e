/**
 * Mail through the queue and Cloudflare Email Service (docs/decisions/0027-mail-delivery.md): a request records the mail
 * and enqueues it; the consumer sends it through the EMAIL binding (Miniflare's simulation), retries a failed send with
 * backoff, and the dead-letter queue's consumer marks a mail the queue gave up on as failed. The simulation cannot fail
 * on demand, so the retry cases wrap it in a transport that does.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { createMailer, type MailMessage } from '../src/areas/mail/outbox'
import { deliverMail, retryDelaySeconds } from '../src/areas/mail/queue'
import { composeMail } from '../src/areas/mail/send'
import worker from '../src/index'
import type { MailTransport } from '../src/integrations/email'
import { call, createUser, uniqueEmail } from './helpers'

type OutboxRow = {
  id: number
  status: string
  attempts: number
  text: string
  html: string
  provider_id: string | null
  last_error: string | null
}

const rowsTo = async (email: string) =>
  (
    await env.DB.prepare(
      'SELECT id, status, attempts, text, html, provider_id, last_error FROM outbox WHERE to_email = ? ORDER BY id',
    )
      .bind(email)
      .all<OutboxRow>()
  ).results

/** A mail recorded in the outbox as a request records it, without putting it on the real queue (the test delivers). */
async function recordWithoutQueue(to: string): Promise<number> {
  const link = 'http://127.0.0.1:8787/en/auth/reset-password?token=x'
  const mail = await composeMail(env, { kind: 'reset', to, lang: 'ru', props: { link } })
  const held = { ...env, MAIL_QUEUE: { send: async () => {} } } as unknown as Env
  await createMailer(held, new Date()).send(mail)
  return (await rowsTo(to))[0]!.id
}

/** The EMAIL binding behind a switch: fails while `failures` lasts, then passes the message to the simulation. */
function flakyTransport(failures: number) {
  const sent: EmailMessageBuilder[] = []
  let left = failures
  const transport: MailTransport = {
    async send(message) {
      if (left-- > 0) throw new Error('Email Service unavailable')
      sent.push(message)
      return env.EMAIL.send(message)
    },
  }
  return { transport, sent }
}

/**
 * Delivers the message of `outboxId` as the queue does on its `attempts`-th delivery, and reads the outcome with the
 * delay the consumer asked for (the plugin's queue result does not record it).
 */
async function deliverAttempt(outboxId: number, attempts: number, transport: MailTransport) {
  const batch = createMessageBatch<MailMessage>('invest-portal-mail', [
    { id: `mail-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } },
  ])
  const retry = vi.spyOn(batch.messages[0]!, 'retry')
  const ctx = createExecutionContext()
  await deliverMail(batch, env, transport)
  const result = await getQueueResult(batch, ctx)
  return { ...result, delaySeconds: retry.mock.calls[0]?.[0]?.delaySeconds }
}

describe('mail through the queue', () => {
  it('sends a reset request’s mail once, through the queue and the EMAIL binding, with a link that resets the password', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    const res = await call('/core/auth/forgot-password', {
      body: { email: user.email, hash: '', role: 'investor' },
      lang: 'uz',
    })
    expect(res.body.result.code).toBe('ok')
    // The queue's consumer sends it after the answer: the row turns `sent` with the provider's message id.
    await vi.waitFor(
      async () => {
        const rows = await rowsTo(user.email)
        expect(rows.map((r) => r.status)).toEqual(['sent'])
      },
      { timeout: 15_000, interval: 100 },
    )
    const [mail] = await rowsTo(user.email)
    expect(mail!.attempts).toBe(1)
    expect(mail!.provider_id).toMatch(/@/)
    expect(mail!.html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="uz">/)
    const link = new URL(/https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(mail!.text)![0])
    expect(link.pathname).toBe('/uz/auth/reset-password')
    const q = Object.fromEntries(link.searchParams)
    const reset = await call('/core/auth/reset-password', {
      body: {
        password: 'Brand#New#Pass1',
        password_confirmation: 'Brand#New#Pass1',
        hash: '',
        token: q.token,
        email: q.email,
        time: q.time,
        role: q.role,
        uuid: q.uuid,
      },
    })
    expect(reset.body.result.code).toBe('ok')
    const login = await call('/core/auth/login', {
      body: { email: user.email, password: 'Brand#New#Pass1', hash: '', role: 'investor' },
    })
    expect(login.status).toBe(200)
  })

  it('retries a send that fails three times with a growing delay, then delivers it exactly once', async () => {
    const to = uniqueEmail('flaky')
    const id = await recordWithoutQueue(to)
    const { transport, sent } = flakyTransport(3)
    const delays: (number | undefined)[] = []
    for (const attempt of [1, 2, 3]) {
      const result = await deliverAttempt(id, attempt, transport)
      expect(result.explicitAcks).toEqual([])
      expect(result.retryMessages).toHaveLength(1)
      delays.push(result.delaySeconds)
      expect((await rowsTo(to))[0]).toMatchObject({ status: 'queued', attempts: attempt })
    }
    expect(delays).toEqual([30, 60, 120])
    const fourth = await deliverAttempt(id, 4, transport)
    expect(fourth.explicitAcks).toEqual([`mail-${id}`])
    expect(fourth.retryMessages).toEqual([])
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to, from: { email: env.MAIL_FROM }, subject: 'Сброс пароля на Invest Portal' })
    expect(sent[0]!.text).toContain('/auth/reset-password?token=x')
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 4, last_error: null })
  })

  it('acknowledges a redelivered message whose mail is already sent, and sends nothing', async () => {
    const to = uniqueEmail('twice')
    const id = await recordWithoutQueue(to)
    const first = flakyTransport(0)
    await deliverAttempt(id, 1, first.transport)
    expect(first.sent).toHaveLength(1)
    const again = flakyTransport(0)
    const redelivered = await deliverAttempt(id, 1, again.transport)
    expect(redelivered.explicitAcks).toEqual([`mail-${id}`])
    expect(again.sent).toEqual([])
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('ends a mail that always fails in the dead-letter queue, marked failed after its nine tries', async () => {
    const to = uniqueEmail('down')
    const id = await recordWithoutQueue(to)
    const { transport, sent } = flakyTransport(Number.POSITIVE_INFINITY)
    // max_retries = 8 (gateway/wrangler.toml): the first delivery and eight retries, each retried by the consumer.
    const delays: (number | undefined)[] = []
    for (let attempt = 1; attempt <= 9; attempt++) {
      const result = await deliverAttempt(id, attempt, transport)
      expect(result.retryMessages).toHaveLength(1)
      delays.push(result.delaySeconds)
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
    expect(sent).toEqual([])
    expect((await rowsTo(to))[0]).toMatchObject({
      status: 'queued',
      attempts: 9,
      last_error: 'Email Service unavailable',
    })
    // The queue then moves the message to its dead-letter queue, whose consumer is the same worker.
    const dead = createMessageBatch<MailMessage>('invest-portal-mail-failed', [
      { id: `mail-${id}`, timestamp: new Date(), attempts: 1, body: { outboxId: id } },
    ])
    const ctx = createExecutionContext()
    await worker.queue(dead, env)
    expect((await getQueueResult(dead, ctx)).explicitAcks).toEqual([`mail-${id}`])
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'failed', attempts: 9 })
    // A late redelivery of the original message sends nothing either.
    const late = await deliverAttempt(id, 10, transport)
    expect(late.explicitAcks).toEqual([`mail-${id}`])
    expect(sent).toEqual([])
  })

  it('keeps the links of a sent mail only in DEV_MODE: otherwise they are redacted once it is sent', async () => {
    const to = uniqueEmail('redact')
    const id = await recordWithoutQueue(to)
    const production = { ...env, DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' } as Env
    const batch = createMessageBatch<MailMessage>('invest-portal-mail', [
      { id: 'm', timestamp: new Date(), attempts: 1, body: { outboxId: id } },
    ])
    await deliverMail(batch, production, flakyTransport(0).transport)
    const [row] = await rowsTo(to)
    expect(row!.status).toBe('sent')
    for (const body of [row!.text, row!.html]) {
      expect(body).not.toMatch(/https?:\/\//)
      expect(body).toContain('[link redacted]')
    }
  })

  it('acknowledges a message that names no outbox row without sending', async () => {
    const { transport, sent } = flakyTransport(0)
    const batch = createMessageBatch('invest-portal-mail', [
      { id: 'junk', timestamp: new Date(), attempts: 1, body: { outboxId: 'x' } },
      { id: 'gone', timestamp: new Date(), attempts: 1, body: { outboxId: 987654321 } },
    ])
    const ctx = createExecutionContext()
    await deliverMail(batch, env, transport)
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(['gone', 'junk'])
    expect(sent).toEqual([])
  })

  it('waits 30 s before the first retry, doubling up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ])
  })
})
