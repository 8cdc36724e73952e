/**
 * The event application's one workflow (docs/product.md#event-application): create the application, then upload
 * its documents, for the edge's action and the browser's page.
 */
import type { EventApplicationCreated } from '../../../contract/gateway/media'
import type { GatewayFailure, GatewayResult } from '../../gateway/gateway-client'
import { type FormStatus, formCodeFor, formStatusFor } from '../form-status'
import { FIELD_ERRORS, type FieldErrors, type FieldValues, type FileLike, fieldErrors } from '../forms'
import { readReference } from '../reference'
import {
  checkEventFiles,
  DOCUMENT_UPLOAD_NAMES,
  documentErrorMessage,
  EVENT_FILE_FIELDS,
  type EventFileField,
} from './documents'
import { EventApplicationSchema, toEventApplicationBody } from './schema'

/** Form code when the application can no longer take documents (its hour passed, or it has them): start again. */
export const APPLICATION_EXPIRED = 'application_expired'

/** The form's field for a field the gateway named (its upload names differ from the form's). */
export function eventErrorField(gatewayField: string, step: 'application' | 'documents'): string {
  const field = gatewayField.split('.')[0]!
  if (step === 'documents') return field === 'passport' ? 'passport_scan' : field
  return field
}

/**
 * An application the gateway created whose documents are still to come: its id, the upload capability the creation
 * answered and its reference. The form carries them (hidden fields), so a failed upload can be sent again without a
 * second application.
 */
type SavedApplication = Readonly<{ id: string; uploadKey: string; reference: string }>

/** The saved application a form posted back, if its fields look right. */
function readSavedApplication(f: FieldValues): SavedApplication | null {
  const id = f.application_id ?? ''
  const uploadKey = f.upload_key ?? ''
  const reference = readReference(f.application_reference)
  return /^\d{1,10}$/.test(id) && /^[A-Za-z0-9_-]{16,64}$/.test(uploadKey) ? { id, uploadKey, reference } : null
}

/** What the two steps need from the side that runs them: the edge's action or the browser's page. */
export type EventApplicationPorts = Readonly<{
  /** The bot-protection token for the `event` action ('' when none is configured). */
  challenge: () => Promise<string>
  /** `POST /siw/public/event-application`. */
  create: (body: ReturnType<typeof toEventApplicationBody>) => Promise<GatewayResult<EventApplicationCreated>>
  /** `POST /document/public/event-application` with the multipart body. */
  upload: (data: FormData) => Promise<GatewayResult<unknown>>
  /** Told when the documents start uploading (the browser shows progress). */
  onUpload?: () => void
}>

/**
 * A finished submission with the application's reference ('' when the upstream gave none), or the form to show again
 * (values never include the files, which the browser keeps).
 */
export type EventApplicationOutcome =
  | { ok: true; reference: string }
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
    const created = await ports.create(toEventApplicationBody(fields, input.eventId, await ports.challenge()))
    if (!created.ok) {
      return {
        ok: false,
        status: formStatusFor(created),
        values: fields,
        errors: fieldErrorsOf(created, 'application'),
        code: formCodeFor(created),
      }
    }
    const { id, upload_token, reference } = created.envelope.content
    saved = { id: String(id), uploadKey: upload_token, reference: readReference(reference) }
  }
  const withSaved = {
    ...fields,
    application_id: saved.id,
    upload_key: saved.uploadKey,
    application_reference: saved.reference,
  }
  const data = new FormData()
  data.set('application_id', saved.id)
  data.set('upload_token', saved.uploadKey)
  for (const field of EVENT_FILE_FIELDS) data.set(DOCUMENT_UPLOAD_NAMES[field], files[field]!)
  ports.onUpload?.()
  const uploaded = await ports.upload(data)
  if (uploaded.ok) return { ok: true, reference: saved.reference }
  const code = formCodeFor(uploaded)
  // The application's hour passed or it has its documents already: start again from a clean form.
  if (code === 'not_found' || code === 'invalid_state') {
    return {
      ok: false,
      status: 409,
      values: { ...fields, application_id: '', upload_key: '', application_reference: '' },
      errors: {},
      code: APPLICATION_EXPIRED,
    }
  }
  const fileErrors = fieldErrorsOf(uploaded, 'documents')
  if (Object.keys(fileErrors).length)
    return { ok: false, status: 422, values: withSaved, errors: fileErrors, code: null }
  return { ok: false, status: formStatusFor(uploaded), values: withSaved, errors: {}, code }
}

/** Field errors a failed gateway call names, on the form's own field names. */
function fieldErrorsOf(failure: GatewayFailure, step: 'application' | 'documents'): FieldErrors {
  const errors: FieldErrors = {}
  for (const name of failure.errors)
    errors[eventErrorField(name, step)] =
      step === 'documents' ? documentErrorMessage(failure.code) : FIELD_ERRORS.invalid
  return errors
}
