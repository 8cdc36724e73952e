/**
 * The event application form (docs/product.md#event-application): one schema checked in the browser and by the page
 * action, the JSON body for `POST /siw/public/event-application`, and the rules of the two documents.
 */
import * as v from 'valibot'
import type { EventApplicationCreated } from './contract/media'
import { type FormStatus, formCodeFor, formStatusFor } from './form-status'
import { FIELD_ERRORS, type FieldErrors, type FieldValues, type FileLike, fieldErrors, isEmail } from './forms'
import { GatewayError } from './gateway-client'
import { UPLOAD_LIMITS } from './gateway-paths'

/** Who the applicant comes as (the gateway takes any lower-case word; these are the portal's choices). */
export const EVENT_ROLES = ['participant', 'investor', 'speaker', 'media', 'partner'] as const
export const GENDERS = ['male', 'female'] as const

export const EVENT_FILE_FIELDS = ['passport_scan', 'image'] as const
export type EventFileField = (typeof EVENT_FILE_FIELDS)[number]

/** i18n keys of this form's own messages (locales `events.register.errors.*`). */
export const EVENT_ERRORS = Object.freeze({
  tooLong: 'events.register.errors.tooLong',
  choose: 'events.register.errors.choose',
  birthDate: 'events.register.errors.birthDate',
  passport: 'events.register.errors.passport',
  phone: 'events.register.errors.phone',
  fileRequired: 'events.register.errors.fileRequired',
  fileType: 'events.register.errors.fileType',
  fileTooLarge: 'events.register.errors.fileTooLarge',
})

/** Each document is at most 10 MB (the gateway's limit). */
export const DOCUMENT_MAX_BYTES = UPLOAD_LIMITS.eventDocument

type DocumentRule = { extensions: readonly string[]; types: readonly string[]; accept: string }

/** What each upload slot accepts: the passport scan as PDF or image, the photo as an image. */
export const DOCUMENT_RULES: Readonly<Record<EventFileField, DocumentRule>> = {
  passport_scan: {
    extensions: ['pdf', 'jpg', 'jpeg', 'png'],
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
  },
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'webp'],
    types: ['image/jpeg', 'image/png', 'image/webp'],
    accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  },
}

/** The gateway's multipart name of each slot (`passport` is also a text field of the application). */
const DOCUMENT_UPLOAD_NAMES: Readonly<Record<EventFileField, 'passport' | 'image'>> = {
  passport_scan: 'passport',
  image: 'image',
}

const today = () => new Date().toISOString().slice(0, 10)

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value)
}

/** Digits of a phone number as typed (spaces, +, -, brackets dropped); the gateway wants 7–15 digits. */
function phoneDigits(value: string | undefined): string {
  return (value ?? '').replace(/[\s()+-]/g, '')
}

/** A passport number as the gateway stores it: upper case, no spaces. */
function passportNumber(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase()
}

/** Trimmed text that must be given; `empty` is the message when it is not. */
const given = (empty: string = FIELD_ERRORS.required) => v.pipe(v.string(), v.trim(), v.nonEmpty(empty))
const text = (max: number) => v.pipe(given(), v.maxLength(max, EVENT_ERRORS.tooLong))
const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, EVENT_ERRORS.tooLong))
/** An option to pick: asked for with "choose", not "required". */
const choice = () => given(EVENT_ERRORS.choose)

/** The application's text fields in the form's order (the error summary's), with the gateway's rules. */
export const EventApplicationSchema = v.object({
  role: v.pipe(
    choice(),
    v.check((value) => (EVENT_ROLES as readonly string[]).includes(value), FIELD_ERRORS.invalid),
  ),
  last_name: text(100),
  first_name: text(100),
  middle_name: optional(100),
  gender: v.pipe(
    choice(),
    v.check((value) => (GENDERS as readonly string[]).includes(value), FIELD_ERRORS.invalid),
  ),
  birth_date: v.pipe(
    given(),
    v.check((value) => isRealDate(value) && value >= '1900-01-01' && value < today(), EVENT_ERRORS.birthDate),
  ),
  birthplace: text(200),
  country_id: v.pipe(choice(), v.regex(/^\d{1,10}$/, FIELD_ERRORS.invalid)),
  address: text(300),
  passport: v.pipe(
    given(),
    v.check((value) => /^[A-Z0-9]{5,20}$/.test(passportNumber(value)), EVENT_ERRORS.passport),
  ),
  email: v.pipe(given(), v.check(isEmail, FIELD_ERRORS.email)),
  phone: v.pipe(
    given(),
    v.check((value) => /^\d{7,15}$/.test(phoneDigits(value)), EVENT_ERRORS.phone),
  ),
  organization: text(200),
  position: text(150),
  activity: optional(1000),
})

/** The text fields in the form's order. */
export const EVENT_TEXT_FIELDS = Object.keys(EventApplicationSchema.entries)

/** Field errors of the two documents: both required, of an accepted type, at most 10 MB each. */
export function checkEventFiles(files: Partial<Record<EventFileField, FileLike | undefined>>): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of EVENT_FILE_FIELDS) {
    const file = files[field]
    const rule = DOCUMENT_RULES[field]
    if (!file || file.size === 0) errors[field] = EVENT_ERRORS.fileRequired
    else if (file.size > DOCUMENT_MAX_BYTES) errors[field] = EVENT_ERRORS.fileTooLarge
    else {
      const extension = (file.name.split('.').pop() ?? '').toLowerCase()
      // The browser's type may be empty for unusual names; the gateway checks the bytes in any case.
      const type = file.type ?? ''
      if (!rule.extensions.includes(extension) || (type !== '' && !rule.types.includes(type)))
        errors[field] = EVENT_ERRORS.fileType
    }
  }
  return errors
}

