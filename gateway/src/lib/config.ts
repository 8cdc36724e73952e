/** Gateway configuration: string vars and secrets parsed once per env object, naming every bad key. */
import * as v from 'valibot'
import { createConfigReader } from '../../../platform/config'

const ConfigSchema = v.object({
  PORTAL_ORIGIN: v.pipe(v.string(), v.url()),
  DEV_MODE: v.optional(v.picklist(['0', '1']), '0'),
  PUBLIC_BASE: v.optional(v.pipe(v.string(), v.regex(/^(\/[\w.-]+)*$/)), '/gateway'),
  DEV_BASE: v.optional(v.pipe(v.string(), v.regex(/^(\/[\w.-]+)+$/)), '/_dev'),
  ONEID_AUTHORIZE_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ONEID_TOKEN_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ONEID_CLIENT_ID: v.optional(v.string(), ''),
  ONEID_CLIENT_SECRET: v.optional(v.string(), ''),
  ONEID_SCOPE: v.optional(v.string(), ''),
  ONEID_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{2,5}$/)), '4000'),
  // "none": no bot protection, chosen on purpose (the deploy check's strict mode refuses an empty value).
  BOT_PROVIDER: v.optional(v.picklist(['', 'none', 'turnstile', 'recaptcha']), ''),
  BOT_SECRET: v.optional(v.string(), ''),
  BOT_HOSTNAME: v.optional(v.string(), ''),
  FIRST_ADMIN_EMAIL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email())]), ''),
  ACCESS_TEAM_DOMAIN: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  ACCESS_AUD: v.optional(v.string(), ''),
  FCM_SERVICE_ACCOUNT: v.optional(v.string(), ''),
  FCM_ENDPOINT: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  FCM_TOKEN_ENDPOINT: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url())]), ''),
  REALTIME_SECRET: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.minLength(32))]), ''),
  MAIL_FROM: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.email())]), ''),
  PREVIEW_SECRET: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.minLength(32))]), ''),
  MAIL_LINK_SECRET: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.minLength(32))]), ''),
  // Whose personal data this store may hold (docs/decisions/0029-data-residency.md); the deploy check decides on it.
  CITIZEN_DATA: v.optional(v.picklist(['', 'test', 'citizens']), ''),
})

/** The fields of a Google service-account key file that minting an access token needs. */
const ServiceAccountSchema = v.object({
  client_email: v.pipe(v.string(), v.email()),
  private_key: v.pipe(v.string(), v.regex(/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/)),
  project_id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/)),
})

/** Google's endpoints, used unless FCM_ENDPOINT / FCM_TOKEN_ENDPOINT name a stand-in. */
const GOOGLE_FCM_ENDPOINT = 'https://fcm.googleapis.com'
const GOOGLE_TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token'

/** Push through FCM: the service account (null: push is off) and the two endpoints. */
export type PushConfig = {
  account: { clientEmail: string; privateKey: string; projectId: string } | null
  /** Origin of the FCM HTTP v1 API; messages go to `{endpoint}/v1/projects/{project_id}/messages:send`. */
  endpoint: string
  /** The OAuth token endpoint, which is also the `aud` of the JWT assertion. */
  tokenEndpoint: string
}

/** The parsed configuration (see `readConfig`). */
export type Config = {
  portalOrigin: string
  devMode: boolean
  publicBase: string
  /** Where the portal exposes `/dev/*` in local mode (the OneID stand-in is opened there). */
  devBase: string
  /**
   * The national SSO (docs/gateway-contract.md#oneid), null when neither OneID nor the local stand-in is configured:
   * where the browser is sent to sign in, where the gateway exchanges the code and identifies the person (OneID
   * answers both grants at its authorize URL), the client's id, secret and scope, and how long the two calls may take
   * together. `standIn`: the local stand-in of `DEV_MODE` (`/dev/oneid`), reached without a network.
   */
  oneid: {
    authorizeUrl: string
    tokenUrl: string
    clientId: string
    clientSecret: string
    scope: string
    timeoutMs: number
    standIn: boolean
  } | null
  botProvider: '' | 'turnstile' | 'recaptcha'
  botSecret: string
  /** Hostname the bot-protection token must have been issued for (defaults to PORTAL_ORIGIN's host). */
  botHostname: string
  /**
   * Cloudflare Access in front of the operator console: the team domain (the tokens' issuer, whose keys are at
   * `/cdn-cgi/access/certs`) and the application's audience tag. Either empty: the operator calls do not exist (404).
   */
  access: { teamDomain: string; audience: string } | null
  /**
   * The e-mail that signs in as an admin while no operator is one: how the first admin gets in
   * (docs/operations.md#operator-access). Empty: only operators already in the table.
   */
  firstAdminEmail: string
  push: PushConfig
  /** The key realtime publishes to the portal are signed with; empty: the gateway publishes nothing. */
  realtimeSecret: string
  /** The address mail is sent from (one the EMAIL binding allows); empty: mail waits in its queue, unsent. */
  mailFrom: string
  /**
   * The key preview links are signed with (docs/gateway-contract.md#preview); in DEV_MODE a fixed development key when
   * unset. Empty: no preview links (503 `preview_unavailable`).
   */
  previewSecret: string
  /**
   * The key the unsubscribe links of optional mail are signed with (docs/security.md#one-click-unsubscribe); in
   * DEV_MODE a fixed development key when unset. Empty: optional mail goes without its unsubscribe link, and the
   * unsubscribe call answers 503 `unsubscribe_unavailable`.
   */
  mailLinkSecret: string
}

