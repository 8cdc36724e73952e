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

/**
 * A page of a kind's items matching `where` (conditions with their args), in the kind's order (or, `byInterest`, most
 * enquiries first), with their enquiries' count (`interest_count`) where the kind has one, and their total.
 */
export async function listRows(
  db: D1Database,
  spec: KindSpec,
  where: { conditions: string[]; args: unknown[] },
  paging: { size: number; offset: number },
  byInterest = false,
): Promise<{ total: number; rows: KindRow[] }> {
  const clause = where.conditions.length ? `WHERE ${where.conditions.join(' AND ')}` : ''
  const total = await db
    .prepare(`SELECT count(*) AS n FROM ${spec.table} ${clause}`)
    .bind(...where.args)
    .first<number>('n')
  const { results } = await db
    .prepare(
      `SELECT *${spec.interest ? `, ${spec.interest} AS interest_count` : ''} FROM ${spec.table} ${clause}
       ORDER BY ${byInterest && spec.interest ? `interest_count DESC, ${spec.order}` : spec.order} LIMIT ? OFFSET ?`,
    )
    .bind(...where.args, paging.size, paging.offset)
    .all<KindRow>()
  return { total: total ?? 0, rows: results }
}

/** An item of a kind, or null. */
export function readRow(db: D1Database, spec: KindSpec, id: number): Promise<KindRow | null> {
  const scope = spec.scope ? ` AND ${spec.scope}` : ''
  return db.prepare(`SELECT * FROM ${spec.table} WHERE id = ?${scope}`).bind(id).first<KindRow>()
}

/** How many enquiries an item of a kind that counts them has had. */
export async function countInterest(db: D1Database, spec: KindSpec, id: number): Promise<number> {
  if (!spec.interest) return 0
  const n = await db.prepare(`SELECT ${spec.interest} AS n FROM ${spec.table} WHERE id = ?`).bind(id).first<number>('n')
  return n ?? 0
}

/** Whether a row of the kind's table has the id, whatever kind it is of. */
export async function idTaken(db: D1Database, spec: KindSpec, id: number): Promise<boolean> {
  return !!(await db.prepare(`SELECT 1 AS x FROM ${spec.table} WHERE id = ?`).bind(id).first('x'))
}

/** The position after the kind's last item. */
export async function nextPosition(db: D1Database, spec: KindSpec): Promise<number> {
  const scope = spec.scope ? ` WHERE ${spec.scope}` : ''
  return (
    (await db.prepare(`SELECT coalesce(max(position), -1) + 1 AS n FROM ${spec.table}${scope}`).first<number>('n')) ?? 0
  )
}

/** D1 binds at most 100 values to a statement: lists of ids go in slices of this many. */
const ID_SLICE = 90

function slices<T>(list: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += ID_SLICE) out.push(list.slice(i, i + ID_SLICE))
  return out
}

