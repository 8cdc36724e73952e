/**
 * An item's form as the gateway's values (docs/architecture.md#content-screens): every control is text in the form, and
 * becomes the column's value here (a number, a flag, an instant); what the editor typed is kept as typed, so a form the
 * gateway sends back shows it again unchanged.
 */
import type { Context } from 'hono'
import type { ContentKind } from './api'
import type { ConsoleEnv } from './context'
import { columnsOf, fromLocalTime } from './pages/content'

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

/** The number a field holds, accepting a decimal comma; the text itself when it is none (the gateway names it). */
function toNumber(raw: string): number | string {
  const n = Number(raw.trim().replace(',', '.').replace(/\s/g, ''))
  return Number.isFinite(n) ? n : raw
}

/** The values to send for `kind` from the form's `fields`, and the form's text as typed. */
export function valuesOf(
  kind: ContentKind,
  fields: Record<string, string>,
): { typed: Record<string, string>; values: Record<string, unknown> } {
  const typed: Record<string, string> = {}
  const values: Record<string, unknown> = {}
  for (const field of kind.fields) {
    for (const col of columnsOf(field)) {
      const raw = fields[col] ?? ''
      typed[col] = raw
      const blank = raw.trim() === ''
      switch (field.type) {
        case 'bool':
          values[col] = raw === 'true'
          break
        case 'number':
          values[col] = blank ? null : toNumber(raw)
          break
        case 'ref':
          values[col] = blank ? null : /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : raw
          break
        case 'datetime':
          values[col] = blank ? null : (fromLocalTime(raw) ?? raw)
          break
        case 'date':
        case 'time':
        case 'choice':
        case 'image':
        case 'file':
        case 'email':
        case 'url':
        case 'phone':
          values[col] = blank ? null : raw.trim()
          break
        default:
          values[col] = raw
      }
    }
  }
  return { typed, values }
}
