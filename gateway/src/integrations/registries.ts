/**
 * The registries behind personal services (docs/gateway-contract.md#personal-services): each service names its
 * integration by `handler`, and an integration answers the rows of the signed-in account's own record. None is
 * connected in this repository; the agency plugs a registry in by adding its integration to `CONNECTED`. A service
 * without one answers 503 `service_not_connected`, never an invented record; in local mode (DEV_MODE, in a development
 * build) the demo records of `dev/demo-services.ts` stand in for two of them.
 */
import type { Locale } from '../../../contract/locales'

/** The account's own company record (name, legal address, representative), for registries that echo it. */
export type AccountRecord = { company_name: string; legal_address: string; name: string; surname: string } | null

/** What a service is asked with: the account's own identifiers, the params the person gave, and the language. */
type ServiceRequest = {
  /** The profile's company TIN (9 digits), or empty. */
  inn: string
  /** The profile's PINFL (14 digits), or empty. */
  pinfl: string
  /** The service's other params, validated (`date`, `date_from`, `date_to`: YYYY-MM-DD; `region`, `district`: ids). */
  params: Readonly<Record<string, string>>
  lang: Locale
  account: AccountRecord
}

/** A registry's answer: every row of the record, in `lang`; the gateway pages them. */
export type ServiceIntegration = (request: ServiceRequest, env: Env) => Promise<Record<string, unknown>[]>

/** Integrations of real registries, by handler: the agency's to add. */
const CONNECTED: Readonly<Record<string, ServiceIntegration>> = {}

/**
 * The integration behind a service's handler, or null when it is not connected. `demos`: local mode's stand-ins, given
 * only when DEV_MODE is on in a development build.
 */
export function integrationFor(
  handler: string | null,
  demos: Readonly<Record<string, ServiceIntegration>> | null,
): ServiceIntegration | null {
  if (!handler) return null
  if (Object.hasOwn(CONNECTED, handler)) return CONNECTED[handler]!
  if (demos && Object.hasOwn(demos, handler)) return demos[handler]!
  return null
}
