/**
 * Sets a new password from a reset link, or a new account's first one from its set-password link (time, token, email,
 * uuid, role and the optional `purpose` travel in the page's query).
 */
import { ResetPasswordSchema } from '../../shared/forms/account-forms'
import { checkForm, FIELD_ERRORS } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'reset-password'> = {
  async run({ c, query, fields, gateway }) {
    const form = checkForm(ResetPasswordSchema, fields)
    if (!form.ok) return invalid(fields, form.errors)
    const role = query.role === 'businessmen' ? 'businessmen' : 'investor'
    const reset = await gateway.request('POST', '/core/auth/reset-password', {
      body: {
        ...form.output,
        hash: fields.hash ?? '',
        token: query.token,
        email: query.email,
        time: query.time,
        role,
        uuid: query.uuid,
      },
    })
    if (!reset.ok) {
      return fromGatewayError(reset, fields, {
        messages: { password: FIELD_ERRORS.passwordLength, password_confirmation: FIELD_ERRORS.passwordMismatch },
      })
    }
    // A new account's first password (docs/product.md#registration) is "set", not "changed".
    const notice = query.purpose === 'welcome' ? 'notices.passwordSet' : 'notices.passwordReset'
    return { redirect: href('sign-in', { locale: c.get('locale'), query: { role } }), notice }
  },
}
