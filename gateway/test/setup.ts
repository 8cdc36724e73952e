/**
 * Applies the gateway migrations before each test file (idempotent: applied ones are skipped), then writes the records
 * the gateway looks its forms' ids up in (regions, countries, events, sectors, project categories): D1 holds them, as
 * on a deployment, where they are the agency's data (docs/gateway-contract.md#reference-gateway).
 */
import { applyD1Migrations, type D1Migration } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { seedReferences } from '../src/dev/seed/content'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
await seedReferences(env, new Date())
