/** The console's configuration: its vars parsed once per env object, naming every bad key (docs/architecture.md#rule-3). */
import * as v from 'valibot'
import { createConfigReader } from '../../platform/config'

const ConfigSchema = v.object({
  ACCESS_TEAM_DOMAIN: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ACCESS_AUD: v.optional(v.string(), ''),
})

/** The parsed configuration. */
export type ConsoleConfig = {
  /** Cloudflare Access in front of the console: the team domain (the tokens' issuer) and the application's audience. */
  access: { teamDomain: string; audience: string } | null
}

/** Reads and validates the configuration of this env; throws naming the invalid keys. */
export const readConfig: (env: Env) => ConsoleConfig = createConfigReader('console', ConfigSchema, (vars) => ({
  access:
    vars.ACCESS_TEAM_DOMAIN && vars.ACCESS_AUD
      ? { teamDomain: vars.ACCESS_TEAM_DOMAIN, audience: vars.ACCESS_AUD }
      : null,
}))
