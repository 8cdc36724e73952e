/** Shared answers of page actions: the form again with field errors, and gateway failures turned into form state. */

import { type FormStatus, formCodeFor, formStatusFor } from '../../../shared/forms/form-status'
import { FIELD_ERRORS, type FieldValues } from '../../../shared/forms/forms'
import type { GatewayFailure } from '../../../shared/gateway/gateway-client'
import type { ActionResult } from './types'
import { safeValues } from './types'

type Fields = FieldValues

/** The form again with `errors` (field → i18n key) and an optional form-level code. */
export function invalid(
  fields: Fields,
  errors: Record<string, string>,
  code: string | null = null,
  status: FormStatus = 422,
): ActionResult {
  return { form: { values: safeValues(fields), errors, code }, status }
}

export type GatewayFieldMap = Readonly<{
  /** Gateway field → i18n key of its message (default `forms.errors.invalid`). */
  messages?: Readonly<Record<string, string>>
  /** Gateway field → the form's field, where they differ. */
  rename?: Readonly<Record<string, string>>
  /**
   * Another gateway code that names fields (e.g. `already_registered` naming `email`) → the i18n key of their message.
   */
  codes?: Readonly<Record<string, string>>
}>

/**
 * The form state for a failed gateway call: `validation_error` names fields (messages from `map`, else
 * `forms.errors.invalid`), as does a code listed in `map.codes` (with its message); every code is also the form-level
 * code the page translates with `messages.error.*`.
 */
export function fromGatewayError(failure: GatewayFailure, fields: Fields, map: GatewayFieldMap = {}): ActionResult {
  const errors: Record<string, string> = {}
  const codeMessage = failure.code === 'validation_error' ? null : map.codes?.[failure.code]
  if (failure.code === 'validation_error' || codeMessage) {
    for (const path of failure.errors) {
      const field = path.split('.')[0]!
      errors[map.rename?.[field] ?? field] = codeMessage ?? map.messages?.[field] ?? FIELD_ERRORS.invalid
    }
  }
  return invalid(fields, errors, formCodeFor(failure), formStatusFor(failure))
}

/** The form again when the local checks found problems, else null. */
export function rejectInvalid(fields: Fields, errors: Record<string, string>): ActionResult | null {
  return Object.keys(errors).length ? invalid(fields, errors) : null
}
