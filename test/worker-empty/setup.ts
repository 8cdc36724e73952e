/**
 * The portal on a fresh production database: the gateway's migrations applied, nothing seeded (no demo content, no
 * accounts), as `npm run deploy` leaves a new database (docs/operations.md#first-deploy).
 */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll } from 'vitest'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
      GATEWAY_DB: D1Database
    }
  }
}

beforeAll(async () => {
  await applyD1Migrations(env.GATEWAY_DB, env.TEST_MIGRATIONS)
})
