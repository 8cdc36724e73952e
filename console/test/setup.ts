/** Applies the gateway's migrations to its D1 (the console's GATEWAY_DB) before each test file; applied ones are skipped. */
import { applyD1Migrations, type D1Migration } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      /** The gateway's database, to set records up and read what the console's actions did. */
      GATEWAY_DB: D1Database
    }
  }
}

await applyD1Migrations(env.GATEWAY_DB, env.TEST_MIGRATIONS)
