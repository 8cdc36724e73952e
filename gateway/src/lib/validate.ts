/** Request input: safe JSON reading, valibot parsing into `validation_error`, and shared field schemas. */
import type { Context } from 'hono'
import * as v from 'valibot'
import { GatewayError } from './envelope'

/** Keys that could reach an object's prototype chain; dropped while parsing JSON. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Throws the 422 `validation_error` envelope naming `fields`. */
export function failValidation(fields: string[]): never {
  throw new GatewayError(422, 'validation_error', 'validation_error', [...new Set(fields)])
}

/** Reads a JSON object body; prototype-polluting keys are dropped, anything but an object is `body`-invalid. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  let value: unknown
  try {
    value = JSON.parse(text || '{}', (key, val: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : val))
  } catch {
    failValidation(['body'])
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) failValidation(['body'])
  return value as Record<string, unknown>
}

/** Parses input with a schema; unknown keys are stripped; failures name the fields (dot paths). */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  failValidation(result.issues.map((issue) => v.getDotPath(issue) ?? 'body'))
}

/** `parseInput` for a schema with asynchronous checks (ids looked up in D1). */
export async function parseInputAsync<S extends v.GenericSchemaAsync>(
  schema: S,
  input: unknown,
): Promise<v.InferOutput<S>> {
  const result = await v.safeParseAsync(schema, input)
  if (result.success) return result.output
  failValidation(result.issues.map((issue) => v.getDotPath(issue) ?? 'body'))
}

/** Reads the query string as plain values (repeated keys: the first). */
export function readQuery(c: Context): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, val] of Object.entries(c.req.query())) if (!FORBIDDEN_KEYS.has(k)) out[k] = val
  return out
}

/** A trimmed required string of 1..max characters. */
export const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

/** A trimmed optional string (absent or null becomes ''). */
export const optionalText = (max: number) => v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max)), '')

/** A positive integer id, given as a number or a digit string. */
export const IdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(2_147_483_647),
)

/** A finite number, given as a number or a numeric string. */
export const NumberSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]),
  v.finite(),
)

/** A boolean, also accepting "true"/"false"/"1"/"0" (form posts). */
export const BoolSchema = v.union([
  v.boolean(),
  v.pipe(
    v.picklist(['true', 'false', '1', '0']),
    v.transform((s) => s === 'true' || s === '1'),
  ),
])

/** An email address, trimmed and lower-cased. */
export const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email())

/** `investor` or `businessmen`. */
export const RoleSchema = v.picklist(['investor', 'businessmen'])

/** Bot-protection token; optional because verification is skipped when no secret is configured. */
export const HashSchema = v.nullish(v.pipe(v.string(), v.maxLength(4096)), '')

/** New passwords: 8..128 characters (ASVS V6.2.1, V6.2.9). */
export const NewPasswordSchema = v.pipe(v.string(), v.minLength(8), v.maxLength(128))

const phoneDigits = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]),
  v.transform((s) => s.replace(/[\s()+-]/g, '')),
)

/** Phone of a resident: digits only, 12 digits starting with 998 (spaces, +, -, brackets are dropped). */
export const ResidentPhoneSchema = v.pipe(phoneDigits, v.regex(/^998\d{9}$/))

/** Phone of anyone else: 7..15 digits (E.164 length). */
export const PhoneSchema = v.pipe(phoneDigits, v.regex(/^\d{7,15}$/))

/** Taxpayer identification number (INN/STIR): 9 digits. */
export const TinSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{9}$/))

/** An optional website: a host with an optional http(s) scheme and path. */
export const WebsiteSchema = v.nullish(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(255),
    v.regex(/^$|^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u),
  ),
  '',
)

/** A calendar date `YYYY-MM-DD` that exists. */
export const DateSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
)

/** A `{ en, ru, uz }` text with at least one language filled. */
export const localeText = (max: number) =>
  v.pipe(
    v.object({ en: optionalText(max), ru: optionalText(max), uz: optionalText(max) }),
    v.check((o) => o.en !== '' || o.ru !== '' || o.uz !== ''),
  )
