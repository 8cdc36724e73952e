/** Hono context types of the portal worker. */
import type { Locale } from '../shared/constants'
import type { SessionState } from '../shared/state'
import type { AppConfig } from './env'

export type AppVariables = {
  locale: Locale
  /** The path below the locale prefix, e.g. `/post/1`. */
  rest: string
  config: AppConfig
  secureHeadersNonce?: string
  session: SessionState
  token: string | null
  cacheOutcomes: import('./payloads').CacheOutcome[]
  timings: [string, number][]
}

export type AppEnv = { Bindings: Env; Variables: AppVariables }
