/**
 * Publishing (docs/gateway-contract.md#operator-content): editors' reads and writes of every content kind, checked
 * field by field against its description (content-kinds.ts), with rich text through the portal's allow-list; the
 * publication state (draft, scheduled, published); the search index and the content version following what readers
 * see; and the audit row of every change.
 */

import { LOCALES, type Locale } from '../../../../contract/locales'
import type { Publication } from '../../../../contract/operators/values'
import { GatewayError } from '../../lib/envelope'
import { toKeywords } from '../../lib/search-text'
import { sanitizeUserHtml } from '../../lib/user-html'
import { ART_NAME } from '../content/svg-art'
import { type AuditSubject, contentAuditTarget, recordAudit } from '../operators/audit/audit'
import { columnsOf, type FieldSpec, isLocalized, type KindRow, type KindSpec, kindOf } from './kinds'
import { indexStatements, unindexStatement } from './search-index'
import { parseUploadRef } from './uploads'
import { bumpContentVersion } from './version'

/**
 * The operator the cron trigger's publications are recorded under: a row no one signs in as (removed, with an address
 * that cannot receive mail), written when first needed so a wiped operators table keeps working.
 */
const SCHEDULER_OPERATOR_ID = 0

function ensureScheduler(db: D1Database, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO operators (id, email, name, role, created_at, removed_at)
       VALUES (?1, 'scheduler@system.invalid', 'Scheduled publication', 'editor', ?2, ?2)`,
    )
    .bind(SCHEDULER_OPERATOR_ID, now.toISOString())
}

/** Values as the console sends and reads them: one key per column (`title_uz`, `category`, …). */
export type Values = Record<string, unknown>

/** A child item in a read or a save: its id (absent for a new one), its values and its own children. */
export type ChildItem = { id?: number; values: Values; children?: Record<string, ChildItem[]> }

/** Every column of a kind's fields. */
function columns(spec: KindSpec): string[] {
  return spec.fields.flatMap((f) => columnsOf(f, LOCALES))
}

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
    const { table, label } = field.ref
    const { results } = await db
      .prepare(`SELECT id, ${LOCALES.map((l) => `${label}_${l}`).join(', ')} FROM ${table} ORDER BY id`)
      .all<KindRow>()
    choices.set(
      table,
      results.map((r) => ({
        id: Number(r.id),
        label: Object.fromEntries(LOCALES.map((l) => [l, String(r[`${label}_${l}`] ?? '')])) as Record<Locale, string>,
      })),
    )
  }
  return specs.map((s) => ({
    kind: s.kind,
    publishable: s.publishable,
    ...(s.parent ? { parent: s.parent.kind } : {}),
    ...(s.children ? { children: s.children } : {}),
    title_field: s.titleField,
    filter: s.filter ?? null,
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

function titleOf(spec: KindSpec, row: KindRow): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, String(row[`${spec.titleField}_${l}`] ?? '')])) as Record<
    Locale,
    string
  >
}

/** A list of a publishable kind for the console: newest first, filtered by publication and a title search. */
export async function listItems(
  db: D1Database,
  spec: KindSpec,
  filter: { publication?: Publication; q?: string; choice?: string },
  paging: { size: number; offset: number },
) {
  const where: string[] = []
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
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const total = await db
    .prepare(`SELECT count(*) AS n FROM ${spec.table} ${clause}`)
    .bind(...args)
    .first<number>('n')
  const { results } = await db
    .prepare(`SELECT * FROM ${spec.table} ${clause} ORDER BY ${spec.order} LIMIT ? OFFSET ?`)
    .bind(...args, paging.size, paging.offset)
    .all<KindRow>()
  return {
    total: total ?? 0,
    items: results.map((r) => ({
      id: Number(r.id),
      title: titleOf(spec, r),
      publication: (r.publication as Publication | undefined) ?? null,
      publish_at: r.publish_at ?? null,
      updated_at: r.updated_at ?? null,
      missing: missingLanguages(spec, r),
    })),
  }
}

async function readRow(db: D1Database, spec: KindSpec, id: number): Promise<KindRow | null> {
  return db.prepare(`SELECT * FROM ${spec.table} WHERE id = ?`).bind(id).first<KindRow>()
}

function valuesOf(spec: KindSpec, row: KindRow): Values {
  return Object.fromEntries(columns(spec).map((c) => [c, row[c] ?? null]))
}

/** The children of a row, of every child kind, in their order, each with their own children. */
async function readChildren(db: D1Database, spec: KindSpec, parentId: number): Promise<Record<string, ChildItem[]>> {
  const out: Record<string, ChildItem[]> = {}
  for (const name of spec.children ?? []) {
    const child = requireKind(name)
    const { results } = await db
      .prepare(
        `SELECT ${child.idColumn} AS _id, * FROM ${child.table} WHERE ${child.parent!.column} = ? ORDER BY ${child.order}`,
      )
      .bind(parentId)
      .all<KindRow>()
    out[name] = []
    for (const r of results) {
      const item: ChildItem = { id: Number(r._id), values: valuesOf(child, r) }
      if (child.children) item.children = await readChildren(db, child, Number(r._id))
      out[name].push(item)
    }
  }
  return out
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
    children: await readChildren(db, spec, id),
  }
}

/** Per-column problems of a save, as `{ column: code }`. */
type Problems = Record<string, string>

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const ICON = /^[a-z0-9-]{0,60}$/
const PHONE = /^[+\d][\d\s()-]{6,24}$/
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,189}\.[^\s@<>"]{2,63}$/

function isRealDate(s: string): boolean {
  const t = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)
  return !Number.isNaN(t) && (s.length !== 10 || new Date(t).toISOString().startsWith(s))
}

/**
 * One field's value, checked and normalised to what its column stores; `undefined` with a problem recorded when it is
 * unusable. Localised fields are checked per language.
 */
async function checkField(
  db: D1Database,
  field: FieldSpec,
  input: Values,
  problems: Problems,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  const raw = (column: string) => input[column]
  const str = (column: string): string | null => {
    const value = raw(column)
    if (value === null || value === undefined) return ''
    if (typeof value === 'number') return String(value)
    if (typeof value !== 'string') {
      problems[column] = 'invalid'
      return null
    }
    return value.trim()
  }
  if (isLocalized(field.type)) {
    const cols = columnsOf(field, LOCALES)
    for (const column of cols) {
      let value = str(column)
      if (value === null) continue
      if (field.type === 'html') value = (await sanitizeUserHtml(value)).trim()
      if (field.max && value.length > field.max) problems[column] = 'too_long'
      out[column] = value
    }
    // A draft may leave languages empty, never every one of a required field.
    if (field.required && cols.every((c) => !out[c] && !problems[c])) for (const c of cols) problems[c] = 'required'
    return out
  }
  const column = field.name
  const value = raw(column)
  const empty = value === null || value === undefined || value === ''
  if (empty) {
    if (field.required) problems[column] = 'required'
    else out[column] = EMPTY_STORED[field.type] ?? ''
    return out
  }
  switch (field.type) {
    case 'number': {
      const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value
      if (typeof n !== 'number' || !Number.isFinite(n)) problems[column] = 'invalid'
      else out[column] = n
      return out
    }
    case 'bool':
      if (typeof value !== 'boolean' && value !== 0 && value !== 1) problems[column] = 'invalid'
      else out[column] = value ? 1 : 0
      return out
    case 'ref': {
      const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) problems[column] = 'invalid'
      else if (!(await db.prepare(`SELECT 1 AS x FROM ${field.ref!.table} WHERE id = ?`).bind(id).first('x')))
        problems[column] = 'unknown'
      else out[column] = id
      return out
    }
    default:
      break
  }
  const s = str(column)
  if (s === null) return out
  if (field.max && s.length > field.max) {
    problems[column] = 'too_long'
    return out
  }
  const valid: Record<string, (v: string) => boolean | Promise<boolean>> = {
    plain: (v) => v.length <= 1000,
    slug: (v) => SLUG.test(v),
    email: (v) => v.length <= 254 && EMAIL.test(v),
    url: (v) => v.length <= 2000 && /^https?:\/\/[^\s<>"]+$/i.test(v),
    phone: (v) => PHONE.test(v),
    icon: (v) => ICON.test(v),
    date: (v) => DATE.test(v) && isRealDate(v),
    datetime: (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.test(v) && isRealDate(v),
    time: (v) => TIME.test(v),
    choice: (v) => (field.options ?? []).includes(v),
    // An upload of this console (stored and public), or the generated illustration the item already had.
    image: async (v) => ART_NAME.test(v) || (await uploadExists(db, v, true)),
    file: async (v) => ART_NAME.test(v) || (await uploadExists(db, v, false)),
  }
  const check = valid[field.type]
  if (check && !(await check(s))) problems[column] = field.type === 'choice' ? 'unknown_choice' : 'invalid'
  else out[column] = field.type === 'datetime' ? new Date(s).toISOString() : s
  return out
}

/** What an optional field's column holds when it is left empty. */
const EMPTY_STORED: Partial<Record<FieldSpec['type'], unknown>> = {
  number: null,
  image: null,
  file: null,
  url: null,
  bool: 0,
}

async function uploadExists(db: D1Database, value: string, image: boolean): Promise<boolean> {
  const ref = parseUploadRef(value)
  if (!ref || (image && !ref.contentType.startsWith('image/'))) return false
  return !!(await db.prepare('SELECT 1 AS x FROM files WHERE id = ? AND is_public = 1').bind(ref.id).first('x'))
}

/** Checks every field of a kind; 422 `validation_error` with `{ errors: { column: code } }` when any is unusable. */
async function checkValues(db: D1Database, spec: KindSpec, input: Values, path = ''): Promise<Values> {
  const problems: Problems = {}
  const out: Values = {}
  for (const field of spec.fields) Object.assign(out, await checkField(db, field, input, problems))
  if (Object.keys(problems).length) {
    const prefixed = Object.fromEntries(Object.entries(problems).map(([k, v]) => [`${path}${k}`, v]))
    throw new GatewayError(422, 'validation_error', 'validation_error', Object.keys(prefixed), { errors: prefixed })
  }
  return out
}

/** Columns a save writes besides the fields: the keyword column and the update time. */
function derived(spec: KindSpec, values: Values, now: Date): Values {
  const extra: Values = {}
  if (spec.keywords) extra.keywords = toKeywords(...LOCALES.map((l) => String(values[`${spec.keywords}_${l}`] ?? '')))
  if (spec.updatedAt) extra.updated_at = now.toISOString()
  return extra
}

function insertStatement(db: D1Database, table: string, values: Values): D1PreparedStatement {
  const cols = Object.keys(values)
  return db
    .prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) RETURNING rowid AS new_id`,
    )
    .bind(...cols.map((c) => values[c]))
}

