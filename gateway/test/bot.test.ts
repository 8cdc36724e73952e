import { afterEach, describe, expect, it, vi } from 'vitest'
import { call } from './helpers'

const CONTACT = {
  name: 'Omar',
  last_name: 'Haddad',
  email: 'omar@test.example',
  phone: '971501234567',
  message: 'Interested in logistics hubs near Tashkent.',
  purpose: 'other',
}

const TURNSTILE = { BOT_SECRET: 'test-secret', BOT_PROVIDER: 'turnstile' }
const RECAPTCHA = { BOT_SECRET: 'test-secret', BOT_PROVIDER: 'recaptcha' }

/** Stubs only the vendor's siteverify call; everything else would be a test bug. */
function stubSiteverify(answer: Record<string, unknown> | Error) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    if (answer instanceof Error) throw answer
    return Response.json(answer)
  })
}

const contact = (hash: string, env: Record<string, string>) =>
  call('/siw/public/contact-us', { body: { ...CONTACT, hash }, env })

afterEach(() => vi.restoreAllMocks())

describe('bot protection', () => {
  it('verifies the hash with Turnstile, sending the secret, token and client IP', async () => {
    const fetch = stubSiteverify({ success: true, action: 'contact', hostname: '127.0.0.1' })
    const r = await call('/siw/public/contact-us', {
      body: { ...CONTACT, hash: 'tok-1' },
      env: TURNSTILE,
      ip: '203.0.113.7',
    })
    expect(r.body.result.code).toBe('ok')
    const [url, init] = fetch.mock.calls[0]!
    expect(String(url)).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify')
    expect(Object.fromEntries(new URLSearchParams(String(init!.body)))).toEqual({
      secret: 'test-secret',
      response: 'tok-1',
      remoteip: '203.0.113.7',
    })
  })

  it.each([
    ['a failed challenge', { success: false, action: 'contact', hostname: '127.0.0.1' }],
    ['another action', { success: true, action: 'signin', hostname: '127.0.0.1' }],
    ['another hostname', { success: true, action: 'contact', hostname: 'evil.example' }],
  ])('refuses %s with bot_check_failed', async (_, answer) => {
    stubSiteverify(answer)
    const r = await contact('tok', TURNSTILE)
    expect(r.status).toBe(403)
    expect(r.body.result.code).toBe('bot_check_failed')
  })

  it('refuses a missing hash without asking the vendor', async () => {
    const fetch = stubSiteverify({ success: true })
    expect((await contact('', TURNSTILE)).body.result.code).toBe('bot_check_failed')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fails closed when the vendor cannot be reached', async () => {
    stubSiteverify(new Error('network down'))
    expect((await contact('tok', TURNSTILE)).body.result.code).toBe('bot_check_failed')
  })

  it('checks the reCAPTCHA v3 score', async () => {
    const fetch = stubSiteverify({ success: true, action: 'contact', hostname: '127.0.0.1', score: 0.3 })
    expect((await contact('tok', RECAPTCHA)).body.result.code).toBe('bot_check_failed')
    expect(String(fetch.mock.calls[0]![0])).toBe('https://www.google.com/recaptcha/api/siteverify')
    fetch.mockImplementation(async () =>
      Response.json({ success: true, action: 'contact', hostname: '127.0.0.1', score: 0.9 }),
    )
    expect((await contact('tok', RECAPTCHA)).body.result.code).toBe('ok')
  })

  it('uses the action of each form', async () => {
    const fetch = stubSiteverify({ success: true, action: 'signin', hostname: '127.0.0.1' })
    const r = await call('/core/auth/login', {
      body: { email: 'nobody@test.example', password: 'x', hash: 'tok', role: 'investor' },
      env: TURNSTILE,
    })
    expect(r.body.result.code).toBe('user_not_found')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('verifies with Turnstile when only the secret is set', async () => {
    const fetch = stubSiteverify({ success: true, action: 'contact', hostname: '127.0.0.1' })
    expect((await contact('tok', { BOT_SECRET: 'test-secret' })).body.result.code).toBe('ok')
    expect(String(fetch.mock.calls[0]![0])).toContain('turnstile')
  })

  it('takes BOT_PROVIDER "none" as bot protection switched off on purpose, whatever secret is left set', async () => {
    const fetch = stubSiteverify({ success: false })
    expect((await contact('', { BOT_PROVIDER: 'none', BOT_SECRET: 'left-over-secret' })).body.result.code).toBe('ok')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('skips verification when no secret is configured', async () => {
    const fetch = stubSiteverify({ success: false })
    expect((await contact('', {})).body.result.code).toBe('ok')
    expect(fetch).not.toHaveBeenCalled()
  })
})
