/**
 * `X-Plan-Missing` names infrastructure (gateway keys): only with debug headers on (docs/security.md#debug-headers).
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readConfig } from '../env'
import type { AppEnv } from '../types'
import { reportUnplanned } from './unplanned-keys'

afterEach(() => vi.restoreAllMocks())

/** A page that read `/siw/public/unplanned` outside its plan, answered with debug headers `flag`. */
async function pageWithUnplannedKey(flag: '0' | '1') {
  const app = new Hono<AppEnv>()
  app.get('/en/about', (c) => {
    c.set('config', readConfig({ ...env, DEBUG_HEADERS: flag } as Env))
    reportUnplanned(
      c,
      { id: 'about', params: {}, query: {}, path: '/en/about', search: '' },
      new Set(['/siw/public/unplanned']),
      Promise.resolve(),
    )
    return c.html('<p>ok</p>')
  })
  return app.request('/en/about')
}

describe('keys outside the data plan', () => {
  it('are named in X-Plan-Missing only while debug headers are on, and logged either way', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await pageWithUnplannedKey('1')).headers.get('x-plan-missing')).toBe('/siw/public/unplanned')
    expect((await pageWithUnplannedKey('0')).headers.get('x-plan-missing')).toBeNull()
    await vi.waitFor(() => expect(warned).toHaveBeenCalledTimes(2))
    for (const [line] of warned.mock.calls)
      expect(JSON.parse(String(line))).toMatchObject({
        msg: 'keys outside the data plan',
        keys: ['/siw/public/unplanned'],
      })
  })
})
