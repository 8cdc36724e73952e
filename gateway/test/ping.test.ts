import { env, exports } from 'cloudflare:workers'
import { applyD1Migrations } from 'cloudflare:test'
import { it, expect } from 'vitest'
it('pings', async () => {
  await applyD1Migrations(env.DB, (env as any).TEST_MIGRATIONS)
  const r = await exports.default.fetch('http://x/core/ping')
  expect(await r.json()).toMatchObject({ result: { code: 'ok' } })
})
