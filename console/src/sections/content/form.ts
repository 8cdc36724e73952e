/**
 * An item's form as the gateway's values (docs/decisions/0030-operator-console.md#content-screens): every control is
 * text in the form, and becomes the column's value here (a number, a flag, an instant). A child's controls are named
 * under its row (`c.{kind}.{row}.{column}`), and the children go with their parent's save as the list the gateway
 * replaces. The form itself is what is kept when the gateway refuses a save, so the page shows it again as typed; a
 * stored item becomes the form's text the other way (`formValues`).
 */
import type { Context } from 'hono'
import type { ContentChild, ContentKind } from '../../../../contract/operators/content'
import type { ConsoleEnv } from '../../context'
import { fromLocalTime, toLocalTime } from '../../time'
import { childRows, columnsOf } from './kinds'

export type Multipart = { fields: Record<string, string>; files: Record<string, File> }

/** A form's text fields and its non-empty files (the first value of a repeated name). */
export async function readMultipart(c: Context<ConsoleEnv>): Promise<Multipart> {
  const body = await c.req.parseBody({ all: true }).catch(() => ({}))
  const fields: Record<string, string> = {}
  const files: Record<string, File> = {}
  for (const [name, raw] of Object.entries(body)) {
    const value = Array.isArray(raw) ? raw[0] : raw
    if (typeof value === 'string') fields[name] = value
    else if (value instanceof File && value.size > 0) files[name] = value
  }
  return { fields, files }
}

/** The number a field holds, accepting a decimal comma and spaces; the text itself when it is none. */
function toNumber(raw: string): number | string {
  const n = Number(raw.trim().replace(',', '.').replace(/\s/g, ''))
  return Number.isFinite(n) ? n : raw
}

/** The values of `kind`'s fields from the form's `fields` under `prefix`. */
function valuesOf(kind: ContentKind, fields: Record<string, string>, prefix: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of kind.fields) {
    for (const col of columnsOf(field)) {
      const raw = fields[prefix + col] ?? ''
      const blank = raw.trim() === ''
      switch (field.type) {
        case 'bool':
          values[col] = raw === 'true'
          break
        case 'number':
          values[col] = blank ? null : toNumber(raw)
          break
        case 'ref':
          values[col] = blank ? null : raw.trim()
          break
        case 'datetime':
          values[col] = blank ? null : (fromLocalTime(raw) ?? raw)
          break
        case 'text':
        case 'longtext':
        case 'html':
          values[col] = raw
          break
        default:
          values[col] = blank ? null : raw.trim()
      }
    }
  }
  return values
}

type Child = { id?: number; values: Record<string, unknown>; children?: Record<string, Child[]> }

/** Whether a row of the form has nothing in it (an offered empty row). */
function isBlankRow(
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  fields: Record<string, string>,
  prefix: string,
): boolean {
  const own = kind.fields.every((f) =>
    columnsOf(f).every(
      (col) => !(fields[prefix + col] ?? '').trim() || (f.type === 'bool' && fields[prefix + col] !== 'true'),
    ),
  )
  return (
    own &&
    (kind.children ?? []).every((name) => {
      const child = kinds.get(name)
      return (
        !child ||
        childRows(fields, prefix, name).every((row) => isBlankRow(child, kinds, fields, `${prefix}c.${name}.${row}.`))
      )
    })
  )
}

/** The children of each child kind from the form, and where each sent row's fields are in the form. */
function childrenOf(
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  fields: Record<string, string>,
  prefix: string,
  sentPrefix: string,
  rows: Map<string, string>,
): Record<string, Child[]> {
  const out: Record<string, Child[]> = {}
  for (const name of kind.children ?? []) {
    const child = kinds.get(name)
    if (!child) continue
    const list: Child[] = []
    for (const row of childRows(fields, prefix, name)) {
      const rowPrefix = `${prefix}c.${name}.${row}.`
      if (fields[`${rowPrefix}remove`] === 'true') continue
      const id = /^\d{1,12}$/.test(fields[`${rowPrefix}id`] ?? '') ? Number(fields[`${rowPrefix}id`]) : undefined
      if (id === undefined && isBlankRow(child, kinds, fields, rowPrefix)) continue
      const sent = `${sentPrefix}${name}.${list.length}.`
      rows.set(sent, rowPrefix)
      const item: Child = { values: valuesOf(child, fields, rowPrefix) }
      if (id !== undefined) item.id = id
      if (child.children) item.children = childrenOf(child, kinds, fields, rowPrefix, sent, rows)
      list.push(item)
    }
    out[name] = list
  }
  return out
}

/**
 * What a save sends for `kind` from the form, and `formName`, which turns a field the gateway names (`title_ru`,
 * `post_file.0.name`) into its control's name in the form.
 */
export function saveOf(
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  fields: Record<string, string>,
): { body: Record<string, unknown>; formName: (path: string) => string } {
  const rows = new Map<string, string>()
  const body: Record<string, unknown> = { values: valuesOf(kind, fields, '') }
  if (kind.children?.length) body.children = childrenOf(kind, kinds, fields, '', 'children.', rows)
  const formName = (path: string) => {
    let best = ''
    for (const sent of rows.keys()) if (path.startsWith(sent) && sent.length > best.length) best = sent
    return best ? rows.get(best)! + path.slice(best.length) : path
  }
  return { body, formName }
}

/** An item's stored values (and its children's, under `c.{kind}.{row}.`) as the form's text. */
export function formValues(
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  values: Record<string, unknown>,
  children: Record<string, ContentChild[]> = {},
  prefix = '',
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of kind.fields) {
    for (const col of columnsOf(field)) {
      const value = values[col]
      const name = prefix + col
      if (field.type === 'bool') out[name] = value ? 'true' : ''
      else if (value === null || value === undefined) out[name] = ''
      else if (field.type === 'datetime') out[name] = toLocalTime(String(value))
      else out[name] = String(value)
    }
  }
  for (const [name, rows] of Object.entries(children)) {
    const child = kinds.get(name)
    if (!child) continue
    rows.forEach((row, i) => {
      const rowPrefix = `${prefix}c.${name}.${i}.`
      if (row.id !== undefined) out[`${rowPrefix}id`] = String(row.id)
      Object.assign(out, formValues(child, kinds, row.values, row.children, rowPrefix))
    })
  }
  return out
}
