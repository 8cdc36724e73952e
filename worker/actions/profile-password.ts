/** Changes a non-resident's password (the other sessions end at the gateway; this one stays signed in). */
import { ChangePasswordSchema } from '../../shared/forms/account-forms'
import { checkForm, FIELD_ERRORS } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'profile-password'> = {
  async run({ c, fields, gateway }) {
    const form = checkForm(ChangePasswordSchema, fields)
    if (!form.ok) return invalid(fields, form.errors)
    const changed = await gateway.request('PATCH', '/core/profile/change-password', {
      body: { ...form.output, hash: fields.hash ?? '' },
    })
    if (!changed.ok) {
      return fromGatewayError(changed, fields, {
        messages: {
          old_password: FIELD_ERRORS.wrongPassword,
          new_password: FIELD_ERRORS.passwordLength,
          password_confirmation: FIELD_ERRORS.passwordMismatch,
        },
      })
    }
    return { redirect: href('profile-password', { locale: c.get('locale') }), notice: 'notices.passwordChanged' }
  },
}
