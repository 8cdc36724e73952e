/**
 * Publishing's SQL: editors' reads and writes of every kind's table (named by its description in `kinds.ts`, never by
 * input), the search index, the content version and the scheduler's operator row. Writes that belong together come
 * back as statements for one batch (one transaction).
 */
import { LOCALES, type Locale } from '../../../../contract/locales'
import { placeholders, runWith } from '../../lib/db'
import type { FileRow } from '../documents/queries'
import type { KindRow, KindSpec } from './kinds'

/** Column values by name. */
type Values = Record<string, unknown>

/** Runs statements as one transaction. */
export async function runBatch(db: D1Database, stmts: D1PreparedStatement[]): Promise<void> {
  if (stmts.length) await db.batch(stmts)
}

/** Runs one statement. */
export async function runStatement(stmt: D1PreparedStatement): Promise<void> {
  await stmt.run()
}

/** The rows of a reference table, each named in every language by its `label` column. */
export async function listRefChoices(db: D1Database, ref: { table: string; label: string }) {
  const { results } = await db
    .prepare(`SELECT id, ${LOCALES.map((l) => `${ref.label}_${l}`).join(', ')} FROM ${ref.table} ORDER BY id`)
    .all<KindRow>()
  return results.map((r) => ({
    id: Number(r.id),
    label: Object.fromEntries(LOCALES.map((l) => [l, String(r[`${ref.label}_${l}`] ?? '')])) as Record<Locale, string>,
  }))
}

/** Whether a reference table has the id. */
export async function refExists(db: D1Database, table: string, id: number): Promise<boolean> {
  return !!(await db.prepare(`SELECT 1 AS x FROM ${table} WHERE id = ?`).bind(id).first('x'))
}

/** Editors' uploads are stored below this R2 prefix; no user's file or application document is. */
const CONTENT_UPLOADS = "r2_key LIKE 'content/%'"

/** Whether an editor's upload has the id (attached to an item or not yet). */
export async function contentUploadExists(db: D1Database, id: string): Promise<boolean> {
  return !!(await db.prepare(`SELECT 1 AS x FROM files WHERE id = ? AND ${CONTENT_UPLOADS}`).bind(id).first('x'))
}

/** An editor's upload by id, attached or not, for the console to show. */
export async function readContentUpload(db: D1Database, id: string) {
  return db.prepare(`SELECT * FROM files WHERE id = ? AND ${CONTENT_UPLOADS}`).bind(id).first<FileRow>()
}

/** Makes the editors' uploads of `ids` public: the save that names them is in the same batch. */
export function attachUploadsStatement(db: D1Database, ids: readonly string[], now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE files SET is_public = 1, updated_at = ?1 WHERE is_public = 0 AND ${CONTENT_UPLOADS}
         AND id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(now.toISOString(), JSON.stringify(ids))
}

/** A page of a kind's items matching `where` (conditions with their args), in the kind's order, and their total. */
export async function listRows(
  db: D1Database,
  spec: KindSpec,
  where: { conditions: string[]; args: unknown[] },
  paging: { size: number; offset: number },
): Promise<{ total: number; rows: KindRow[] }> {
  const clause = where.conditions.length ? `WHERE ${where.conditions.join(' AND ')}` : ''
  const total = await db
    .prepare(`SELECT count(*) AS n FROM ${spec.table} ${clause}`)
    .bind(...where.args)
    .first<number>('n')
  const { results } = await db
    .prepare(`SELECT * FROM ${spec.table} ${clause} ORDER BY ${spec.order} LIMIT ? OFFSET ?`)
    .bind(...where.args, paging.size, paging.offset)
    .all<KindRow>()
  return { total: total ?? 0, rows: results }
}

/** An item of a kind, or null. */
export function readRow(db: D1Database, spec: KindSpec, id: number): Promise<KindRow | null> {
  return db.prepare(`SELECT * FROM ${spec.table} WHERE id = ?`).bind(id).first<KindRow>()
}

/** The children of kind `child` of one parent row, in their order, each with its identifying `_id`. */
export async function listChildRows(db: D1Database, child: KindSpec, parentId: number): Promise<KindRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${child.idColumn} AS _id, * FROM ${child.table} WHERE ${child.parent!.column} = ? ORDER BY ${child.order}`,
    )
    .bind(parentId)
    .all<KindRow>()
  return results
}

/** The ids of a parent's children of kind `child`. */
export async function listChildIds(db: D1Database, child: KindSpec, parentId: number): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT ${child.idColumn} AS id FROM ${child.table} WHERE ${child.parent!.column} = ?`)
    .bind(parentId)
    .all<{ id: number }>()
  return results.map((r) => Number(r.id))
}

/** Another row of the table with the slug, or null. */
export async function findSlugOwner(db: D1Database, spec: KindSpec, slug: unknown, id: number | null) {
  return db.prepare(`SELECT id FROM ${spec.table} WHERE slug = ? AND id IS NOT ?`).bind(slug, id).first<number>('id')
}

