/** The project form without JavaScript: create or update the project, then upload the files it carried. */
import { GatewayError } from '../../shared/gateway-client'
import { href } from '../../shared/match'
import { checkProjectFiles, PROJECT_LANGS, presentationField, projectErrorField, readProjectForm } from '../../shared/project-form'
import { fromGatewayError, invalid } from './form-result'
import type { Action } from './types'

const MB = 1024 * 1024

/** Field errors for a gateway `validation_error`, on the form's own field names. */
function projectFailure(err: unknown, fields: Readonly<Record<string, string>>) {
  if (err instanceof GatewayError && err.code === 'validation_error') {
    const errors: Record<string, string> = {}
    for (const path of err.envelope?.errors ?? []) errors[projectErrorField(path)] = 'forms.errors.invalid'
    return invalid(fields, errors, 'validation_error')
  }
  return fromGatewayError(err, fields)
}

export const projectFormAction: Action<'profile-project-form'> = {
  // The image and three presentations at their limits, plus the text fields.
  maxBytes: 10 * MB + 3 * 25 * MB + MB,
  async run({ c, params, fields, files, gateway }) {
    const { body, errors } = readProjectForm(fields)
    Object.assign(errors, checkProjectFiles(files))
    if (Object.keys(errors).length) return invalid(fields, errors)
    let id = params.id
    try {
      const envelope = id
        ? await gateway.request<{ id: number }>('PUT', '/siw/personal/project', { query: { id }, body })
        : await gateway.request<{ id: number }>('POST', '/siw/personal/project', { body })
      id = String(envelope.content.id)
    } catch (err) {
      return projectFailure(err, fields)
    }
    try {
      if (files.image) {
        const data = new FormData()
        data.set('project_id', id)
        data.set('file', files.image)
        await gateway.request('POST', '/document/project/upload', { body: data })
      }
      const presentations = PROJECT_LANGS.filter((lang) => files[presentationField(lang)])
      if (presentations.length) {
        const data = new FormData()
        data.set('project_id', id)
        for (const lang of presentations) data.set(presentationField(lang), files[presentationField(lang)]!)
        await gateway.request('POST', '/document/project/presentation', { body: data })
      }
    } catch {
      // The project is saved and goes to moderation; resubmitting the form would create it twice.
      return { redirect: href('profile-my-projects', { locale: c.get('locale') }), notice: 'notices.projectFilesFailed' }
    }
    return { redirect: href('profile-my-projects', { locale: c.get('locale') }), notice: 'notices.projectSaved' }
  },
}
