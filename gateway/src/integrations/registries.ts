/**
 * The registries behind personal services (docs/gateway-contract.md#personal-services): each service names its
 * integration by `handler`, and an integration answers the rows of the signed-in account's own record. None is
 * connected in this repository; the agency plugs a registry in by adding its integration to `CONNECTED`. Outside
 * local mode a service without one answers 503 `service_not_connected`, never an invented record; in local mode
 * (DEV_MODE) the company registry and tax debts answer the demo generator's records (`demo-services.ts`).
 */

import type { Locale } from '../../../contract/locales'
import { type KnownCompany, runCompanyRegistry, runTaxDebts } from '../dev/demo-services'
import { readConfig } from '../lib/config'

/** What a service is asked with: the account's own identifiers, the params the person gave, and the language. */
type ServiceRequest = {
  /** The profile's company TIN (9 digits), or empty. */
  inn: string
  /** The profile's PINFL (14 digits), or empty. */
  pinfl: string
  /** The service's other params, validated (`date`, `date_from`, `date_to`: YYYY-MM-DD; `region`, `district`: ids). */
  params: Readonly<Record<string, string>>
  lang: Locale
  /** The account's own company record (name, legal address, representative), for registries that echo it. */
  account: KnownCompany
}

/** A registry's answer: every row of the record, in `lang`; the gateway pages them. */
export type ServiceIntegration = (request: ServiceRequest, env: Env) => Promise<Record<string, unknown>[]>

/** Integrations of real registries, by handler: the agency's to add. */
const CONNECTED: Readonly<Record<string, ServiceIntegration>> = {}

/** Local mode's demo records, deterministic per TIN. */
const DEMO: Readonly<Record<string, ServiceIntegration>> = {
  company_registry: async (r) => runCompanyRegistry(r.inn, r.lang, r.account),
  tax_debts: async (r) => runTaxDebts(r.inn, r.params.date ?? new Date().toISOString().slice(0, 10), r.lang),
}

/** The integration behind a service's handler in this environment, or null when it is not connected. */
export function integrationFor(env: Env, handler: string | null): ServiceIntegration | null {
  if (!handler) return null
  if (Object.hasOwn(CONNECTED, handler)) return CONNECTED[handler]!
  if (readConfig(env).devMode && Object.hasOwn(DEMO, handler)) return DEMO[handler]!
  return null
}
