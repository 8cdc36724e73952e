/**
 * The built reference gateway refuses to start with DEV_MODE "1" on a public PORTAL_ORIGIN
 * (docs/security.md#dev-surface):
 * its module throws while loading in workerd, so a deploy of that configuration fails instead of exposing the helpers.
 */
import { existsSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestHarness } from 'wrangler'

/** The gateway as the build wrote it, with its flattened config. */
const BUILT_CONFIG = './dist/invest_portal_gateway/wrangler.json'
/** The built portal beside it: the gateway's PORTAL binding (realtime publishes) must name a worker that exists. */
const BUILT_PORTAL = './dist/invest_portal/wrangler.json'
let server: ReturnType<typeof createTestHarness> | null = null

afterEach(async () => {
  await server?.close().catch(() => undefined)
  server = null
})

/** Starts the built gateway in workerd with these vars and asks it where OneID sign-in begins (no D1 needed). */
async function startGateway(vars: Record<string, string>) {
  server = createTestHarness({ workers: [{ configPath: BUILT_CONFIG, vars }, { configPath: BUILT_PORTAL }] })
  await server.listen()
  return server.fetch('/core/auth?role=investor&state=x')
}

describe('the built gateway at startup', () => {
  it('is built before this step runs (npm test builds first)', () => {
    expect(existsSync(BUILT_CONFIG)).toBe(true)
  })

  it('refuses to start with DEV_MODE "1" and a public PORTAL_ORIGIN', async () => {
    await expect(startGateway({ DEV_MODE: '1', PORTAL_ORIGIN: 'https://invest.gov.uz' })).rejects.toThrow(
      /failed to start/,
    )
  }, 60_000)

  it('starts in production (DEV_MODE "0", no SSO configured: 503 sso_unavailable) and locally on a loopback origin', async () => {
    const production = await startGateway({ DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' })
    expect(production.status).toBe(503)
    expect(((await production.json()) as { result: { code: string } }).result.code).toBe('sso_unavailable')
    await server!.close()
    const local = await startGateway({ DEV_MODE: '1', PORTAL_ORIGIN: 'http://127.0.0.1:8787' })
    expect(local.status).toBe(200)
    expect(((await local.json()) as { content: string }).content).toMatch(/^\/_dev\/oneid\?/)
  }, 60_000)
})
