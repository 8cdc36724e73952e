/**
 * A save's values checked field by field against its kind's description (docs/gateway-contract.md#operator-content):
 * text per language, rich text through the portal's allow-list, dates, numbers, choices, references (looked up in
 * D1) and uploads. A problem is a code per column, answered as 422 `validation_error`.
 */
import { LOCALES } from '../../../../contract/locales'
import { GatewayError } from '../../lib/envelope'
import { sanitizeUserHtml } from '../../lib/user-html'
import { ART_NAME } from '../content/svg-art'
import { columnsOf, type FieldSpec, isLocalized, type KindSpec } from './kinds'
import { contentUploadExists, refExists } from './queries'
import { parseUploadRef } from './uploads'

/** Values as the console sends and reads them: one key per column (`title_uz`, `category`, …). */
export type Values = Record<string, unknown>

/**
 * Where a save is checked against: the database its references and uploads are looked up in, and the portal's origin
 * its rich text's links are resolved against (`contract/html-href.ts`).
 */
export type SaveStore = Readonly<{ db: D1Database; portalOrigin: string }>

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
  { db, portalOrigin }: SaveStore,
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
      if (field.type === 'html') value = (await sanitizeUserHtml(value, portalOrigin)).trim()
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
      else if (!(await refExists(db, field.ref!.table, id))) problems[column] = 'unknown'
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
    plain: (v) => v.length <= 1000 && (!field.pattern || field.pattern.test(v)),
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
    // An upload of this console (attached by the save, `uploads.ts`), or the generated illustration the item had.
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
  return contentUploadExists(db, ref.id)
}

/** Checks every field of a kind; 422 `validation_error` with `{ errors: { column: code } }` when any is unusable. */
export async function checkValues(store: SaveStore, spec: KindSpec, input: Values, path = ''): Promise<Values> {
  const problems: Problems = {}
  const out: Values = {}
  for (const field of spec.fields) Object.assign(out, await checkField(store, field, input, problems))
  if (Object.keys(problems).length) {
    const prefixed = Object.fromEntries(Object.entries(problems).map(([k, v]) => [`${path}${k}`, v]))
    throw new GatewayError(422, 'validation_error', 'validation_error', Object.keys(prefixed), { errors: prefixed })
  }
  return out
}
