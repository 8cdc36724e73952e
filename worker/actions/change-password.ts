/** Changes a non-resident's password (the other sessions end at the gateway; this one stays signed in). */
import { FIELD_ERRORS, validateChangePassword } from '../../shared/account-forms'
import { href } from '../../shared/match'
import { clientIpHeaders, fromGatewayError, rejectInvalid } from './form-result'
import type { Action } from './types'

export const changePasswordAction: Action<'profile-password'> = {
  async run({ c, fields, gateway }) {
    const rejected = rejectInvalid(fields, validateChangePassword(fields))
    if (rejected) return rejected
    try {
      await gateway.request('PATCH', '/core/profile/change-password', {
        body: { old_password: fields.old_password, new_password: fields.new_password, password_confirmation: fields.password_confirmation, hash: fields.hash ?? '' },
        headers: clientIpHeaders(c),
      })
    } catch (err) {
      return fromGatewayError(err, fields, {
        messages: { old_password: FIELD_ERRORS.wrongPassword, new_password: FIELD_ERRORS.passwordLength, password_confirmation: FIELD_ERRORS.passwordMismatch },
      })
    }
    return { redirect: href('profile-password', { locale: c.get('locale') }), notice: 'notices.passwordChanged' }
  },
}
