/** Asks the gateway to e-mail a reset link; the answer is the same whether or not the account exists. */
import { validateForgotPassword } from '../../shared/account-forms'
import { href } from '../../shared/match'
import { clientIpHeaders, fromGatewayError, rejectInvalid } from './form-result'
import type { Action } from './types'

export const forgotPasswordAction: Action<'forgot-password'> = {
  async run({ c, query, fields, gateway }) {
    const rejected = rejectInvalid(fields, validateForgotPassword(fields))
    if (rejected) return rejected
    try {
      await gateway.request('POST', '/core/auth/forgot-password', {
        body: { email: fields.email!.trim(), hash: fields.hash ?? '', role: query.role },
        headers: clientIpHeaders(c),
      })
    } catch (err) {
      return fromGatewayError(err, fields)
    }
    return { redirect: href('forgot-password', { locale: c.get('locale'), query: { role: query.role, sent: '1' } }) }
  },
}
