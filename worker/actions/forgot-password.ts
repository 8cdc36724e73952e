/** Asks the gateway to e-mail a reset link; the answer is the same whether or not the account exists. */
import { ForgotPasswordSchema } from '../../shared/forms/account-forms'
import { checkForm } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'forgot-password'> = {
  async run({ c, query, fields, gateway }) {
    const form = checkForm(ForgotPasswordSchema, fields)
    if (!form.ok) return invalid(fields, form.errors)
    const asked = await gateway.request('POST', '/core/auth/forgot-password', {
      body: { ...form.output, hash: fields.hash ?? '', role: query.role },
    })
    if (!asked.ok) return fromGatewayError(asked, fields)
    return { redirect: href('forgot-password', { locale: c.get('locale'), query: { role: query.role, sent: '1' } }) }
  },
}
