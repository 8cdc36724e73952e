/**
 * Publishing (docs/gateway-contract.md#operator-content): editors' reads and writes of every content kind and of the
 * reference data, checked field by field against its description (kinds.ts, fields.ts), with rich text through the
 * portal's allow-list; the publication state (draft, scheduled, published); the search index and the content version
 * following what readers see; and the audit row of every change. Deleting and restoring are in bin.ts.
 */
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { Publication } from '../../../../contract/operators/values'
import { GatewayError } from '../../lib/envelope'
import { toKeywords } from '../../lib/search-text'
import { type AuditSubject, auditStatement, contentAuditTarget } from '../operators/audit/audit'
import { childStatements, readChildren, valuesOf } from './children'
import { checkValues, type SaveStore, type Values } from './fields'
import { isLocalized, type KindRow, type KindSpec, kindOf } from './kinds'
import {
  attachUploadsStatement,
  countInterest,
  ensureSchedulerStatement,
  findValueOwner,
  idTaken,
  insertRowWith,
  listDue,
  listRefChoices,
  listRows,
  nextPosition,
  publishScheduled,
  readRow,
  runBatch,
  runStatement,
  setPublicationStatement,
  updateRowStatement,
} from './queries'
import { indexStatements, unindexStatement } from './search-index'
import { namedUploads } from './uploads'
import { bumpContentVersion } from './version'

/**
 * The operator the cron trigger's publications are recorded under: a row no one signs in as (removed, with an address
 * that cannot receive mail), written when first needed so a wiped operators table keeps working.
 */
export const SCHEDULER_OPERATOR_ID = 0

/** The 404 of an unknown kind or item. */
const notFound = () => new GatewayError(404, 'not_found')

/** The description of `kind`, or 404. */
export function requireKind(kind: string): KindSpec {
  const spec = kindOf(kind)
  if (!spec) throw notFound()
  return spec
}

/** What the console's forms need of a kind (`GET /core/operator/content/kinds`). */
export async function describeKinds(db: D1Database, specs: readonly KindSpec[]) {
  const choices = new Map<string, { id: number; label: Record<Locale, string> }[]>()
  for (const field of specs.flatMap((s) => s.fields)) {
    if (!field.ref || choices.has(field.ref.table)) continue
    choices.set(field.ref.table, await listRefChoices(db, field.ref))
  }
  return specs.map((s) => ({
    kind: s.kind,
    publishable: s.publishable,
    reference: s.reference ?? false,
    key: s.key ?? null,
    ...(s.parent ? { parent: s.parent.kind } : {}),
    ...(s.children ? { children: s.children } : {}),
    title_field: s.titleField,
    filter: s.filter ?? null,
    interest: Boolean(s.interest),
    fields: s.fields.map((f) => ({
      name: f.name,
      type: f.type,
      required: f.required ?? false,
      max: f.max ?? null,
      options: f.options ?? null,
      localized: isLocalized(f.type),
      ...(f.ref ? { ref: { table: f.ref.table, choices: choices.get(f.ref.table) ?? [] } } : {}),
    })),
  }))
}

/** Languages in which a required localised field of the row is empty: publishing such an item needs a confirmation. */
function missingLanguages(spec: KindSpec, row: KindRow): Locale[] {
  const required = spec.fields.filter((f) => f.required && isLocalized(f.type))
  return LOCALES.filter((l) => required.some((f) => !String(row[`${f.name}_${l}`] ?? '').trim()))
}

export function titleOf(spec: KindSpec, row: KindRow): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, String(row[`${spec.titleField}_${l}`] ?? '')])) as Record<
    Locale,
    string
  >
}

