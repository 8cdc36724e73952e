/**
 * The gateway configured for OneID at the network boundary: the OneID stand-in (test/oneid-stand-in.ts) and the client
 * it knows.
 */
import { inject } from 'vitest'
import { call } from './helpers'

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

/** A code as the OneID stand-in takes it (test/oneid-stand-in.ts): the person it identifies and how OneID behaves. */
export type CodeRegistration = {
  person: {
    pin: string
    first_name: string
    sur_name: string
    email?: string
    mob_phone_no?: string
    legal_info?: { is_basic: boolean; le_tin: string; le_name: string; tin?: string }[]
  }
  client_id?: string
  redirect_uri?: string
  expired?: boolean
  token_status?: number
  hang?: boolean
}

/** Registers a code with the stand-in for the person OneID will identify by it; answers the code. */
export async function registerOneIdCode(registration: CodeRegistration): Promise<string> {
  const code = crypto.randomUUID()
  const res = await fetch(`${oneIdOrigin()}/__control/codes`, {
    method: 'PUT',
    body: JSON.stringify({ code, ...registration }),
  })
  if (!res.ok) throw new Error(`oneid stand-in: ${res.status}`)
  return code
}

/** The portal's OneID exchange (`POST /core/auth?code&role`) with the gateway configured for the stand-in. */
export function exchangeOneIdCode(code: string, role: string, opts: { lang?: string; timeoutMs?: string } = {}) {
  return call(`/core/auth?${new URLSearchParams({ code, role })}`, {
    method: 'POST',
    lang: opts.lang,
    env: oneIdEnv(opts.timeoutMs),
  })
}

/** A fresh PINFL and TIN, so each test's person and company are new to the gateway. */
export const newPin = () =>
  `3${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
export const newTin = () =>
  `${2 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
