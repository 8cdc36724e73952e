/**
 * The children of a content item (a post's files, a gallery's images, a service's processes and their steps): read
 * in their order, and saved as a whole as statements for the parent's batch.
 */
import { GatewayError } from '../../lib/envelope'
import { checkValues, type SaveStore, type Values } from './fields'
import { type KindRow, type KindSpec, kindColumns, kindOf } from './kinds'
import {
  deleteChildrenStatement,
  deleteChildStatements,
  idTaken,
  insertRowNow,
  insertRowStatement,
  listChildIds,
  listChildRows,
  readRow,
  updateRowStatement,
} from './queries'
import { inUse, usesOf } from './uses'

/** A child item in a read or a save: its id (absent for a new one), its values and its own children. */
export type ChildItem = { id?: number; values: Values; children?: Record<string, ChildItem[]> }

/** The description of a child kind (the kinds' own descriptions name it, so it exists). */
function childKind(name: string): KindSpec {
  return kindOf(name)!
}

/** A row's values: every column of its kind's fields. */
export function valuesOf(spec: KindSpec, row: KindRow): Values {
  return Object.fromEntries(kindColumns(spec).map((c) => [c, row[c] ?? null]))
}

/** The children of a row, of every child kind, in their order, each with their own children. */
export async function readChildren(
  db: D1Database,
  spec: KindSpec,
  parentId: number,
): Promise<Record<string, ChildItem[]>> {
  const out: Record<string, ChildItem[]> = {}
  for (const name of spec.children ?? []) {
    const child = childKind(name)
    const results = await listChildRows(db, child, parentId)
    out[name] = []
    for (const r of results) {
      const item: ChildItem = { id: Number(r._id), values: valuesOf(child, r) }
      if (child.children) item.children = await readChildren(db, child, Number(r._id))
      out[name].push(item)
    }
  }
  return out
}

/** What a save of children becomes: statements, in order, replacing the children the parent had. */
export async function childStatements(
  store: SaveStore,
  spec: KindSpec,
  parentId: number,
  given: unknown,
  path: string,
): Promise<D1PreparedStatement[]> {
  if (given === undefined) return []
  const { db } = store
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new GatewayError(422, 'validation_error', 'validation_error', ['children'], {
      errors: { [`${path}children`]: 'invalid' },
    })
  }
  const stmts: D1PreparedStatement[] = []
  for (const name of spec.children ?? []) {
    const list = (given as Record<string, unknown>)[name]
    if (list === undefined) continue
    const child = childKind(name)
    const column = child.parent!.column
    if (!Array.isArray(list) || list.length > 200) {
      throw new GatewayError(422, 'validation_error', 'validation_error', [name], {
        errors: { [`${path}${name}`]: 'invalid' },
      })
    }
    const had = new Set(await listChildIds(db, child, parentId))
    const kept = new Set<number>()
    const rowidKeyed = child.idColumn === 'rowid'
    // Tables keyed by (parent, position) are written afresh; tables with ids of their own keep them, so what hangs
    // from a kept child (a step's documents) stays.
    if (rowidKeyed) stmts.push(deleteChildrenStatement(db, child, parentId))
    for (const [i, raw] of list.entries()) {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as ChildItem
      const where = `${path}${name}.${i}.`
      const values = await checkValues(store, child, (item.values ?? {}) as Values, where)
      const row = { ...values, ...(child.positioned ? { position: i } : {}) }
      const id = !rowidKeyed && typeof item.id === 'number' && had.has(item.id) ? item.id : null
      const problem = (field: string, code: string) =>
        new GatewayError(422, 'validation_error', 'validation_error', [`${where}${field}`], {
          errors: { [`${where}${field}`]: code },
        })
      if (id !== null) {
        kept.add(id)
        // A key field (a district's code) is the child's id: it never changes.
        if (child.key && String(values[child.key]) !== String((await readRow(db, child, id))?.[child.key]))
          throw problem(child.key, 'fixed')
        stmts.push(updateRowStatement(db, child, id, row))
        stmts.push(...(await childStatements(store, child, id, item.children, where)))
      } else if (child.key) {
        const keyed = Number(values[child.key])
        if (await idTaken(db, child, keyed)) throw problem(child.key, 'taken')
        stmts.push(insertRowStatement(db, child.table, { id: keyed, ...row, [column]: parentId }))
      } else if (rowidKeyed || !child.children || item.children === undefined) {
        stmts.push(insertRowStatement(db, child.table, { ...row, [column]: parentId }))
      } else {
        // A new child with children of its own: its id is needed first, so it is written now.
        const made = await insertRowNow(db, child.table, { ...row, [column]: parentId })
        stmts.push(...(await childStatements(store, child, made, item.children, where)))
      }
    }
    if (!rowidKeyed) {
      const removed = [...had].filter((id) => !kept.has(id))
      // Removing a child that records point at (a type appeals were filed under) is refused, naming them.
      const uses = await usesOf(db, child.usedBy ?? [], removed)
      if (uses.length) throw inUse(uses)
      for (const id of removed) stmts.push(...deleteChildStatements(db, child, id))
    }
  }
  return stmts
}
