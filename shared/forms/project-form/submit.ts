/**
 * The project form's one workflow (docs/product.md#projects): check, save, then upload the files, for the
 * edge's action and the browser's page.
 */
import type { Created, Id } from '../../../contract/gateway/common'
import type { GatewayClient, GatewayFailure, GatewayResult } from '../../gateway/gateway-client'
import { type FormStatus, formCodeFor, formStatusFor } from '../form-status'
import { FIELD_ERRORS, type FieldErrors, type FieldValues } from '../forms'
import { PROJECT_LANGS, type ProjectFileField, presentationField, projectErrorField } from './fields'
import { checkProjectFiles, type ProjectFiles } from './files'
import { readProjectForm } from './schema'

/** What the workflow needs from the side that runs it: the edge's action or the browser's page. */
export type ProjectFormPorts = Readonly<{
  /** The gateway as the signed-in user. */
  gateway: Pick<GatewayClient, 'request'>
  /** Sends one file's multipart body to `/gateway{path}` (the browser shows its progress by field). */
  upload: (path: string, data: FormData, field: ProjectFileField) => Promise<GatewayResult<unknown>>
  /** Told once the form passed its checks and is being sent (the browser shows it is busy). */
  onSend?: () => void
}>

/** A saved project (its files uploaded, or some of them failed), or the form to show again. */
export type ProjectFormOutcome =
  | { ok: true; id: Id; filesFailed: boolean }
  | { ok: false; status: FormStatus; values: FieldValues; errors: FieldErrors; code: string | null }

/**
 * Submits the project form (docs/product.md#projects): checks the fields and files, creates the project (or updates
 * the one with `id`), then uploads the image and each presentation, one file at a time. A failed upload ends the
 * uploads but not the submission: the project is saved and goes to moderation, and sending the form again would
 * create it twice. One workflow for the no-JavaScript action and the page.
 */
export async function submitProjectForm(
  ports: ProjectFormPorts,
  input: Readonly<{ fields: FieldValues; files: ProjectFiles; id: string | null }>,
): Promise<ProjectFormOutcome> {
  const { fields, files } = input
  const read = readProjectForm(fields)
  const errors = { ...(read.ok ? {} : read.errors), ...checkProjectFiles(files) }
  if (!read.ok || Object.keys(errors).length) return { ok: false, status: 422, values: fields, errors, code: null }
  ports.onSend?.()

  const saved = input.id
    ? await ports.gateway.request<Created>('PUT', '/siw/personal/project', { query: { id: input.id }, body: read.body })
    : await ports.gateway.request<Created>('POST', '/siw/personal/project', { body: read.body })
  if (!saved.ok) {
    return {
      ok: false,
      status: formStatusFor(saved),
      values: fields,
      errors: gatewayFieldErrors(saved),
      code: formCodeFor(saved),
    }
  }
  const id = saved.envelope.content.id

  for (const [field, path, data] of uploadsOf(id, files)) {
    if (!(await ports.upload(path, data, field)).ok) return { ok: true, id, filesFailed: true }
  }
  return { ok: true, id, filesFailed: false }
}

/** One multipart upload per chosen file: the image, then each language's presentation. */
function uploadsOf(id: Id, files: ProjectFiles): [ProjectFileField, string, FormData][] {
  const jobs: [ProjectFileField, string, FormData][] = []
  const image = files.image
  if (image) {
    const data = new FormData()
    data.set('project_id', String(id))
    data.set('file', image)
    jobs.push(['image', '/document/project/upload', data])
  }
  for (const lang of PROJECT_LANGS) {
    const field = presentationField(lang)
    const file = files[field]
    if (!file) continue
    const data = new FormData()
    data.set('project_id', String(id))
    data.set(field, file)
    jobs.push([field, '/document/project/presentation', data])
  }
  return jobs
}

/** Field errors of a gateway `validation_error`, on the form's own field names. */
function gatewayFieldErrors(failure: GatewayFailure): FieldErrors {
  const errors: FieldErrors = {}
  if (failure.code === 'validation_error') {
    for (const path of failure.errors) errors[projectErrorField(path)] = FIELD_ERRORS.invalid
  }
  return errors
}
