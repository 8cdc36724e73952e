/**
 * Applies the gateway migrations before each test file (idempotent: applied ones are skipped), then starts the file on
 * a database of its own: the files a worker runs share its storage (vitest.config.ts), so every row an earlier file
 * wrote is deleted, and the records the gateway looks its forms' ids up in (regions, countries, events, sectors, project
 * categories) are written anew: D1 holds them, as on a deployment, where they are the agency's data
 * (docs/gateway-contract.md#reference-gateway).
 */
import { applyD1Migrations, type D1Migration } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { freshDatabase } from './helpers'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
await freshDatabase()
