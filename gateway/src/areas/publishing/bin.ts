/**
 * Deleting and the bin (docs/gateway-contract.md#operator-bin): an editor deletes a draft, an unpublished item or a
 * piece of reference data; it leaves its tables for the bin, with everything that belongs to it (its children, a
 * step's documents, a category's links), and an admin restores it from there for 30 days, after which the retention
 * cron erases it. A delete is refused with 409 `in_use`, naming them, while records point at the item; every step is
 * audited, its row in the step's own batch (docs/security.md#operator-surface).
 */
import type { Locale } from '../../../../contract/locales'
import { GatewayError } from '../../lib/envelope'
import type { Paging } from '../../lib/paging'
import { auditStatement } from '../operators/audit/audit'
import { type Dependent, type KindRow, type KindSpec, kindOf } from './kinds'
import { auditSubject, SCHEDULER_OPERATOR_ID, titleOf } from './publishing'
import {
  type BinRow,
  deleteBinStatement,
  deleteRowsStatements,
  ensureSchedulerStatement,
  idTaken,
  insertBinStatement,
  listBinDue,
  listBinRows,
  readBinRow,
  readRow,
  restoreRowStatement,
  runBatch,
  runStatement,
  selectRows,
} from './queries'
import { unindexStatement } from './search-index'
import { inUse, usesOfAll } from './uses'
import { bumpContentVersion } from './version'

const DAY_MS = 24 * 3600_000
/** How long an admin can restore what was deleted. */
const BIN_DAYS = 30

/** Rows of one table, as the bin keeps them and writes them back. */
type TableRows = { table: string; rows: KindRow[] }

const notFound = () => new GatewayError(404, 'not_found')

/** The rows that belong to `ids` of `dep`'s owner, and theirs, appended to `out`. */
async function collectDependent(db: D1Database, dep: Dependent, ids: number[], out: TableRows[]): Promise<void> {
  if (!ids.length) return
  const rows = await selectRows(db, dep.table, dep.column, ids)
  if (!rows.length) return
  out.push({ table: dep.table, rows })
  for (const sub of dep.dependents ?? [])
    await collectDependent(
      db,
      sub,
      rows.map((r) => Number(r.id)),
      out,
    )
}

/**
 * Everything that belongs to the items `ids` of `spec` (children of each child kind, and theirs, and dependent rows),
 * parents before children, appended to `out`; and which kinds with which ids it met, for the uses check.
 */
async function collect(
  db: D1Database,
  spec: KindSpec,
  ids: number[],
  out: TableRows[],
  met: { spec: KindSpec; ids: number[] }[],
): Promise<void> {
  met.push({ spec, ids })
  for (const name of spec.children ?? []) {
    const child = kindOf(name)!
    const rows = await selectRows(db, child.table, child.parent!.column, ids)
    if (!rows.length) continue
    out.push({ table: child.table, rows })
    if (child.idColumn !== 'rowid')
      await collect(
        db,
        child,
        rows.map((r) => Number(r.id)),
        out,
        met,
      )
  }
  for (const dep of spec.dependents ?? []) await collectDependent(db, dep, ids, out)
}

/** A row as it is written back: its columns, without the rowid the snapshot read. */
function stored(row: KindRow): KindRow {
  const { _rowid, ...rest } = row
  return rest
}

/**
 * Deletes an item into the bin: a draft of a published kind (a published or scheduled one is unpublished first: 409
 * `published`), or reference data (whose removal readers see at once). 409 `in_use` while records point at it.
 */
