/**
 * Forms checked by one valibot schema on the edge (page actions) and in the browser (before sending), with messages
 * that are i18n keys (docs/product.md#forms): a form's fields are read from the posted text, '' when absent.
 */
import * as v from 'valibot'

/** Field name → value, as read from a form post or a FormData. */
export type FieldValues = Readonly<Record<string, string | undefined>>
/** Field name → i18n key of the message; empty when the form is fine. */
export type FieldErrors = Record<string, string>

/** i18n keys of the messages most forms share (locales `forms.errors.*`). */
export const FIELD_ERRORS = Object.freeze({
  required: 'forms.errors.required',
  email: 'forms.errors.email',
  passwordLength: 'forms.errors.passwordLength',
  passwordMismatch: 'forms.errors.passwordMismatch',
  invalid: 'forms.errors.invalid',
  wrongPassword: 'forms.errors.wrongPassword',
  textLength: 'forms.errors.textLength',
})

/** A form's schema: an object of text fields, possibly piped through checks across fields. */
export type FormSchema = v.GenericSchema<Record<string, string>, unknown> & Readonly<{ entries: v.ObjectEntries }>

export type FormCheck<S extends v.GenericSchema> =
  | { ok: true; output: v.InferOutput<S> }
  | { ok: false; errors: FieldErrors }

/** A field's name: the first part of an issue's path. */
const topField = (path: string) => path.split('.')[0]!

/** Checks `values` against a form's schema; each field with a problem gets the message of its first issue. */
export function checkForm<S extends FormSchema>(schema: S, values: FieldValues): FormCheck<S> {
  return checkInput(schema, Object.fromEntries(Object.keys(schema.entries).map((name) => [name, values[name] ?? ''])))
}

/**
 * Checks an input read from a form's fields (`checkForm`, or a form with rows, such as the project's cash flow);
 * `fieldOf` turns an issue's path into the field it names where the two differ.
 */
export function checkInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  fieldOf: (path: string) => string = topField,
): FormCheck<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return { ok: true, output: result.output }
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const path = v.getDotPath(issue)
    const field = path === null ? null : fieldOf(path)
    if (field && !errors[field]) errors[field] = issue.message
  }
  return { ok: false, errors }
}

/** The field errors of `values` (empty when the form may be sent). */
export function fieldErrors(schema: FormSchema, values: FieldValues): FieldErrors {
  const checked = checkForm(schema, values)
  return checked.ok ? {} : checked.errors
}

/** Whether the text looks like an e-mail address (the gateway has the final word). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

/** Trimmed text that must be given, at most `max` characters. */
export const requiredText = (max: number, tooLong: string = FIELD_ERRORS.textLength) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_ERRORS.required), v.maxLength(max, tooLong))

/** Trimmed text that may be empty, at most `max` characters. */
export const optionalText = (max: number, tooLong: string = FIELD_ERRORS.textLength) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong))

/** A required, well-formed e-mail address (trimmed). */
export const email = () =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_ERRORS.required), v.check(isEmail, FIELD_ERRORS.email))

/** A rule across fields whose problem belongs to one of them: the field, whether the fields pass, the message. */
export type CrossRule = readonly [field: string, isValid: (read: (name: string) => string) => boolean, message: string]

/**
 * Checks across fields (a confirmation that differs, a field another one makes required), each problem reported on its
 * field. They run even when other fields have problems, so every message shows at once; `read` gives a field's text
 * as far as its own rules read it (trimmed, digits only, …).
 */
export function crossCheck<T>(...rules: readonly CrossRule[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const values: Readonly<Record<string, unknown>> =
      typeof dataset.value === 'object' && dataset.value !== null ? { ...dataset.value } : {}
    const read = (name: string) => {
      const value = values[name]
      return typeof value === 'string' ? value : ''
    }
    for (const [field, isValid, message] of rules) {
      if (!isValid(read))
        addIssue({
          message,
          path: [{ type: 'object', origin: 'value', input: values, key: field, value: values[field] }],
        })
    }
  })
}

/** A FormData's text fields as plain values (files are left out). */
export function readFields(data: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, value] of data) if (typeof value === 'string' && !(k in out)) out[k] = value
  return out
}

/** The chosen files of a form by field name; an empty file input posts an empty file, which is left out. */
export function readFiles(data: FormData, names: readonly string[]): Record<string, File> {
  const out: Record<string, File> = {}
  for (const name of names) {
    const value = data.get(name)
    if (value instanceof File && value.size > 0) out[name] = value
  }
  return out
}

/** What the checks need of a chosen file (a browser `File` or the worker's). */
export type FileLike = Readonly<{ name: string; size: number; type?: string }>
