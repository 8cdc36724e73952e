/** Page actions: the endpoint a form posts to, with or without JavaScript (ARCHITECTURE.md style rule 11). */
import type { Context } from 'hono'
import type { FormStatus } from '../../shared/form-status'
import type { GatewayClient } from '../../shared/gateway-client'
import type { Params, Search } from '../../shared/routes'
import type { FormState } from '../../shared/state'
import type { AppEnv } from '../types'

export type ActionInput = Readonly<{
  c: Context<AppEnv>
  params: Params
  query: Search
  /** Text fields; files are in `files`. */
  fields: Readonly<Record<string, string>>
  files: Readonly<Record<string, File>>
  /** The gateway as this user (bearer from the session cookie unless the path is public). */
  gateway: GatewayClient
}>

/** Redirect on success (303), or the form again with errors (status 422 unless given). */
export type ActionResult = { redirect: string; notice?: string } | { form: FormState; status?: FormStatus }

export type Action = Readonly<{
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBytes?: number
  run: (input: ActionInput) => Promise<ActionResult>
}>

/** Fields never echoed back into a page. */
export function safeValues(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !/password|hash|token/i.test(k)))
}