export async function deleteItem(
  db: D1Database,
  spec: KindSpec,
  operatorId: number,
  id: number,
  now: Date,
): Promise<{ bin_id: number; erase_after: string }> {
  if (spec.parent) throw notFound()
  const row = await readRow(db, spec, id)
  if (!row) throw notFound()
  if (spec.publishable && row.publication !== 'draft') throw new GatewayError(409, 'published')
  const snapshot: TableRows[] = [{ table: spec.table, rows: await selectRows(db, spec.table, 'id', [id]) }]
  const met: { spec: KindSpec; ids: number[] }[] = []
  await collect(db, spec, [id], snapshot, met)
  const uses = await usesOfAll(
    db,
    met.map(({ spec: s, ids }) => ({ uses: s.usedBy ?? [], ids })),
  )
  if (uses.length) throw inUse(uses)
  const title = titleOf(spec, row)
  const eraseAfter = new Date(now.getTime() + BIN_DAYS * DAY_MS).toISOString()
  const entry = {
    kind: spec.kind,
    item_id: id,
    title_uz: title.uz,
    title_ru: title.ru,
    title_en: title.en,
    rows_json: JSON.stringify(snapshot.map((t) => ({ table: t.table, rows: t.rows.map(stored) }))),
    deleted_at: now.toISOString(),
    deleted_by: operatorId,
    erase_after: eraseAfter,
  }
  // Children first, so no row is ever left pointing at one already gone.
  const deletes = [...snapshot].reverse().flatMap((t) =>
    deleteRowsStatements(
      db,
      t.table,
      t.rows.map((r) => Number(r._rowid)),
    ),
  )
  // The audit row follows the bin's insert, so that it names the bin entry it made.
  const subject = auditSubject('content.delete', spec, id)
  const audit = auditStatement(db, operatorId, subject, { title }, {}, now, { insertedAs: 'bin' })
  const stmts = [insertBinStatement(db, entry), audit, ...deletes]
  const unindex = unindexStatement(db, spec, row)
  if (unindex) stmts.push(unindex)
  if (spec.reference) stmts.push(bumpContentVersion(db, now))
  const [inserted] = await db.batch<{ bin_id: number }>(stmts)
  const binId = inserted!.results[0]!.bin_id
  return { bin_id: binId, erase_after: eraseAfter }
}

/** A bin entry as the operators' API answers it. */
function toBinItem(r: Awaited<ReturnType<typeof listBinRows>>['rows'][number]) {
  return {
    id: r.id,
    kind: r.kind,
    item_id: r.item_id,
    title: { uz: r.title_uz, ru: r.title_ru, en: r.title_en } satisfies Record<Locale, string>,
    deleted_at: r.deleted_at,
    deleted_by: { id: r.operator_id, email: r.operator_email, name: r.operator_name },
    erase_after: r.erase_after,
  }
}

/** A page of the bin, most recently deleted first. */
export async function listBin(db: D1Database, paging: Paging) {
  const { total, rows } = await listBinRows(db, paging)
  return { total, items: rows.map(toBinItem) }
}

/**
 * A constraint a restored row failed (its id, slug or parent no longer fits): SQLite's "… constraint failed", not any
 * other abort of the batch (its audit row refused is a 500, as for every change).
 */
const isConstraintError = (err: unknown) => err instanceof Error && /constraint failed/i.test(err.message)

/**
 * Writes a bin entry's item back as it was (a draft, for a kind published on its own) and takes it out of the bin. 409
 * `restore_conflict` when it no longer fits: its id or code was taken meanwhile, or what it pointed at is gone.
 */
export async function restoreFromBin(
  db: D1Database,
  binId: number,
  operatorId: number,
  now: Date,
): Promise<{ kind: string; id: number }> {
  const entry = await readBinRow(db, binId)
  const spec = entry ? kindOf(entry.kind) : null
  if (!entry || !spec) throw notFound()
  if (await idTaken(db, spec, entry.item_id)) throw new GatewayError(409, 'restore_conflict')
  const tables = JSON.parse(entry.rows_json) as TableRows[]
  const stmts = tables.flatMap((t) => t.rows.map((row) => restoreRowStatement(db, t.table, row)))
  const subject = auditSubject('content.restore', spec, entry.item_id)
  // Written only if this restore took the entry out of the bin (not one racing it).
  const audit = auditStatement(db, operatorId, subject, { bin: binId }, null, now, { ifChanged: true })
  stmts.push(deleteBinStatement(db, binId), audit)
  if (spec.reference) stmts.push(bumpContentVersion(db, now))
  try {
    await runBatch(db, stmts)
  } catch (err) {
    if (isConstraintError(err)) throw new GatewayError(409, 'restore_conflict')
    throw err
  }
  return { kind: spec.kind, id: entry.item_id }
}

/** Entries erased per run (docs/operations.md#retention: each step is bounded). */
const ERASE_BATCH = 100

/** The retention cron's part: bin entries past their 30 days are erased, each audited under the scheduler. */
export async function eraseDue(db: D1Database, now: Date): Promise<number> {
  const due: BinRow[] = await listBinDue(db, now.toISOString(), ERASE_BATCH)
  if (!due.length) return 0
  await runStatement(ensureSchedulerStatement(db, SCHEDULER_OPERATOR_ID, now))
  for (const entry of due) {
    const spec = kindOf(entry.kind)
    const subject = spec && auditSubject('content.erase', spec, entry.item_id)
    const audit = subject
      ? [auditStatement(db, SCHEDULER_OPERATOR_ID, subject, { bin: entry.id }, null, now, { ifChanged: true })]
      : []
    await runBatch(db, [deleteBinStatement(db, entry.id), ...audit])
  }
  return due.length
}