/** A list of a publishable kind for the console: newest first, filtered by publication and a title search. */
export async function listItems(
  db: D1Database,
  spec: KindSpec,
  filter: { publication?: Publication; q?: string; choice?: string; sort?: 'interest' },
  paging: { size: number; offset: number },
) {
  const where: string[] = spec.scope ? [spec.scope] : []
  const args: unknown[] = []
  if (filter.publication && spec.publishable) {
    where.push('publication = ?')
    args.push(filter.publication)
  }
  if (filter.choice !== undefined && spec.filter) {
    where.push(`${spec.filter} = ?`)
    args.push(filter.choice)
  }
  if (filter.q) {
    const titleCols = LOCALES.map((l) => `${spec.titleField}_${l}`)
    where.push(`(${titleCols.map((c) => `instr(lower(${c}), ?) > 0`).join(' OR ')})`)
    args.push(...titleCols.map(() => filter.q!.toLowerCase()))
  }
  const { total, rows } = await listRows(db, spec, { conditions: where, args }, paging, filter.sort === 'interest')
  return {
    total,
    items: rows.map((r) => ({
      id: Number(r.id),
      title: titleOf(spec, r),
      publication: (r.publication as Publication | undefined) ?? null,
      publish_at: r.publish_at ?? null,
      updated_at: r.updated_at ?? null,
      missing: missingLanguages(spec, r),
      interest: interestOf(spec, r),
    })),
  }
}

/** One item for the console's editor. */
export async function readItem(db: D1Database, spec: KindSpec, id: number) {
  if (spec.parent) throw notFound()
  const row = await readRow(db, spec, id)
  if (!row) throw notFound()
  return {
    id,
    kind: spec.kind,
    publication: (row.publication as Publication | undefined) ?? null,
    publish_at: row.publish_at ?? null,
    updated_at: row.updated_at ?? null,
    values: valuesOf(spec, row),
    missing: missingLanguages(spec, row),
    interest: spec.interest ? await countInterest(db, spec, id) : null,
    children: await readChildren(db, spec, id),
  }
}

/** How many enquiries a listed item has had, for a kind that counts them; null for the others. */
function interestOf(spec: KindSpec, row: KindRow): number | null {
  return spec.interest ? Number(row.interest_count ?? 0) : null
}

/** Columns a save writes besides the fields: the keyword column and the update time. */
function derived(spec: KindSpec, values: Values, now: Date): Values {
  const extra: Values = {}
  if (spec.keywords) extra.keywords = toKeywords(...LOCALES.map((l) => String(values[`${spec.keywords}_${l}`] ?? '')))
  if (spec.updatedAt) extra.updated_at = now.toISOString()
  return extra
}

/** A 422 naming one field and its problem. */
const fieldProblem = (column: string, code: string) =>
  new GatewayError(422, 'validation_error', 'validation_error', [column], { errors: { [column]: code } })

/** 422 `taken` when another row of the table holds a value of a field the kind keeps unique (a slug, a code). */
async function checkUnique(db: D1Database, spec: KindSpec, values: Values, id: number | null): Promise<void> {
  for (const column of spec.unique ?? []) {
    if (!(column in values)) continue
    if ((await findValueOwner(db, spec, column, values[column], id)) !== null) throw fieldProblem(column, 'taken')
  }
}

/** A reference field of a kind that names its own item (a category its own parent) is refused. */
function checkNotSelf(spec: KindSpec, values: Values, id: number): void {
  for (const field of spec.fields)
    if (field.ref?.table === spec.table && values[field.name] === id) throw fieldProblem(field.name, 'invalid')
}

/**
 * The id a new item of a kind with a key field takes: the key's number (a place's code), unless a row has it already
 * (422 `taken`); null for other kinds, whose ids D1 gives.
 */
async function keyedId(db: D1Database, spec: KindSpec, values: Values): Promise<number | null> {
  if (!spec.key) return null
  const id = Number(values[spec.key])
  if (await idTaken(db, spec, id)) throw fieldProblem(spec.key, 'taken')
  return id
}

