/**
 * The security review's findings on the reference gateway (docs/security.md): DEV_MODE only on a loopback origin,
 * reset links kept in the outbox after sending only in DEV_MODE, bot protection failing closed, and forgot-password answering
 * after the same work whether or not the account exists.
 */
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MailMessage } from '../src/areas/mail/outbox'
import { deliverMail } from '../src/areas/mail/queue'
import app from '../src/index'
import { call, createUser, uniqueEmail, uniqueIp } from './helpers'

afterEach(() => vi.restoreAllMocks())

/**
 * A provider configured without its secret, outside DEV_MODE and in it (a const, as secrets are not in the typed env).
 */
const PROVIDER_WITHOUT_SECRET = {
  DEV_MODE: '0',
  BOT_PROVIDER: 'turnstile',
  BOT_SECRET: '',
  PORTAL_ORIGIN: 'https://invest.gov.uz',
}
const PROVIDER_WITHOUT_SECRET_IN_DEV = { DEV_MODE: '1', BOT_PROVIDER: 'turnstile', BOT_SECRET: '' }

const CONTACT = {
  name: 'Omar',
  last_name: 'Haddad',
  email: 'omar@test.example',
  phone: '971501234567',
  message: 'Interested in logistics hubs near Tashkent.',
  purpose: 'other',
}

describe('DEV_MODE', () => {
  it('refuses to serve with DEV_MODE "1" and a public PORTAL_ORIGIN, naming why in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const path of ['/siw/public/appeal-topic', '/dev/outbox?email=a%40b.uz', '/dev/oneid?role=investor']) {
      const r = await call(path, { env: { DEV_MODE: '1', PORTAL_ORIGIN: 'https://invest.gov.uz' } })
      expect(r.status, path).toBe(500)
      expect(r.body.result.code, path).toBe('internal_error')
    }
    expect(String(log.mock.calls[0]![0])).toContain('PORTAL_ORIGIN is not a loopback origin')
  })

  it('runs with DEV_MODE "1" on a loopback PORTAL_ORIGIN, and with "0" anywhere', async () => {
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:5173', 'http://[::1]:8787']) {
      expect(
        (await call('/siw/public/appeal-topic', { env: { DEV_MODE: '1', PORTAL_ORIGIN: origin } })).status,
        origin,
      ).toBe(200)
    }
    expect(
      (await call('/siw/public/appeal-topic', { env: { DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' } }))
        .status,
    ).toBe(200)
  })
})

describe('the mail outbox', () => {
  const lastMail = (to: string) =>
    env.DB.prepare('SELECT text, html FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1')
      .bind(to)
      .first<{ text: string; html: string }>()

  it('keeps the reset link in DEV_MODE, where /dev/outbox shows it', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    await call('/core/auth/forgot-password', { body: { email: user.email, hash: '', role: 'investor' } })
    expect((await lastMail(user.email))!.text).toMatch(/https?:\/\/\S+\/auth\/reset-password\?\S*token=/)
  })

  it('keeps no usable link outside DEV_MODE once the mail is sent: the stored text and HTML have it redacted', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    const queued: MailMessage[] = []
    const production = {
      DEV_MODE: '0',
      PORTAL_ORIGIN: 'https://invest.gov.uz',
      MAIL_QUEUE: { send: async (body: MailMessage) => void queued.push(body) },
    }
    const r = await call('/core/auth/forgot-password', {
      body: { email: user.email, hash: '', role: 'investor' },
      env: production,
    })
    expect(r.body.result.code).toBe('ok')
    // Until it is sent, the row holds the link the mail must carry; the consumer redacts it as it marks it sent.
    expect((await lastMail(user.email))!.text).toContain('https://invest.gov.uz/en/auth/reset-password?')
    const batch = createMessageBatch<MailMessage>('invest-portal-mail', [
      { id: 'reset', timestamp: new Date(), attempts: 1, body: queued[0]! },
    ])
    await deliverMail(batch, { ...env, ...production } as unknown as Env, {
      send: async () => ({ messageId: '<m@x>' }),
    })
    const mail = (await lastMail(user.email))!
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/https?:\/\//)
      expect(body).not.toContain('token=')
      expect(body).toContain('[link redacted]')
    }
  })
})

describe('bot protection', () => {
  it('fails closed outside DEV_MODE when a provider is configured without its secret, and never asks the vendor', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const r = await call('/siw/public/contact-us', { body: { ...CONTACT, hash: 'tok' }, env: PROVIDER_WITHOUT_SECRET })
    expect(r.status).toBe(403)
    expect(r.body.result.code).toBe('bot_check_failed')
    expect(fetch).not.toHaveBeenCalled()
    expect(String(log.mock.calls[0]![0])).toContain('BOT_SECRET is missing')
  })

  it('lets a developer work without the secret in DEV_MODE', async () => {
    const r = await call('/siw/public/contact-us', {
      body: { ...CONTACT, hash: '' },
      env: PROVIDER_WITHOUT_SECRET_IN_DEV,
    })
    expect(r.body.result.code).toBe('ok')
  })
})

describe('forgot-password', () => {
  /** D1 with every statement prepared recorded, so a test can see what ran before the answer and what after. */
  function recordingDb() {
    const statements: string[] = []
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (sql: string) => {
            statements.push(sql)
            return target.prepare(sql)
          }
        }
        const value = Reflect.get(target, prop) as unknown
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    return { db, statements }
  }

  async function ask(email: string) {
    const { db, statements } = recordingDb()
    const ctx = createExecutionContext()
    const req = new Request('http://gateway.test/core/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', 'cf-connecting-ip': uniqueIp() },
      body: JSON.stringify({ email, hash: '', role: 'investor' }),
    })
    const res = await app.fetch(req, { ...env, DB: db } as Env, ctx)
    const beforeAnswer = [...statements]
    const body = await res.text()
    await waitOnExecutionContext(ctx)
    return { status: res.status, body, beforeAnswer, all: statements }
  }

  it('answers a known and an unknown e-mail after the same work and with the same body; the mail goes out afterwards', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    const known = await ask(user.email)
    const unknown = await ask(uniqueEmail('nobody'))
    expect(known.status).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(known.beforeAnswer).toEqual(unknown.beforeAnswer)
    expect(known.beforeAnswer.some((sql) => /reset_links|outbox/.test(sql))).toBe(false)
    expect(known.all.some((sql) => sql.includes('INSERT INTO outbox'))).toBe(true)
    expect(unknown.all.some((sql) => sql.includes('INSERT INTO outbox'))).toBe(false)
  })
})

describe('request logs', () => {
  it('write one JSON line per request with its route and status, and never the query or the body', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)))
    const secret = 'private.person@example.com'
    await call(
      `/core/auth/check-reset-link?uuid=8a4ab7a4-1111-4111-8111-111111111111&email=${encodeURIComponent(secret)}`,
      { method: 'POST' },
    )
    await call('/core/auth/login', { body: { email: secret, password: 'Secret#Pass1', hash: '', role: 'investor' } })
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request')
    expect(logged.map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/core/auth/check-reset-link', 200],
      ['POST', '/core/auth/login', 401],
    ])
    expect(lines.join('\n')).not.toContain(secret)
    expect(lines.join('\n')).not.toContain('Secret#Pass1')
  })
})
