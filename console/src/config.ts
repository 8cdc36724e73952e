/** The console's configuration: its vars parsed once per env object, naming every bad key (docs/architecture.md#rule-3). */
import * as v from 'valibot'

const ConfigSchema = v.object({
  ACCESS_TEAM_DOMAIN: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ACCESS_AUD: v.optional(v.string(), ''),
})

/** The parsed configuration. */
export type ConsoleConfig = {
  /** Cloudflare Access in front of the console: the team domain (the tokens' issuer) and the application's audience. */
  access: { teamDomain: string; audience: string } | null
}

const cache = new WeakMap<object, ConsoleConfig>()

/** Reads and validates the configuration of this env; throws naming the invalid keys. */
export function readConfig(env: Env): ConsoleConfig {
  const cached = cache.get(env)
  if (cached) return cached
  const parsed = v.safeParse(ConfigSchema, env)
  if (!parsed.success) {
    const keys = parsed.issues.map((i) => v.getDotPath(i) ?? '?').join(', ')
    throw new Error(`invalid console configuration: ${keys}`)
  }
  const { ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: audience } = parsed.output
  const config: ConsoleConfig = { access: teamDomain && audience ? { teamDomain, audience } : null }
  cache.set(env, config)
  return config
}