/** How many rows of `table` have `column` among `ids`. */
export async function countReferences(db: D1Database, table: string, column: string, ids: readonly number[]) {
  let n = 0
  for (const part of slices(ids))
    n +=
      (await db
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} IN (${placeholders(part.length)})`)
        .bind(...part)
        .first<number>('n')) ?? 0
  return n
}

/**
 * How many rows of `table` have any of the columns among its ids, each row counted once. Past what one statement may
 * bind, the slices are counted apart (a row pointing at two of them then counts twice).
 */
export async function countReferencesAny(
  db: D1Database,
  table: string,
  columns: readonly { column: string; ids: readonly number[] }[],
): Promise<number> {
  if (columns.reduce((n, c) => n + c.ids.length, 0) > ID_SLICE) {
    let n = 0
    for (const { column, ids } of columns) n += await countReferences(db, table, column, ids)
    return n
  }
  const where = columns.map((c) => `${c.column} IN (${placeholders(c.ids.length)})`).join(' OR ')
  return (
    (await db
      .prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...columns.flatMap((c) => c.ids))
      .first<number>('n')) ?? 0
  )
}

/** The rows of `table` whose `column` is among `values`, each with its `_rowid`, in rowid order. */
export async function selectRows(
  db: D1Database,
  table: string,
  column: string,
  values: readonly number[],
): Promise<KindRow[]> {
  const rows: KindRow[] = []
  for (const part of slices(values)) {
    const { results } = await db
      .prepare(
        `SELECT rowid AS _rowid, * FROM ${table} WHERE ${column} IN (${placeholders(part.length)}) ORDER BY rowid`,
      )
      .bind(...part)
      .all<KindRow>()
    rows.push(...results)
  }
  return rows
}

/** The DELETEs of rows of `table` by rowid. */
export function deleteRowsStatements(db: D1Database, table: string, rowids: readonly number[]): D1PreparedStatement[] {
  return slices(rowids).map((part) =>
    db.prepare(`DELETE FROM ${table} WHERE rowid IN (${placeholders(part.length)})`).bind(...part),
  )
}

/** A row written back as it was (its columns as the bin kept them). */
export function restoreRowStatement(db: D1Database, table: string, row: Values): D1PreparedStatement {
  const cols = Object.keys(row)
  return db
    .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${placeholders(cols.length)})`)
    .bind(...cols.map((c) => row[c] ?? null))
}

/** A bin entry as the bin keeps it. */
export type BinRow = {
  id: number
  kind: string
  item_id: number
  title_uz: string
  title_ru: string
  title_en: string
  rows_json: string
  deleted_at: string
  deleted_by: number
  erase_after: string
}

/** The INSERT of a bin entry, answering its id as `bin_id`. */
export function insertBinStatement(db: D1Database, entry: Omit<BinRow, 'id'>): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO bin (kind, item_id, title_uz, title_ru, title_en, rows_json, deleted_at, deleted_by, erase_after)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id AS bin_id`,
    )
    .bind(
      entry.kind,
      entry.item_id,
      entry.title_uz,
      entry.title_ru,
      entry.title_en,
      entry.rows_json,
      entry.deleted_at,
      entry.deleted_by,
      entry.erase_after,
    )
}

/** A page of the bin, most recently deleted first, with who deleted each entry, and the total. */
export async function listBinRows(db: D1Database, paging: { size: number; offset: number }) {
  const total = (await db.prepare('SELECT count(*) AS n FROM bin').first<number>('n')) ?? 0
  const { results } = await db
    .prepare(
      `SELECT b.id, b.kind, b.item_id, b.title_uz, b.title_ru, b.title_en, b.deleted_at, b.erase_after,
              o.id AS operator_id, o.email AS operator_email, o.name AS operator_name
       FROM bin b JOIN operators o ON o.id = b.deleted_by ORDER BY b.deleted_at DESC, b.id DESC LIMIT ? OFFSET ?`,
    )
    .bind(paging.size, paging.offset)
    .all<
      Omit<BinRow, 'rows_json' | 'deleted_by'> & { operator_id: number; operator_email: string; operator_name: string }
    >()
  return { total, rows: results }
}

/** A bin entry, or null. */
export function readBinRow(db: D1Database, id: number): Promise<BinRow | null> {
  return db.prepare('SELECT * FROM bin WHERE id = ?').bind(id).first<BinRow>()
}

/** The DELETE of a bin entry. */
export function deleteBinStatement(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare('DELETE FROM bin WHERE id = ?').bind(id)
}

/** Bin entries whose time has come, at most `limit`. */
export async function listBinDue(db: D1Database, at: string, limit: number): Promise<BinRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM bin WHERE erase_after <= ? ORDER BY erase_after LIMIT ?')
    .bind(at, limit)
    .all<BinRow>()
  return results
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

/** Another row of the table whose `column` holds `value`, or null. */
export async function findValueOwner(
  db: D1Database,
  spec: KindSpec,
  column: string,
  value: unknown,
  id: number | null,
) {
  return db
    .prepare(`SELECT id FROM ${spec.table} WHERE ${column} = ? AND id IS NOT ?`)
    .bind(value, id)
    .first<number>('id')
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