function updateStatement(db: D1Database, spec: KindSpec, id: number, values: Values): D1PreparedStatement {
  const cols = Object.keys(values)
  return db
    .prepare(`UPDATE ${spec.table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE ${spec.idColumn} = ?`)
    .bind(...cols.map((c) => values[c]), id)
}

/** 409 `slug_taken` (as a 422 field error) when another row of the table has the slug. */
async function checkSlug(db: D1Database, spec: KindSpec, values: Values, id: number | null): Promise<void> {
  if (!('slug' in values)) return
  const other = await db
    .prepare(`SELECT id FROM ${spec.table} WHERE slug = ? AND id IS NOT ?`)
    .bind(values.slug, id)
    .first<number>('id')
  if (other !== null)
    throw new GatewayError(422, 'validation_error', 'validation_error', ['slug'], { errors: { slug: 'taken' } })
}

/** What a save of children becomes: statements, in order, replacing the children the parent had. */
async function childStatements(
  db: D1Database,
  spec: KindSpec,
  parentId: number,
  given: unknown,
  path: string,
): Promise<D1PreparedStatement[]> {
  if (given === undefined) return []
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new GatewayError(422, 'validation_error', 'validation_error', ['children'], {
      errors: { [`${path}children`]: 'invalid' },
    })
  }
  const stmts: D1PreparedStatement[] = []
  for (const name of spec.children ?? []) {
    const list = (given as Record<string, unknown>)[name]
    if (list === undefined) continue
    const child = requireKind(name)
    const column = child.parent!.column
    if (!Array.isArray(list) || list.length > 200) {
      throw new GatewayError(422, 'validation_error', 'validation_error', [name], {
        errors: { [`${path}${name}`]: 'invalid' },
      })
    }
    const existing = await db
      .prepare(`SELECT ${child.idColumn} AS id FROM ${child.table} WHERE ${column} = ?`)
      .bind(parentId)
      .all<{ id: number }>()
    const had = new Set(existing.results.map((r) => Number(r.id)))
    const kept = new Set<number>()
    const rowidKeyed = child.idColumn === 'rowid'
    // Tables keyed by (parent, position) are written afresh; tables with ids of their own keep them, so what hangs
    // from a kept child (a step's documents) stays.
    if (rowidKeyed) stmts.push(db.prepare(`DELETE FROM ${child.table} WHERE ${column} = ?`).bind(parentId))
    for (const [i, raw] of list.entries()) {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as ChildItem
      const where = `${path}${name}.${i}.`
      const values = await checkValues(db, child, (item.values ?? {}) as Values, where)
      const row = { ...values, ...(child.positioned ? { position: i } : {}) }
      const id = !rowidKeyed && typeof item.id === 'number' && had.has(item.id) ? item.id : null
      if (id !== null) {
        kept.add(id)
        stmts.push(updateStatement(db, child, id, row))
        stmts.push(...(await childStatements(db, child, id, item.children, where)))
      } else if (rowidKeyed || !child.children || item.children === undefined) {
        stmts.push(insertStatement(db, child.table, { ...row, [column]: parentId }))
      } else {
        // A new child with children of its own: its id is needed first, so it is written now.
        const made = await insertStatement(db, child.table, { ...row, [column]: parentId }).first<number>('new_id')
        stmts.push(...(await childStatements(db, child, Number(made), item.children, where)))
      }
    }
    if (!rowidKeyed) for (const id of had) if (!kept.has(id)) stmts.push(...deleteChild(db, child, id))
  }
  return stmts
}

