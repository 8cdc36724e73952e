/**
 * The gateway configured for OneID at the network boundary: the OneID stand-in (test/oneid-stand-in.ts) and the client
 * it knows.
 */
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The OneID stand-in (test/oneid-stand-in.ts) and its client's id and secret. */
    oneidStandIn: { origin: string; client: { id: string; secret: string } }
  }
}

/** The stand-in's origin. */
export const oneIdOrigin = () => inject('oneidStandIn').origin

/** The gateway's OneID settings for the stand-in; `timeoutMs` bounds the exchange. */
export function oneIdEnv(timeoutMs = '4000'): Record<string, string> {
  const { origin, client } = inject('oneidStandIn')
  return {
    ONEID_AUTHORIZE_URL: `${origin}/sso/oauth/Authorization.do`,
    ONEID_CLIENT_ID: client.id,
    ONEID_CLIENT_SECRET: client.secret,
    ONEID_TIMEOUT_MS: timeoutMs,
  }
}
