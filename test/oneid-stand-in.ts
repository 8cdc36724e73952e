/**
 * A stand-in for OneID (sso.egov.uz) at the network boundary, speaking its protocol (docs/gateway-contract.md#oneid):
 * `POST /sso/oauth/Authorization.do` as a form answers `grant_type=one_authorization_code` (the code, once, for an
 * access token) and `grant_type=one_access_token_identify` (the token's person), each for a registered client with its
 * secret; refusals are OneID's `{ error, error_description }`. Codes are registered by the tests, each with the person
 * it identifies and how the stand-in should behave.
 *
 * Control (tests): `PUT /__control/codes` `{ code, person, client_id?, redirect_uri?, expired?, token_status?, hang? }`
 * registers a code (`token_status`: the exchange answers that status; `hang`: it never answers); `GET /__control/log`
 * lists the grants received (`{ grant_type, client_id, secret_ok, redirect_uri }`, never a code or a token).
 *
 * Used as a vitest global setup (`inject('oneidStandIn')`; its origin is also `process.env.ONEID_STAND_IN_ORIGIN`, for
 * Miniflare's outbound routing in this process).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'

/** The stand-in's origin, and the client it knows (the id and secret the agency would be given). */
export type OneIdStandIn = { origin: string; client: { id: string; secret: string } }

/** Where OneID answers both grants (and where its sign-in page is). */
const ONEID_PATH = '/sso/oauth/Authorization.do'

/** The one client the stand-in knows. */
export const ONEID_TEST_CLIENT = Object.freeze({ id: 'invest-portal-test', secret: 'oneid-test-secret' })

declare module 'vitest' {
  export interface ProvidedContext {
    oneidStandIn: OneIdStandIn
  }
}

/** A person as OneID's identify call answers it. */
type OneIdTestPerson = {
  pin: string
  first_name: string
  sur_name: string
  mid_name?: string
  email?: string
  mob_phone_no?: string
  legal_info?: { is_basic: boolean; le_tin: string; le_name: string; tin?: string; acron_UZ?: string }[]
}

/** A code as a test registers it. */
type CodeRegistration = {
  code: string
  person: OneIdTestPerson
  /** The client it was issued to (default: the test client). */
  client_id?: string
  /** The redirect_uri it was issued for; the exchange must name the same one (default: any). */
  redirect_uri?: string
  /** Issued long ago: OneID refuses it. */
  expired?: boolean
  /** The exchange answers this HTTP status (an outage at OneID). */
  token_status?: number
  /** The exchange never answers (a timeout). */
  hang?: boolean
}

type Grant = { grant_type: string; client_id: string; secret_ok: boolean; redirect_uri: string }

const codes = new Map<string, CodeRegistration & { used: boolean }>()
const tokens = new Map<string, OneIdTestPerson>()
const log: Grant[] = []
/** Responses held open by `hang`, ended when the server stops. */
const held = new Set<ServerResponse>()

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body))
}

async function grant(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
    return json(res, 400, { error: 'invalid_request', error_description: 'a form is expected' })
  const form = new URLSearchParams(await readBody(req))
  const clientId = form.get('client_id') ?? ''
  const secretOk = clientId === ONEID_TEST_CLIENT.id && form.get('client_secret') === ONEID_TEST_CLIENT.secret
  const grantType = form.get('grant_type') ?? ''
  log.push({
    grant_type: grantType,
    client_id: clientId,
    secret_ok: secretOk,
    redirect_uri: form.get('redirect_uri') ?? '',
  })
  if (!secretOk) return json(res, 401, { error: 'invalid_client', error_description: 'unknown client or secret' })
  if (grantType === 'one_authorization_code') {
    const code = codes.get(form.get('code') ?? '')
    if (code?.hang) {
      held.add(res)
      return
    }
    if (code?.token_status) return json(res, code.token_status, { error: 'server_error' })
    const foreign =
      code &&
      ((code.client_id ?? ONEID_TEST_CLIENT.id) !== clientId ||
        (code.redirect_uri !== undefined && code.redirect_uri !== form.get('redirect_uri')))
    if (!code || code.used || code.expired || foreign)
      return json(res, 400, { error: 'invalid_grant', error_description: 'the code is unknown, used or expired' })
    code.used = true
    const accessToken = randomUUID()
    tokens.set(accessToken, code.person)
    return json(res, 200, {
      access_token: accessToken,
      refresh_token: randomUUID(),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: form.get('scope') ?? clientId,
    })
  }
  if (grantType === 'one_access_token_identify') {
    const person = tokens.get(form.get('access_token') ?? '')
    if (!person) return json(res, 400, { error: 'invalid_token', error_description: 'unknown access token' })
    return json(res, 200, {
      valid: 'true',
      user_type: 'I',
      user_id: `user${person.pin.slice(-4)}`,
      full_name: `${person.sur_name} ${person.first_name}`,
      mid_name: '',
      email: '',
      mob_phone_no: '',
      legal_info: [],
      ...person,
    })
  }
  json(res, 400, { error: 'unsupported_grant_type' })
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (req.method === 'PUT' && path === '/__control/codes') {
    const registration = JSON.parse(await readBody(req)) as CodeRegistration
    codes.set(registration.code, { ...registration, used: false })
    return json(res, 200, { ok: true })
  }
  if (req.method === 'GET' && path === '/__control/log') return json(res, 200, log)
  if (req.method === 'POST' && path === ONEID_PATH) return grant(req, res)
  json(res, 404, { error: 'not_found' })
}

/** Starts the stand-in on 127.0.0.1 (`port` 0: any free port). */
async function startOneIdStandIn(port = 0): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

let running: Server | undefined

/** Vitest global setup. */
export async function setup(project: TestProject): Promise<void> {
  const started = await startOneIdStandIn()
  running = started.server
  process.env.ONEID_STAND_IN_ORIGIN = started.origin
  project.provide('oneidStandIn', { origin: started.origin, client: { ...ONEID_TEST_CLIENT } })
}

export async function teardown(): Promise<void> {
  const server = running
  if (!server) return
  for (const res of held) res.destroy()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await closed
}
