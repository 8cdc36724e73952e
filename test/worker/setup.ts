/** Worker tests run the portal against the real reference gateway on a migrated, seeded D1. */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll } from 'vitest'
import { forgetContentVersion } from '../../worker/payloads/content-version'

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

// The files a worker runs share its workerd and storage (vitest.config.ts): each starts on a freshly seeded gateway
// database and an empty payload cache, as if it ran alone.
beforeAll(async () => {
  await applyD1Migrations(env.GATEWAY_DB, env.TEST_MIGRATIONS)
  const res = await env.GATEWAY.fetch('http://gateway.internal/dev/reset', { method: 'POST' })
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`)
  let cursor: string | undefined
  do {
    const page = await env.PAYLOADS.list({ cursor })
    await Promise.all(page.keys.map((key) => env.PAYLOADS.delete(key.name)))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  // The content version the isolate read for an earlier file's database.
  forgetContentVersion()
})
