/** The upstream answer envelope (docs/gateway-contract.md#transport): every route answers through these helpers. */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type Pageable = { total: number; prev: number | null; next: number | null; current: number }

// biome-ignore lint/suspicious/noExplicitAny: any router's context: their env, path and input types differ.
type AnyContext = Context<any, any, any>

export function ok<T>(c: AnyContext, content: T, pageable?: Pageable): Response {
  return c.json({ result: { code: 'ok', description: '' }, content, ...(pageable ? { pageable } : {}) })
}

/**
 * A failure: `code` is a stable machine code; `description` an i18n key (`messages.error.*`) or text; `content` what a
 * caller needs to act on it (null for most: the per-field codes of a content save, the missing languages of a publish).
 */
export function fail(
  c: AnyContext,
  status: ContentfulStatusCode,
  code: string,
  description = code,
  errors?: string[],
  content: unknown = null,
): Response {
  return c.json({ result: { code, description }, content, ...(errors ? { errors } : {}) }, status)
}

export class GatewayError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly description = code,
    readonly errors?: string[],
    readonly content: unknown = null,
  ) {
    super(code)
  }
}
