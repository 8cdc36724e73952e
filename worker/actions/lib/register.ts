/**
 * The two registration forms share their rules: validate, post to the gateway, then `/success-registration`. An e-mail
 * that already has an account or an application waiting is named next to the e-mail field (409 `already_registered`).
 */
import { fieldErrors } from '../../../shared/forms/forms'
import {
  REGISTRATION_GATEWAY_CODES,
  REGISTRATION_GATEWAY_MESSAGES,
  type RegistrationKind,
  registrationSchema,
  toRegistrationBody,
} from '../../../shared/forms/guide-forms'
import { href } from '../../../shared/routing/match'
import { fromGatewayError, rejectInvalid } from './form-result'
import type { Action } from './types'

const PATHS: Readonly<Record<RegistrationKind, string>> = {
  investor: '/siw/public/investor-registration',
  business: '/siw/public/business-registration',
}

/** The page action of one registration form. */
export function registerAction<Id extends 'guide-register-investor' | 'guide-register-business'>(
  kind: RegistrationKind,
): Action<Id> {
  return {
    async run({ c, fields, gateway }) {
      const rejected = rejectInvalid(fields, fieldErrors(registrationSchema(kind), fields))
      if (rejected) return rejected
      const registered = await gateway.request('POST', PATHS[kind], { body: toRegistrationBody(kind, fields) })
      if (!registered.ok) {
        return fromGatewayError(registered, fields, {
          messages: REGISTRATION_GATEWAY_MESSAGES,
          codes: REGISTRATION_GATEWAY_CODES,
        })
      }
      return { redirect: href('success-registration', { locale: c.get('locale') }) }
    },
  }
}
