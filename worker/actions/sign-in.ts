/** Sign-in with e-mail and password (non-residents): the edge calls the gateway and keeps the token in the cookie. */

import type { SignedIn } from '../../contract/gateway/account'
import { SignInSchema } from '../../shared/forms/account-forms'
import { checkForm } from '../../shared/forms/forms'
import { deviceHeaders, setDeviceCookie } from '../session/device-cookie'
import { setSessionCookie } from '../session/session'
import { signInPlaceHeaders } from '../session/sign-in-place'
import { fromGatewayError, invalid } from './lib/form-result'
import { afterSignIn } from './lib/return-path'
import type { Action } from './lib/types'

export const action: Action<'sign-in'> = {
  async run({ c, query, fields, gateway }) {
    const form = checkForm(SignInSchema, fields)
    if (!form.ok) return invalid(fields, form.errors)
    const signedIn = await gateway.request<SignedIn>('POST', '/core/auth/login', {
      body: { ...form.output, hash: fields.hash ?? '', role: query.role },
      headers: { ...deviceHeaders(c), ...signInPlaceHeaders(c) },
    })
    if (!signedIn.ok) return fromGatewayError(signedIn, fields)
    const token = signedIn.envelope.content?.token
    if (typeof token !== 'string' || !token) return invalid(fields, {}, 'user_not_found', 401)
    await setSessionCookie(c, token)
    const device = signedIn.envelope.content?.device
    if (typeof device === 'string' && device) setDeviceCookie(c, device)
    return { redirect: afterSignIn(query.return, c.get('locale')) }
  },
}