export function auditSubject(action: ContentAuditAction, spec: KindSpec, id: AuditSubject['id']): AuditSubject {
  return { action, kind: contentAuditTarget(spec.kind), id }
}

type ContentAuditAction = Extract<AuditSubject['action'], `content.${string}`>

/** A new item: a draft of a publishable kind. */
export async function createItem(
  store: SaveStore,
  spec: KindSpec,
  operatorId: number,
  body: { values: Values; children?: unknown },
  now: Date,
): Promise<number> {
  if (spec.parent) throw notFound()
  const { db } = store
  const values = await checkValues(store, spec, body.values)
  await checkUnique(db, spec, values, null)
  const given = await keyedId(db, spec, values)
  if (spec.positioned && values.position == null) values.position = await nextPosition(db, spec)
  const row = {
    ...(given === null ? {} : { id: given }),
    ...values,
    ...derived(spec, values, now),
    ...(spec.publishable ? { publication: 'draft' } : {}),
    ...(spec.scope === 'parent_id IS NULL' ? { parent_id: null } : {}),
  }
  // The audit row names the row just inserted (a keyed kind's given id too): both in one batch.
  const subject = auditSubject('content.create', spec, { inserted: true })
  const id = await insertRowWith(db, spec.table, row, [auditStatement(db, operatorId, subject, null, values, now)])
  const stmts = await childStatements(store, spec, id, body.children, 'children.')
  // Reference data is seen at once: readers' payloads are keyed by the content version (docs/decisions/0031-publishing.md).
  if (spec.reference) stmts.push(bumpContentVersion(db, now))
  await runBatch(db, [...stmts, attachUploadsStatement(db, namedUploads(values, body.children), now)])
  return id
}

/** The changed columns of a save, before and after, for the audit log. */
function changes(before: Values, after: Values): { before: Values; after: Values } {
  const changed = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k]))
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  }
}

/**
 * Saves an item: the given values over what it holds, and its children when given. An edit of a published item is
 * seen at once: its search rows are rewritten and the content version moves on.
 */
export async function updateItem(
  store: SaveStore,
  spec: KindSpec,
  operatorId: number,
  id: number,
  body: { values: Values; children?: unknown },
  now: Date,
): Promise<void> {
  if (spec.parent) throw notFound()
  const { db } = store
  const stored = await readRow(db, spec, id)
  if (!stored) throw notFound()
  const values = await checkValues(store, spec, { ...valuesOf(spec, stored), ...body.values })
  // A key field is the item's id: it never changes.
  if (spec.key && String(values[spec.key]) !== String(stored[spec.key])) throw fieldProblem(spec.key, 'fixed')
  await checkUnique(db, spec, values, id)
  checkNotSelf(spec, values, id)
  if (spec.positioned && values.position == null) values.position = stored.position
  const children = await childStatements(store, spec, id, body.children, 'children.')
  const row = { ...values, ...derived(spec, values, now) }
  const attach = attachUploadsStatement(db, namedUploads(values, body.children), now)
  const stmts = [updateRowStatement(db, spec, id, row), ...children, attach]
  if (spec.reference) stmts.push(bumpContentVersion(db, now))
  if (stored.publication === 'published') {
    stmts.push(...(await indexStatements(db, spec, { ...stored, ...row })), bumpContentVersion(db, now))
    // A page moved to another slug leaves its old search rows behind unless they go too.
    const old = unindexStatement(db, spec, stored)
    if (old && stored.slug !== row.slug) stmts.unshift(old)
  }
  const diff = changes(valuesOf(spec, stored), values)
  // Children are replaced as a whole: the log names the lists that were saved.
  const saved = body.children && typeof body.children === 'object' ? Object.keys(body.children) : []
  const after = saved.length ? { ...diff.after, children: saved } : diff.after
  stmts.push(auditStatement(db, operatorId, auditSubject('content.update', spec, id), diff.before, after, now))
  await runBatch(db, stmts)
}

