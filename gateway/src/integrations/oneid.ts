/**
 * OneID, the national single sign-on (sso.egov.uz), as its integration documents describe it
 * (docs/gateway-contract.md#oneid): the browser goes to the authorize URL with `response_type=one_code`; OneID sends it
 * back to `redirect_uri` with a one-time `code`; the gateway exchanges the code (`grant_type=one_authorization_code`)
 * for an access token and asks who it belongs to (`grant_type=one_access_token_identify`), both as form posts with the
 * client's id and secret. The local stand-in (`dev/oneid-stand-in.ts`) speaks the same protocol, so this code runs
 * against both.
 */
import * as v from 'valibot'
import type { Config } from '../lib/config'

/** The configured SSO (`Config['oneid']`) and how to reach its token endpoint. */
export type OneIdClient = NonNullable<Config['oneid']> & { fetch: (request: Request) => Promise<Response> }

/** A person as OneID identifies them: the PINFL, names, and for a businessman the legal entities they represent. */
export type OneIdPerson = {
  pin: string
  firstName: string
  surname: string
  middleName: string
  email: string
  phone: string
  legalEntities: { tin: string; name: string; isBasic: boolean }[]
}

/**
 * Why the exchange failed: OneID refused the code or token (`rejected`: replayed, expired or foreign), or could not be
 * asked (`unavailable`: an error status, a timeout, no network) or answered something else (`malformed`).
 */
export class OneIdError extends Error {
  constructor(
    readonly reason: 'rejected' | 'unavailable' | 'malformed',
    message: string,
  ) {
    super(message)
    this.name = 'OneIdError'
  }
}

/** The authorize URL the browser is sent to: OneID's sign-in page for this client, returning to `redirectUri`. */
export function authorizeUrl(client: OneIdClient, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    response_type: 'one_code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: client.scope,
    state,
  })
  return `${client.authorizeUrl}${client.authorizeUrl.includes('?') ? '&' : '?'}${query}`
}

const TokenSchema = v.looseObject({ access_token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) })

const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))), '')

const LegalEntitySchema = v.looseObject({
  is_basic: v.optional(v.nullable(v.union([v.boolean(), v.string()])), false),
  le_tin: v.optional(v.nullable(v.string()), ''),
  le_name: text(500),
  acron_UZ: text(500),
})

const PersonSchema = v.looseObject({
  valid: v.optional(v.union([v.boolean(), v.string()]), 'true'),
  pin: v.pipe(v.string(), v.regex(/^\d{14}$/)),
  first_name: text(100),
  sur_name: text(100),
  mid_name: text(100),
  email: text(254),
  mob_phone_no: text(32),
  legal_info: v.optional(v.nullable(v.array(LegalEntitySchema)), []),
})

/** A company TIN: nine digits. */
const TIN = /^\d{9}$/

/** The form post OneID answers both grants at; an `error` in the answer is OneID refusing. */
async function post(client: OneIdClient, form: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  let res: Response
  try {
    res = await client.fetch(
      new Request(client.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form),
        signal,
      }),
    )
  } catch (err) {
    throw new OneIdError('unavailable', err instanceof Error ? `${err.name}: ${err.message}` : String(err))
  }
  let body: unknown
  try {
    body = await res.json()
  } catch {
    if (res.status >= 400 && res.status < 500) throw new OneIdError('rejected', `${form.grant_type}: ${res.status}`)
    throw new OneIdError(res.ok ? 'malformed' : 'unavailable', `${form.grant_type}: ${res.status}, not JSON`)
  }
  const error = (body as { error?: unknown } | null)?.error
  if (res.status >= 400 && res.status < 500)
    throw new OneIdError('rejected', `${form.grant_type}: ${res.status} ${error}`)
  if (!res.ok) throw new OneIdError('unavailable', `${form.grant_type}: ${res.status}`)
  if (error) throw new OneIdError('rejected', `${form.grant_type}: ${String(error)}`)
  return body
}

/**
 * Exchanges the code OneID returned to `redirectUri` (the one the authorize URL named) and identifies its person. The
 * two calls share one deadline, `timeoutMs`, so the portal's own wait for the gateway is not outlasted.
 */
export async function identify(client: OneIdClient, code: string, redirectUri: string): Promise<OneIdPerson> {
  if (!client.clientSecret && !client.standIn) throw new OneIdError('unavailable', 'ONEID_CLIENT_SECRET is not set')
  const signal = AbortSignal.timeout(client.timeoutMs)
  const credentials = { client_id: client.clientId, client_secret: client.clientSecret }
  const token = v.safeParse(
    TokenSchema,
    await post(
      client,
      { grant_type: 'one_authorization_code', ...credentials, code, redirect_uri: redirectUri },
      signal,
    ),
  )
  if (!token.success) throw new OneIdError('malformed', 'one_authorization_code: no access_token')
  const answer = await post(
    client,
    {
      grant_type: 'one_access_token_identify',
      ...credentials,
      access_token: token.output.access_token,
      scope: client.scope,
    },
    signal,
  )
  const person = v.safeParse(PersonSchema, answer)
  if (!person.success) throw new OneIdError('malformed', 'one_access_token_identify: not a person')
  const p = person.output
  if (String(p.valid) !== 'true') throw new OneIdError('rejected', 'one_access_token_identify: not valid')
  return {
    pin: p.pin,
    firstName: p.first_name ?? '',
    surname: p.sur_name ?? '',
    middleName: p.mid_name ?? '',
    email: p.email ?? '',
    phone: p.mob_phone_no ?? '',
    legalEntities: (p.legal_info ?? []).flatMap((le) => {
      // `le_tin` is the entity's own TIN; the entry's `tin` is the person's, never a company's.
      const tin = le.le_tin ?? ''
      if (!TIN.test(tin)) return []
      return [{ tin, name: le.le_name || le.acron_UZ || '', isBasic: String(le.is_basic) === 'true' }]
    }),
  }
}