/** Signs preview links on a developer's machine (DEV_MODE only), so local previews work without a secret. */
const DEV_PREVIEW_SECRET = 'local-preview-secret-for-development-only'
/** Signs unsubscribe links on a developer's machine (DEV_MODE only). */
const DEV_MAIL_LINK_SECRET = 'local-mail-link-secret-for-development-only'

/** Reads and validates the configuration of this env; throws naming the invalid keys. */
export const readConfig: (env: Env) => Config = createConfigReader('gateway', ConfigSchema, (o) => {
  if (o.DEV_MODE === '1' && !isLoopbackOrigin(o.PORTAL_ORIGIN)) {
    throw new Error('invalid gateway configuration: DEV_MODE is "1" but PORTAL_ORIGIN is not a loopback origin')
  }
  return {
    portalOrigin: o.PORTAL_ORIGIN.replace(/\/+$/, ''),
    devMode: o.DEV_MODE === '1',
    publicBase: o.PUBLIC_BASE,
    devBase: o.DEV_BASE,
    oneid: readOneId(o),
    // A secret without a provider still verifies (Turnstile), rather than silently switching protection off.
    botProvider: o.BOT_PROVIDER === 'none' ? '' : o.BOT_PROVIDER || (o.BOT_SECRET ? 'turnstile' : ''),
    botSecret: o.BOT_SECRET,
    botHostname: o.BOT_HOSTNAME || new URL(o.PORTAL_ORIGIN).hostname,
    access: o.ACCESS_TEAM_DOMAIN && o.ACCESS_AUD ? { teamDomain: o.ACCESS_TEAM_DOMAIN, audience: o.ACCESS_AUD } : null,
    firstAdminEmail: o.FIRST_ADMIN_EMAIL,
    push: {
      account: readServiceAccountOrOff(o.FCM_SERVICE_ACCOUNT),
      endpoint: (o.FCM_ENDPOINT || GOOGLE_FCM_ENDPOINT).replace(/\/+$/, ''),
      tokenEndpoint: o.FCM_TOKEN_ENDPOINT || GOOGLE_TOKEN_ENDPOINT,
    },
    realtimeSecret: o.REALTIME_SECRET,
    mailFrom: o.MAIL_FROM,
    previewSecret: o.PREVIEW_SECRET || (o.DEV_MODE === '1' ? DEV_PREVIEW_SECRET : ''),
    mailLinkSecret: o.MAIL_LINK_SECRET || (o.DEV_MODE === '1' ? DEV_MAIL_LINK_SECRET : ''),
  }
})

/** Where the SSO has the gateway look: OneID when its authorize URL is set, else the stand-in in DEV_MODE, else none. */
function readOneId(o: v.InferOutput<typeof ConfigSchema>): Config['oneid'] {
  const common = {
    clientId: o.ONEID_CLIENT_ID,
    clientSecret: o.ONEID_CLIENT_SECRET,
    // OneID's convention: the scope is the client's id unless the agency was given another.
    scope: o.ONEID_SCOPE || o.ONEID_CLIENT_ID,
    timeoutMs: Number(o.ONEID_TIMEOUT_MS),
  }
  if (o.ONEID_AUTHORIZE_URL) {
    const tokenUrl = o.ONEID_TOKEN_URL || o.ONEID_AUTHORIZE_URL
    return { ...common, authorizeUrl: o.ONEID_AUTHORIZE_URL, tokenUrl, standIn: false }
  }
  if (o.DEV_MODE !== '1') return null
  return { ...common, authorizeUrl: `${o.DEV_BASE}/oneid`, tokenUrl: ONEID_STAND_IN_URL, standIn: true }
}

/** The stand-in's token endpoint: a URL the gateway answers itself, in-process (`dev/oneid-stand-in.ts`). */
const ONEID_STAND_IN_URL = 'http://gateway.internal/dev/oneid'

/**
 * An unusable service account switches push off and says why in the log, once per configuration: a broken push secret
 * must not take sign-in, forms and content down with it.
 */
function readServiceAccountOrOff(text: string): PushConfig['account'] {
  try {
    return readServiceAccount(text)
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'push is off', error: err instanceof Error ? err.message : String(err) }),
    )
    return null
  }
}

/** The FCM_SERVICE_ACCOUNT secret (a key file's JSON); empty means push is off, anything unusable is a config error. */
function readServiceAccount(text: string): PushConfig['account'] {
  if (!text.trim()) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error('invalid gateway configuration: FCM_SERVICE_ACCOUNT is not JSON')
  }
  const parsed = v.safeParse(ServiceAccountSchema, json)
  if (!parsed.success) {
    const keys = parsed.issues.map((i) => `FCM_SERVICE_ACCOUNT.${v.getDotPath(i) ?? '?'}`).join(', ')
    throw new Error(`invalid gateway configuration: ${keys}`)
  }
  const { client_email, private_key, project_id } = parsed.output
  return { clientEmail: client_email, privateKey: private_key, projectId: project_id }
}

/**
 * Development helpers (`/dev/*`: reset links, sign-in as anyone, wiping data) are only safe on a developer's machine,
 * so DEV_MODE needs a portal on a loopback address (docs/security.md#dev-surface).
 */
function isLoopbackOrigin(origin: string): boolean {
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
