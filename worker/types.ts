/** Hono context types of the portal worker. */
import type { Locale } from '../contract/locales'
import type { SessionState } from '../shared/state/state'
import type { AppConfig } from './env'

/**
 * The request's session (`readSession`); `ended`: the gateway rejected the token and the cookie is cleared. The types a
 * context variable holds are declared here, so this module imports none of the modules that read the context.
 */
export type SessionResult = { ok: true; session: SessionState; token: string | null } | { ok: false; ended: true }

/** What the payload cache did for one key, summed up in the request log and `Server-Timing`. */
export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass' | 'error'

type AppVariables = {
  locale: Locale
  /** The path below the locale prefix, e.g. `/post/1`. */
  rest: string
  config: AppConfig
  secureHeadersNonce?: string
  /** The request's session, resolved once (`readSession`). */
  session?: Promise<SessionResult>
  /** The route that answered, for the request log (a route id, `gateway`, `dev` or an `_app` endpoint). */
  routeId?: string
  cacheOutcomes: CacheOutcome[]
  /** Cache writes held back until the page's critical keys have decided its status (`holdWrites`). */
  heldWrites?: Array<() => void> | null
  timings: [string, number][]
  /** Why a route rule let its page render instead of redirecting (the SSO's exchange: the gateway's code). */
  ruleCode?: string
  /** The content version this request reads payloads at, asked once (`contentVersion`). */
  contentVersion?: Promise<number | null>
  /** A preview link's token (docs/decisions/0031-publishing.md): the request bypasses every cache. */
  preview?: string | null
}

export type AppEnv = { Bindings: Env; Variables: AppVariables }
