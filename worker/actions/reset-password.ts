/**
 * Sets a new password from a reset link, or a new account's first one from its set-password link (time, token, email,
 * uuid, role and the optional `purpose` travel in the page's query).
 */
import { FIELD_ERRORS, validateResetPassword } from '../../shared/account-forms'
import { href } from '../../shared/match'
import { clientIpHeaders, fromGatewayError, rejectInvalid } from './form-result'
import type { Action } from './types'

const ROLES = new Set(['investor', 'businessmen'])

export const resetPasswordAction: Action = {
  async run({ c, query, fields, gateway }) {
    const rejected = rejectInvalid(fields, validateResetPassword(fields))
    if (rejected) return rejected
    const role = ROLES.has(query.role ?? '') ? query.role! : 'investor'
    try {
      await gateway.request('POST', '/core/auth/reset-password', {
        body: {
          password: fields.password,
          password_confirmation: fields.password_confirmation,
          hash: fields.hash ?? '',
          token: query.token,
          email: query.email,
          time: query.time,
          role,
          uuid: query.uuid,
        },
        headers: clientIpHeaders(c),
      })
    } catch (err) {
      return fromGatewayError(err, fields, { messages: { password: FIELD_ERRORS.passwordLength, password_confirmation: FIELD_ERRORS.passwordMismatch } })
    }
    // A new account's first password (docs/product.md#registration) is "set", not "changed".
    const notice = query.purpose === 'welcome' ? 'notices.passwordSet' : 'notices.passwordReset'
    return { redirect: href('sign-in', { locale: c.get('locale'), query: { role } }), notice }
  },
}
