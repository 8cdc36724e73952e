/**
 * The seed's SQL (development only): rows written by table from plain objects, child tables cleared before they are
 * rebuilt, the core tables' upserts, and the wipe of `npm run db:reset`.
 */
import { placeholders } from '../../lib/db'

/** A value of a row, or the promise of one (sanitised HTML). */
type SeedValue = unknown

/**
 * One write of the seed: a row of `table` (columns written in code, never from input). `replace`: the row replaces one
 * with its key; `{ upsertOn }`: an existing row with that key keeps it and takes every other column; neither: a plain
 * insert. `clear`: every row of the table goes first.
 */
export type SeedWrite =
  | { table: string; row: Record<string, SeedValue>; replace?: boolean; upsertOn?: string }
  | { clear: string }

/** D1 runs a batch as one transaction; chunks keep each under the statement limits. */
const BATCH_SIZE = 400

async function statementOf(db: D1Database, write: SeedWrite): Promise<D1PreparedStatement> {
  if ('clear' in write) return db.prepare(`DELETE FROM ${write.clear}`)
  const columns = Object.keys(write.row)
  const values = await Promise.all(columns.map((c) => write.row[c]))
  const verb = write.replace ? 'INSERT OR REPLACE' : 'INSERT'
  const conflict = write.upsertOn
    ? ` ON CONFLICT (${write.upsertOn}) DO UPDATE SET ${columns
        .filter((c) => c !== write.upsertOn)
        .map((c) => `${c} = excluded.${c}`)
        .join(', ')}`
    : ''
  return db
    .prepare(`${verb} INTO ${write.table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)})${conflict}`)
    .bind(...values.map((v) => v ?? null))
}

/** Runs the writes in their order, in transactions of a few hundred. */
export async function runSeedWrites(db: D1Database, writes: readonly SeedWrite[]): Promise<void> {
  const statements = await Promise.all(writes.map((w) => statementOf(db, w)))
  for (let i = 0; i < statements.length; i += BATCH_SIZE) await db.batch(statements.slice(i, i + BATCH_SIZE))
}

/** Runs statements with their values in their order, in transactions of a few hundred. */
export async function runSeedStatements(
  db: D1Database,
  statements: readonly { sql: string; args: readonly unknown[] }[],
): Promise<void> {
  const prepared = statements.map((s) => db.prepare(s.sql).bind(...s.args))
  for (let i = 0; i < prepared.length; i += BATCH_SIZE) await db.batch(prepared.slice(i, i + BATCH_SIZE))
}

/** How many catalogue entries the bootstrap has loaded. */
export async function countReferenceLoads(db: D1Database): Promise<number> {
  return (await db.prepare('SELECT count(*) AS n FROM reference_loads').first<number>('n')) ?? 0
}

/** Whether an account has the e-mail. */
export async function accountExists(db: D1Database, email: string): Promise<boolean> {
  return !!(await db.prepare('SELECT id FROM users WHERE email = ?').bind(email).first())
}

/** Inserts a row and answers its id. */
export async function insertReturningId(db: D1Database, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row)
  const inserted = await db
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)}) RETURNING id`)
    .bind(...columns.map((c) => row[c] ?? null))
    .first<{ id: number }>()
  return inserted!.id
}

/** Adds the operators that are not there yet. */
export async function insertOperatorsIfNew(
  db: D1Database,
  operators: readonly { email: string; name: string; role: string }[],
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  await db.batch(
    operators.map((o) =>
      db
        .prepare('INSERT OR IGNORE INTO operators (email, name, role, created_at) VALUES (?, ?, ?, ?)')
        .bind(o.email, o.name, o.role, at),
    ),
  )
}

/** Every table and its SQL, from the schema. */
export async function listTables(db: D1Database) {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
    .all<{ name: string; sql: string | null }>()
  return results
}

/** Deletes every row of the tables, in one transaction with deferred foreign keys (so their order does not matter). */
export async function deleteAllRows(db: D1Database, tables: readonly string[]): Promise<void> {
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...tables.map((t) => db.prepare(`DELETE FROM "${t.replace(/"/g, '""')}"`)),
  ])
}
