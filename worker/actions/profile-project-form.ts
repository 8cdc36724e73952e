/** The project form without JavaScript: the shared workflow saves the project, then uploads the files it carried. */

import { PROJECT_LANGS } from '../../shared/forms/project-form/fields'
import { IMAGE_MAX_BYTES, PRESENTATION_MAX_BYTES } from '../../shared/forms/project-form/files'
import { submitProjectForm } from '../../shared/forms/project-form/submit'
import { href } from '../../shared/routing/match'
import { invalid } from './lib/form-result'
import type { Action } from './lib/types'

const MB = 1024 * 1024

export const action: Action<'profile-project-form'> = {
  // The image and three presentations at their limits, plus the text fields.
  maxBytes: IMAGE_MAX_BYTES + PROJECT_LANGS.length * PRESENTATION_MAX_BYTES + MB,
  async run({ c, params, fields, files, gateway }) {
    const outcome = await submitProjectForm(
      { gateway, upload: (path, data) => gateway.request('POST', path, { body: data }) },
      { fields, files, id: params.id ?? null },
    )
    if (!outcome.ok) return invalid(outcome.values, outcome.errors, outcome.code, outcome.status)
    return {
      redirect: href('profile-my-projects', { locale: c.get('locale') }),
      notice: outcome.filesFailed ? 'notices.projectFilesFailed' : 'notices.projectSaved',
    }
  },
}