/** Publishes now, or schedules for `publishAt`; 409 `translations_missing` unless an incomplete item is confirmed. */
export async function publishItem(
  db: D1Database,
  spec: KindSpec,
  operatorId: number,
  id: number,
  input: { publishAt?: Date; confirmIncomplete?: boolean },
  now: Date,
): Promise<{ publication: Publication; publish_at: string }> {
  if (!spec.publishable) throw notFound()
  const stored = await readRow(db, spec, id)
  if (!stored) throw notFound()
  const missing = missingLanguages(spec, stored)
  if (missing.length && !input.confirmIncomplete)
    throw new GatewayError(409, 'translations_missing', 'translations_missing', undefined, { missing })
  const later = input.publishAt && input.publishAt.getTime() > now.getTime()
  const publication: Publication = later ? 'scheduled' : 'published'
  const publishAt = (later ? input.publishAt! : now).toISOString()
  const stmts = [setPublicationStatement(db, spec, id, publication, publishAt)]
  if (publication === 'published') stmts.push(...(await indexStatements(db, spec, stored)))
  else {
    const remove = unindexStatement(db, spec, stored)
    if (remove) stmts.push(remove)
  }
  if (publication === 'published' || stored.publication === 'published') stmts.push(bumpContentVersion(db, now))
  const action = publication === 'published' ? 'content.publish' : 'content.schedule'
  stmts.push(
    auditStatement(
      db,
      operatorId,
      auditSubject(action, spec, id),
      { publication: stored.publication, publish_at: stored.publish_at ?? null },
      { publication, publish_at: publishAt, ...(missing.length ? { missing } : {}) },
      now,
    ),
  )
  await runBatch(db, stmts)
  return { publication, publish_at: publishAt }
}

/** Takes an item back to draft: gone from lists, pages, search and the site map. */
export async function unpublishItem(
  db: D1Database,
  spec: KindSpec,
  operatorId: number,
  id: number,
  now: Date,
): Promise<void> {
  if (!spec.publishable) throw notFound()
  const stored = await readRow(db, spec, id)
  if (!stored) throw notFound()
  const stmts = [setPublicationStatement(db, spec, id, 'draft', null)]
  const remove = unindexStatement(db, spec, stored)
  if (remove) stmts.push(remove)
  if (stored.publication === 'published') stmts.push(bumpContentVersion(db, now))
  stmts.push(
    auditStatement(
      db,
      operatorId,
      auditSubject('content.unpublish', spec, id),
      { publication: stored.publication, publish_at: stored.publish_at ?? null },
      { publication: 'draft', publish_at: null },
      now,
    ),
  )
  await runBatch(db, stmts)
}

/**
 * The cron trigger's part (docs/operations.md#scheduled-publication): every scheduled item whose time has come is
 * published, indexed and audited under the scheduler, and the content version moves on once.
 */
export async function publishDue(db: D1Database, specs: readonly KindSpec[], now: Date): Promise<number> {
  const at = now.toISOString()
  let count = 0
  let ensured = false
  for (const spec of specs) {
    for (const row of await listDue(db, spec, at)) {
      const id = Number(row.id)
      if (!ensured) await runStatement(ensureSchedulerStatement(db, SCHEDULER_OPERATOR_ID, now))
      ensured = true
      const audit = auditStatement(
        db,
        SCHEDULER_OPERATOR_ID,
        auditSubject('content.publish', spec, id),
        { publication: 'scheduled', publish_at: row.publish_at ?? null },
        { publication: 'published', publish_at: row.publish_at ?? null },
        now,
        { ifChanged: true },
      )
      // Only a row still scheduled is published: an editor's unpublish in between wins.
      if (!(await publishScheduled(db, spec, id, [audit]))) continue
      await runBatch(db, await indexStatements(db, spec, row))
      count++
    }
  }
  if (count) await runStatement(bumpContentVersion(db, now))
  return count
}