/** The INSERT of a row, answering its rowid as `new_id`. */
export function insertRowStatement(db: D1Database, table: string, values: Values): D1PreparedStatement {
  const cols = Object.keys(values)
  return db
    .prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${placeholders(cols.length)}) RETURNING rowid AS new_id`,
    )
    .bind(...cols.map((c) => values[c]))
}

/** Inserts a row now; answers its rowid. */
export async function insertRowNow(db: D1Database, table: string, values: Values): Promise<number> {
  return Number(await insertRowStatement(db, table, values).first<number>('new_id'))
}

/** Inserts a row now with `also` in the same batch (its audit row); answers its rowid. */
export async function insertRowWith(
  db: D1Database,
  table: string,
  values: Values,
  also: readonly D1PreparedStatement[],
): Promise<number> {
  const [inserted] = await db.batch<{ new_id: number }>([insertRowStatement(db, table, values), ...also])
  return Number(inserted!.results[0]!.new_id)
}

/** The UPDATE of an item's columns. */
export function updateRowStatement(db: D1Database, spec: KindSpec, id: number, values: Values): D1PreparedStatement {
  const cols = Object.keys(values)
  return db
    .prepare(`UPDATE ${spec.table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE ${spec.idColumn} = ?`)
    .bind(...cols.map((c) => values[c]), id)
}

/** The DELETE of a parent's children keyed by (parent, position), written afresh on a save. */
export function deleteChildrenStatement(db: D1Database, child: KindSpec, parentId: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM ${child.table} WHERE ${child.parent!.column} = ?`).bind(parentId)
}

/** Deleting a child with ids of its own takes what hangs from it along (a step's groups, accordions, documents). */
export function deleteChildStatements(db: D1Database, spec: KindSpec, id: number): D1PreparedStatement[] {
  const stmts: D1PreparedStatement[] = []
  if (spec.kind === 'service_process') {
    const steps = 'SELECT id FROM service_steps WHERE process_id = ?'
    stmts.push(...stepDependents(db, `IN (${steps})`, id))
    stmts.push(db.prepare('DELETE FROM service_steps WHERE process_id = ?').bind(id))
  }
  if (spec.kind === 'service_step') stmts.push(...stepDependents(db, '= ?', id))
  stmts.push(db.prepare(`DELETE FROM ${spec.table} WHERE id = ?`).bind(id))
  return stmts
}

function stepDependents(db: D1Database, stepIs: string, id: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `DELETE FROM documents WHERE group_id IN (SELECT id FROM step_groups WHERE step_id ${stepIs})
         OR accordion_id IN (SELECT id FROM step_accordions WHERE step_id ${stepIs})`,
      )
      .bind(id, id),
    db.prepare(`DELETE FROM step_groups WHERE step_id ${stepIs}`).bind(id),
    db.prepare(`DELETE FROM step_accordions WHERE step_id ${stepIs}`).bind(id),
  ]
}

/** Sets an item's publication and its time. */
export function setPublicationStatement(
  db: D1Database,
  spec: KindSpec,
  id: number,
  publication: string,
  publishAt: string | null,
): D1PreparedStatement {
  return db
    .prepare(`UPDATE ${spec.table} SET publication = ?, publish_at = ? WHERE id = ?`)
    .bind(publication, publishAt, id)
}

/** The items of a kind scheduled for `at` or earlier. */
export async function listDue(db: D1Database, spec: KindSpec, at: string): Promise<KindRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM ${spec.table} WHERE publication = 'scheduled' AND publish_at <= ?`)
    .bind(at)
    .all<KindRow>()
  return results
}

/** Publishes a scheduled item; false when it is no longer scheduled (an editor's unpublish in between wins). */
export async function publishScheduled(
  db: D1Database,
  spec: KindSpec,
  id: number,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const publish = db
    .prepare(`UPDATE ${spec.table} SET publication = 'published' WHERE id = ? AND publication = 'scheduled'`)
    .bind(id)
  return (await runWith(db, publish, also)) === 1
}

/**
 * The row of the operator the cron trigger's publications are recorded under: one no one signs in as (removed, with an
 * address that cannot receive mail), written when first needed so a wiped operators table keeps working.
 */
export function ensureSchedulerStatement(db: D1Database, schedulerId: number, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO operators (id, email, name, role, created_at, removed_at)
       VALUES (?1, 'scheduler@system.invalid', 'Scheduled publication', 'editor', ?2, ?2)`,
    )
    .bind(schedulerId, now.toISOString())
}

/** The DELETE of an item's rows (every language) from the search index. */
export function unindexRowsStatement(db: D1Database, kind: string, ref: string | number): D1PreparedStatement {
  return db.prepare('DELETE FROM search_index WHERE kind = ? AND ref_id = ?').bind(kind, ref)
}

/** The INSERT of one language's row of an item into the search index. */
export function indexRowStatement(
  db: D1Database,
  entry: {
    title: string
    body: string
    kind: string
    ref: string | number
    lang: Locale
    displayTitle: string
    description: string
    path: string
  },
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO search_index (title, body, kind, ref_id, lang, display_title, description, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(entry.title, entry.body, entry.kind, entry.ref, entry.lang, entry.displayTitle, entry.description, entry.path)
}

/** The version before anything was ever published from the console. */
export const FIRST_VERSION = 1

/** The current content version, or null before the first publication. */
export function readVersion(db: D1Database): Promise<number | null> {
  return db.prepare('SELECT version FROM content_state WHERE id = 1').first<number>('version')
}

/**
 * The statement that moves the version on: to the later of version + 1 and the time in ms, so a database restored from
 * an older backup (or wiped) never hands out a number the portal has already cached under.
 */
export function bumpVersionStatement(db: D1Database, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO content_state (id, version) VALUES (1, max(?1, ${FIRST_VERSION + 1}))
       ON CONFLICT (id) DO UPDATE SET version = max(version + 1, ?1)`,
    )
    .bind(now.getTime())
}
