/** The HTTP status a form answers for a failed gateway call, decided the same way on the edge and in the browser. */
import type { GatewayFailure } from '../gateway/gateway-client'

export type FormStatus = 400 | 401 | 403 | 409 | 422 | 429 | 502

/**
 * 401 for credentials, 429 for throttling, 403 for bot checks, rights and a blocked account, 409 for state and for an
 * e-mail already registered, 422 for fields, 502 upstream.
 */
export function formStatusFor(failure: GatewayFailure): FormStatus {
  if (failure.code === 'user_not_found' || failure.code === 'expired_token' || failure.code === 'unauthorized')
    return 401
  if (failure.code === 'too_many_attempts') return 429
  if (failure.code === 'bot_check_failed' || failure.code === 'forbidden' || failure.code === 'account_blocked')
    return 403
  if (failure.code === 'invalid_state' || failure.code === 'already_registered') return 409
  if (failure.code === 'validation_error') return 422
  if (failure.status === 0 || failure.status >= 500) return 502
  return 400
}

/** The form-level code of a failed gateway call (translated under `messages.error.*`). */
export function formCodeFor(failure: GatewayFailure): string {
  return failure.status === 0 ? 'network_error' : failure.code || 'internal_error'
}
