/** Applies the gateway's migrations to its D1 (the console's GATEWAY_DB) before each test file, and the records tests name. */
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

// The reference records the tests' applications name (a country, an event): the gateway checks ids against D1, and a
// migrated database holds none until they are loaded (docs/operations.md#reference-catalogues).
await env.GATEWAY_DB.batch([
  env.GATEWAY_DB.prepare(
    "INSERT OR IGNORE INTO countries (id, code, country_uz, country_ru, country_en) VALUES (1, 'UZ', 'Oʻzbekiston', 'Узбекистан', 'Uzbekistan'), (2, 'CN', 'Xitoy', 'Китай', 'China')",
  ),
  env.GATEWAY_DB.prepare(
    "INSERT OR IGNORE INTO events (id, date_from, date_to, name_en, updated_at) VALUES (1, '2026-12-01T05:00:00.000Z', '2026-12-02T13:00:00.000Z', 'Tashkent International Investment Forum', '2026-11-28T00:00:00.000Z'), (2, '2027-03-10T05:00:00.000Z', '2027-03-10T13:00:00.000Z', 'Samarkand Agro Days', '2026-11-28T00:00:00.000Z')",
  ),
])
