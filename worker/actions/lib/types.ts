/** Page actions: the endpoint a form posts to, with or without JavaScript (docs/architecture.md#rule-11). */
import type { Context } from 'hono'
import type { FormStatus } from '../../../shared/forms/form-status'
import type { FieldValues } from '../../../shared/forms/forms'
import type { GatewayClient } from '../../../shared/gateway/gateway-client'
import type { ParamsOf, QueryOf, RouteId } from '../../../shared/routing/routes'
import type { FormState } from '../../../shared/state/state'
import type { AppEnv } from '../../types'

export type ActionInput<Id extends RouteId> = Readonly<{
  c: Context<AppEnv>
  params: ParamsOf<Id>
  query: QueryOf<Id>
  /** Text fields; files are in `files`. */
  fields: Readonly<Record<string, string>>
  files: Readonly<Record<string, File>>
  /** The gateway as this user (bearer from the session cookie unless the path is public). */
  gateway: GatewayClient
}>

/** Redirect on success (303), or the form again with errors (status 422 unless given). */
export type ActionResult = { redirect: string; notice?: string } | { form: FormState; status?: FormStatus }

export type Action<Id extends RouteId> = Readonly<{
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBytes?: number
  run: (input: ActionInput<Id>) => Promise<ActionResult>
}>

/** The values to show again: never passwords, tokens or the bot-check `hash`. */
export function safeValues(fields: FieldValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, value] of Object.entries(fields))
    if (value !== undefined && !/password|hash|token/i.test(k)) out[k] = value
  return out
}