/** Deleting a child with ids of its own takes what hangs from it along (a step's groups, accordions, documents). */
function deleteChild(db: D1Database, spec: KindSpec, id: number): D1PreparedStatement[] {
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

function auditSubject(action: ContentAuditAction, spec: KindSpec, id: number): AuditSubject {
  return { action, kind: contentAuditTarget(spec.kind), id }
}

type ContentAuditAction = Extract<AuditSubject['action'], `content.${string}`>

/** A new item: a draft of a publishable kind. */
export async function createItem(
  db: D1Database,
  spec: KindSpec,
  operatorId: number,
  body: { values: Values; children?: unknown },
  now: Date,
): Promise<number> {
  if (spec.parent) throw notFound()
  const values = await checkValues(db, spec, body.values)
  await checkSlug(db, spec, values, null)
  const row = { ...values, ...derived(spec, values, now), ...(spec.publishable ? { publication: 'draft' } : {}) }
  const id = Number(await insertStatement(db, spec.table, row).first<number>('new_id'))
  const children = await childStatements(db, spec, id, body.children, 'children.')
  if (children.length) await db.batch(children)
  await recordAudit(db, operatorId, auditSubject('content.create', spec, id), null, values, now)
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
  db: D1Database,
  spec: KindSpec,
  operatorId: number,
  id: number,
  body: { values: Values; children?: unknown },
  now: Date,
): Promise<void> {
  if (spec.parent) throw notFound()
  const stored = await readRow(db, spec, id)
  if (!stored) throw notFound()
  const values = await checkValues(db, spec, { ...valuesOf(spec, stored), ...body.values })
  await checkSlug(db, spec, values, id)
  const children = await childStatements(db, spec, id, body.children, 'children.')
  const row = { ...values, ...derived(spec, values, now) }
  const stmts = [updateStatement(db, spec, id, row), ...children]
  if (stored.publication === 'published') {
    stmts.push(...(await indexStatements(db, spec, { ...stored, ...row })), bumpContentVersion(db, now))
    // A page moved to another slug leaves its old search rows behind unless they go too.
    const old = unindexStatement(db, spec, stored)
    if (old && stored.slug !== row.slug) stmts.unshift(old)
  }
  await db.batch(stmts)
  const diff = changes(valuesOf(spec, stored), values)
  // Children are replaced as a whole: the log names the lists that were saved.
  const saved = body.children && typeof body.children === 'object' ? Object.keys(body.children) : []
  const after = saved.length ? { ...diff.after, children: saved } : diff.after
  await recordAudit(db, operatorId, auditSubject('content.update', spec, id), diff.before, after, now)
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
  const stmts = [
    db
      .prepare(`UPDATE ${spec.table} SET publication = ?, publish_at = ? WHERE id = ?`)
      .bind(publication, publishAt, id),
  ]
  if (publication === 'published') stmts.push(...(await indexStatements(db, spec, stored)))
  else {
    const remove = unindexStatement(db, spec, stored)
    if (remove) stmts.push(remove)
  }
  if (publication === 'published' || stored.publication === 'published') stmts.push(bumpContentVersion(db, now))
  await db.batch(stmts)
  const action = publication === 'published' ? 'content.publish' : 'content.schedule'
  await recordAudit(
    db,
    operatorId,
    auditSubject(action, spec, id),
    { publication: stored.publication, publish_at: stored.publish_at ?? null },
    { publication, publish_at: publishAt, ...(missing.length ? { missing } : {}) },
    now,
  )
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
  const stmts = [db.prepare(`UPDATE ${spec.table} SET publication = 'draft', publish_at = NULL WHERE id = ?`).bind(id)]
  const remove = unindexStatement(db, spec, stored)
  if (remove) stmts.push(remove)
  if (stored.publication === 'published') stmts.push(bumpContentVersion(db, now))
  await db.batch(stmts)
  await recordAudit(
    db,
    operatorId,
    auditSubject('content.unpublish', spec, id),
    { publication: stored.publication, publish_at: stored.publish_at ?? null },
    { publication: 'draft', publish_at: null },
    now,
  )
}

/**
 * The cron trigger's part (docs/operations.md#scheduled-publication): every scheduled item whose time has come is
 * published, indexed and audited under the scheduler, and the content version moves on once.
 */
export async function publishDue(db: D1Database, specs: readonly KindSpec[], now: Date): Promise<number> {
  const at = now.toISOString()
  let count = 0
  for (const spec of specs) {
    const { results } = await db
      .prepare(`SELECT * FROM ${spec.table} WHERE publication = 'scheduled' AND publish_at <= ?`)
      .bind(at)
      .all<KindRow>()
    for (const row of results) {
      const id = Number(row.id)
      // Only a row still scheduled is published: an editor's unpublish in between wins.
      const done = await db
        .prepare(`UPDATE ${spec.table} SET publication = 'published' WHERE id = ? AND publication = 'scheduled'`)
        .bind(id)
        .run()
      if (done.meta.changes !== 1) continue
      if (count === 0) await ensureScheduler(db, now).run()
      const index = await indexStatements(db, spec, row)
      if (index.length) await db.batch(index)
      await recordAudit(
        db,
        SCHEDULER_OPERATOR_ID,
        auditSubject('content.publish', spec, id),
        { publication: 'scheduled', publish_at: row.publish_at ?? null },
        { publication: 'published', publish_at: row.publish_at ?? null },
        now,
      )
      count++
    }
  }
  if (count) await bumpContentVersion(db, now).run()
  return count
}
