import { describe, expect, it, vi } from 'vitest'
import { call } from './helpers'

describe('the gateway app', () => {
  it('answers unknown paths with the not_found envelope', async () => {
    const r = await call('/siw/nothing-here')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ result: { code: 'not_found', description: 'not_found' }, content: null })
  })

  it('tags every answer with a request id', async () => {
    const { res } = await call('/siw/public/appeal-topic')
    expect(res.headers.get('X-Request-Id')).toBeTruthy()
  })

  it('answers internal_error without a stack and logs structured JSON', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const r = await call('/core/auth?state=%2F&role=investor', { env: { PORTAL_ORIGIN: 'not a url' } })
    expect(r.status).toBe(500)
    expect(r.body).toEqual({ result: { code: 'internal_error', description: 'internal_error' }, content: null })
    const logged = JSON.parse(String(log.mock.calls[0]![0]))
    expect(logged).toMatchObject({
      level: 'error',
      path: '/core/auth',
      message: expect.stringContaining('PORTAL_ORIGIN'),
    })
    log.mockRestore()
  })

  it('refuses JSON bodies over 1 MB with payload_too_large', async () => {
    const r = await call('/siw/public/contact-us', {
      method: 'POST',
      body: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 1) }),
    })
    expect(r.status).toBe(413)
    expect(r.body.result.code).toBe('payload_too_large')
  })
})
