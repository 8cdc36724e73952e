/**
 * The worker's own error answers, in the gateway's envelope so the one client reads them
 * (docs/gateway-contract.md#envelope).
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** `{ result: { code, description: code }, content: null }` with `status`; `code` maps to `messages.error.*`. */
export function errorEnvelope(c: Context, status: ContentfulStatusCode, code: string): Response {
  return c.json({ result: { code, description: code }, content: null }, status)
}
