/** Gateway configuration: string vars and secrets parsed once per env object, naming every bad key. */
import * as v from 'valibot'

const ConfigSchema = v.object({
  PORTAL_ORIGIN: v.pipe(v.string(), v.url()),
  DEV_MODE: v.optional(v.picklist(['0', '1']), '0'),
  PUBLIC_BASE: v.optional(v.pipe(v.string(), v.regex(/^(\/[\w.-]+)*$/)), '/gateway'),
  DEV_BASE: v.optional(v.pipe(v.string(), v.regex(/^(\/[\w.-]+)+$/)), '/_dev'),
  ONEID_AUTHORIZE_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ONEID_CLIENT_ID: v.optional(v.string(), ''),
  BOT_PROVIDER: v.optional(v.picklist(['', 'turnstile', 'recaptcha']), ''),
  BOT_SECRET: v.optional(v.string(), ''),
  BOT_HOSTNAME: v.optional(v.string(), ''),
})

/** The parsed configuration (see `readConfig`). */
export type Config = {
  portalOrigin: string
  devMode: boolean
  publicBase: string
  /** Where the portal exposes `/dev/*` in local mode (the OneID stand-in is opened there). */
  devBase: string
  oneidAuthorizeUrl: string
  oneidClientId: string
  botProvider: '' | 'turnstile' | 'recaptcha'
  botSecret: string
  /** Hostname the bot-protection token must have been issued for (defaults to PORTAL_ORIGIN's host). */
  botHostname: string
}

const cache = new WeakMap<object, Config>()

/** Reads and validates the configuration of this env; throws naming the invalid keys. */
export function readConfig(env: Env): Config {
  const cached = cache.get(env)
  if (cached) return cached
  const parsed = v.safeParse(ConfigSchema, env)
  if (!parsed.success) {
    const keys = parsed.issues.map((i) => v.getDotPath(i) ?? '?').join(', ')
    throw new Error(`invalid gateway configuration: ${keys}`)
  }
  const o = parsed.output
  if (o.DEV_MODE === '1' && !isLoopbackOrigin(o.PORTAL_ORIGIN)) {
    throw new Error('invalid gateway configuration: DEV_MODE is "1" but PORTAL_ORIGIN is not a loopback origin')
  }
  const config: Config = {
    portalOrigin: o.PORTAL_ORIGIN.replace(/\/+$/, ''),
    devMode: o.DEV_MODE === '1',
    publicBase: o.PUBLIC_BASE,
    devBase: o.DEV_BASE,
    oneidAuthorizeUrl: o.ONEID_AUTHORIZE_URL,
    oneidClientId: o.ONEID_CLIENT_ID,
    // A secret without a provider still verifies (Turnstile), rather than silently switching protection off.
    botProvider: o.BOT_PROVIDER || (o.BOT_SECRET ? 'turnstile' : ''),
    botSecret: o.BOT_SECRET,
    botHostname: o.BOT_HOSTNAME || new URL(o.PORTAL_ORIGIN).hostname,
  }
  cache.set(env, config)
  return config
}

/**
 * Development helpers (`/dev/*`: reset links, sign-in as anyone, wiping data) are only safe on a developer's machine,
 * so DEV_MODE needs a portal on a loopback address (docs/security.md#dev-surface).
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname } = new URL(origin)
    return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
  } catch {
    return false
  }
}

/**
 * Refuses to start a gateway whose configuration is unsafe to serve (DEV_MODE with a public PORTAL_ORIGIN): the
 * module then fails to load, so `wrangler deploy` and every request fail instead of exposing the helpers.
 */
export function assertSafeToStart(env: Record<string, unknown>): void {
  if (env.DEV_MODE === '1' && !isLoopbackOrigin(String(env.PORTAL_ORIGIN ?? ''))) {
    throw new Error('refusing to start: DEV_MODE is "1" but PORTAL_ORIGIN is not a loopback origin')
  }
}
