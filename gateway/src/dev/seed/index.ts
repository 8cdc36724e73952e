/** `seedAll`: content and core seed in one idempotent run; `resetAll` wipes every table and upload first (dev only). */
import { seedContent } from './content'
import { seedCore } from './core'
import { seedMapTiles } from './map-tiles'
import { seedOperators } from './operators'
import { deleteAllRows, listTables } from './queries'

/**
 * Seeds content (gateway/seed/*.json), core data (topics, services, demo accounts), the demo operators and the map's
 * local tiles; user data is kept.
 */
export async function seedAll(env: Env, now = new Date()): Promise<Record<string, number>> {
  const counts = await seedContent(env, now)
  await seedCore(env, now)
  await seedOperators(env.DB, now)
  await seedMapTiles(env)
  return counts
}

/** Tables a reset must leave alone: migration bookkeeping, SQLite/D1 internals and FTS5 shadow tables. */
function isWipeable(name: string, virtualTables: string[]): boolean {
  if (name === 'd1_migrations' || name.startsWith('sqlite_') || name.startsWith('_cf_')) return false
  return !virtualTables.some((v) => name.startsWith(`${v}_`))
}

/** Deletes every row of every table (content and user data alike) and every uploaded object. */
export async function resetAll(env: Env): Promise<void> {
  const results = await listTables(env.DB)
  const virtualTables = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name)
  const tables = results.map((t) => t.name).filter((name) => isWipeable(name, virtualTables))
  // Deferred foreign keys: the batch is one transaction, checked only at its end, so table order does not matter.
  await deleteAllRows(env.DB, tables)
  let cursor: string | undefined
  do {
    const page = await env.UPLOADS.list({ cursor, limit: 1000 })
    if (page.objects.length) await env.UPLOADS.delete(page.objects.map((o) => o.key))
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
}