/** The JSON body of `POST /siw/public/event-application`. */
export function toEventApplicationBody(f: FieldValues, eventId: string, hash: string) {
  const value = (name: string) => (f[name] ?? '').trim()
  return {
    event_id: Number(eventId),
    role: value('role'),
    first_name: value('first_name'),
    last_name: value('last_name'),
    middle_name: value('middle_name'),
    birth_date: value('birth_date'),
    gender: value('gender'),
    email: value('email'),
    phone: phoneDigits(f.phone),
    passport: passportNumber(f.passport),
    country_id: Number(value('country_id')),
    address: value('address'),
    birthplace: value('birthplace'),
    organization: value('organization'),
    position: value('position'),
    activity: value('activity'),
    hash,
  }
}

/** Form code when the application can no longer take documents (its hour passed, or it has them): start again. */
export const APPLICATION_EXPIRED = 'application_expired'

/** The form's field for a field the gateway named (its upload names differ from the form's). */
export function eventErrorField(gatewayField: string, step: 'application' | 'documents'): string {
  const field = gatewayField.split('.')[0]!
  if (step === 'documents') return field === 'passport' ? 'passport_scan' : field
  return field
}

/** The form field's message for a failed document upload's result code. */
export function documentErrorMessage(code: string): string {
  if (code === 'file_too_large') return EVENT_ERRORS.fileTooLarge
  if (code === 'unsupported_file_type') return EVENT_ERRORS.fileType
  return EVENT_ERRORS.fileRequired
}

/**
 * An application the gateway created whose documents are still to come: its id and the upload capability the creation
 * answered. The form carries both (hidden fields), so a failed upload can be sent again without a second application.
 */
type SavedApplication = Readonly<{ id: string; uploadKey: string }>

/** The saved application a form posted back, if its two fields look right. */
function readSavedApplication(f: FieldValues): SavedApplication | null {
  const id = f.application_id ?? ''
  const uploadKey = f.upload_key ?? ''
  return /^\d{1,10}$/.test(id) && /^[A-Za-z0-9_-]{16,64}$/.test(uploadKey) ? { id, uploadKey } : null
}

/** What the two steps need from the side that runs them: the edge's action or the browser's page. */
export type EventApplicationPorts = Readonly<{
  /** The bot-protection token for the `event` action ('' when none is configured). */
  challenge: () => Promise<string>
  /** `POST /siw/public/event-application`. */
  create: (body: ReturnType<typeof toEventApplicationBody>) => Promise<EventApplicationCreated>
  /** `POST /document/public/event-application` with the multipart body. */
  upload: (data: FormData) => Promise<unknown>
  /** Told when the documents start uploading (the browser shows progress). */
  onUpload?: () => void
}>

/** A finished submission, or the form to show again (values never include the files, which the browser keeps). */
export type EventApplicationOutcome =
  | { ok: true }
  | { ok: false; status: FormStatus; values: FieldValues; errors: FieldErrors; code: string | null }

/**
 * The event application, both steps (docs/product.md#event-application): check the fields and files, create the
 * application unless the form carries a saved one, then upload both documents with the upload capability. One
 * workflow for the no-JavaScript action and the page.
 */
export async function submitEventApplication(
  ports: EventApplicationPorts,
  input: Readonly<{
    fields: FieldValues
    files: Partial<Record<EventFileField, (FileLike & Blob) | undefined>>
    eventId: string
  }>,
): Promise<EventApplicationOutcome> {
  const { fields, files } = input
  let saved = readSavedApplication(fields)
  const errors = { ...(saved ? {} : fieldErrors(EventApplicationSchema, fields)), ...checkEventFiles(files) }
  if (Object.keys(errors).length) return { ok: false, status: 422, values: fields, errors, code: null }

  if (!saved) {
    try {
      const created = await ports.create(toEventApplicationBody(fields, input.eventId, await ports.challenge()))
      saved = { id: String(created.id), uploadKey: created.upload_token }
    } catch (err) {
      return {
        ok: false,
        status: formStatusFor(err),
        values: fields,
        errors: fieldErrorsOf(err, 'application'),
        code: formCodeFor(err),
      }
    }
  }
  const withSaved = { ...fields, application_id: saved.id, upload_key: saved.uploadKey }
  const data = new FormData()
  data.set('application_id', saved.id)
  data.set('upload_token', saved.uploadKey)
  for (const field of EVENT_FILE_FIELDS) data.set(DOCUMENT_UPLOAD_NAMES[field], files[field]!)
  ports.onUpload?.()
  try {
    await ports.upload(data)
  } catch (err) {
    const code = formCodeFor(err)
    // The application's hour passed or it has its documents already: start again from a clean form.
    if (code === 'not_found' || code === 'invalid_state') {
      return {
        ok: false,
        status: 409,
        values: { ...fields, application_id: '', upload_key: '' },
        errors: {},
        code: APPLICATION_EXPIRED,
      }
    }
    const fileErrors = fieldErrorsOf(err, 'documents')
    if (Object.keys(fileErrors).length)
      return { ok: false, status: 422, values: withSaved, errors: fileErrors, code: null }
    return { ok: false, status: formStatusFor(err), values: withSaved, errors: {}, code }
  }
  return { ok: true }
}

/** Field errors a failed gateway call names, on the form's own field names. */
function fieldErrorsOf(err: unknown, step: 'application' | 'documents'): FieldErrors {
  const errors: FieldErrors = {}
  if (!(err instanceof GatewayError)) return errors
  for (const name of err.envelope?.errors ?? [])
    errors[eventErrorField(name, step)] = step === 'documents' ? documentErrorMessage(err.code) : FIELD_ERRORS.invalid
  return errors
}
