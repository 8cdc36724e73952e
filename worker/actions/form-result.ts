/** Shared answers of page actions: the form again with field errors, and gateway failures turned into form state. */
import type { Context } from 'hono'
import { FIELD_ERRORS } from '../../shared/account-forms'
import { GatewayError } from '../../shared/gateway-client'
import type { AppEnv } from '../types'
import type { ActionResult } from './types'
import { safeValues } from './types'

type Fields = Readonly<Record<string, string>>
type Status = 400 | 401 | 403 | 409 | 422 | 429 | 502

/** The form again with `errors` (field → i18n key) and an optional form-level code. */
export function invalid(fields: Fields, errors: Record<string, string>, code: string | null = null, status: Status = 422): ActionResult {
  return { form: { values: safeValues(fields), errors, code }, status }
}

/** HTTP status a form answers for a gateway result code. */
function statusFor(err: GatewayError): Status {
  if (err.code === 'user_not_found' || err.code === 'expired_token' || err.code === 'unauthorized') return 401
  if (err.code === 'too_many_attempts') return 429
  if (err.code === 'bot_check_failed' || err.code === 'forbidden') return 403
  if (err.code === 'invalid_state') return 409
  if (err.code === 'validation_error') return 422
  if (err.status === 0 || err.status >= 500) return 502
  return 400
}

export type GatewayFieldMap = Readonly<{
  /** Gateway field → i18n key of its message (default `forms.errors.invalid`). */
  messages?: Readonly<Record<string, string>>
  /** Gateway field → the form's field, where they differ. */
  rename?: Readonly<Record<string, string>>
}>

/**
 * The form state for a failed gateway call: `validation_error` names fields (messages from `map`, else
 * `forms.errors.invalid`); every other code is the form-level code the page translates with `messages.error.*`.
 */
export function fromGatewayError(err: unknown, fields: Fields, map: GatewayFieldMap = {}): ActionResult {
  if (!(err instanceof GatewayError)) return invalid(fields, {}, 'internal_error', 502)
  const errors: Record<string, string> = {}
  if (err.code === 'validation_error') {
    for (const path of err.envelope?.errors ?? []) {
      const field = path.split('.')[0]!
      errors[map.rename?.[field] ?? field] = map.messages?.[field] ?? FIELD_ERRORS.invalid
    }
  }
  const code = err.status === 0 ? 'network_error' : err.code || 'internal_error'
  return invalid(fields, errors, code, statusFor(err))
}

/** The form again when the local checks found problems, else null. */
export function rejectInvalid(fields: Fields, errors: Record<string, string>): ActionResult | null {
  return Object.keys(errors).length ? invalid(fields, errors) : null
}

/**
 * The visitor's address for the gateway's per-client limits (sign-in, reset mails): without it every page-action call
 * would share one bucket, and one attacker could lock everyone out. Cloudflare sets `CF-Connecting-IP` itself.
 */
export function clientIpHeaders(c: Context<AppEnv>): Record<string, string> {
  const ip = c.req.header('cf-connecting-ip')?.trim()
  return ip ? { 'x-forwarded-for': ip } : {}
}
