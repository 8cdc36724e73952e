/** Worker tests run the portal against the real reference gateway on a migrated, seeded D1. */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll } from 'vitest'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
      GATEWAY_DB: D1Database
      /** The reference gateway configured for OneID at the network boundary (vitest.config.ts). */
      GATEWAY_ONEID: Fetcher
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The OneID stand-in (test/oneid-stand-in.ts) and the client it knows. */
    oneidStandIn: { origin: string; client: { id: string; secret: string } }
  }
}

beforeAll(async () => {
  await applyD1Migrations(env.GATEWAY_DB, env.TEST_MIGRATIONS)
  const res = await env.GATEWAY.fetch('http://gateway.internal/dev/seed', { method: 'POST' })
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`)
})
