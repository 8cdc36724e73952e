/** The HTTP status a form answers for a failed gateway call, decided the same way on the edge and in the browser. */
import { GatewayError } from './gateway-client'

export type FormStatus = 400 | 401 | 403 | 409 | 422 | 429 | 502

/**
 * 401 for credentials, 429 for throttling, 403 for bot checks and rights, 409 for state and for an e-mail already
 * registered, 422 for fields, 502 upstream.
 */
export function formStatusFor(err: unknown): FormStatus {
  if (!(err instanceof GatewayError)) return 502
  if (err.code === 'user_not_found' || err.code === 'expired_token' || err.code === 'unauthorized') return 401
  if (err.code === 'too_many_attempts') return 429
  if (err.code === 'bot_check_failed' || err.code === 'forbidden') return 403
  if (err.code === 'invalid_state' || err.code === 'already_registered') return 409
  if (err.code === 'validation_error') return 422
  if (err.status === 0 || err.status >= 500) return 502
  return 400
}

/** The form-level code of a failed gateway call (translated under `messages.error.*`). */
export function formCodeFor(err: unknown): string {
  if (!(err instanceof GatewayError)) return 'internal_error'
  return err.status === 0 ? 'network_error' : err.code || 'internal_error'
}
