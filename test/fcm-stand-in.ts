/**
 * A local stand-in for Google at the network boundary of push: the OAuth token endpoint (`POST /token`, RFC 7523 JWT
 * bearer grant) and FCM's HTTP v1 API (`POST /v1/projects/{project}/messages:send`). It verifies the assertion's RS256
 * signature with the service account's public key and its claims, answers an access token, checks each message's
 * bearer and shape as FCM does, records what it accepted, and answers `UNREGISTERED` (404) or a token
 * `INVALID_ARGUMENT` (400) for tokens a test names.
 *
 * Control (tests): `PUT /__control/accounts` `{ client_email, project_id, public_key (SPKI PEM), expires_in?,
 * unregistered?, invalid? }` registers an account and clears its records; `GET /__control/accounts/{client_email}`
 * answers `{ tokenRequests, messages, rejections }`; `GET /__control/log?prefix=/p` lists the other requests whose path
 * starts with the prefix.
 *
 * Used as the gateway project's vitest global setup (`inject('fcmStandIn')`), and by Playwright as a web server:
 * `node test/fcm-stand-in.ts --port N`, with accounts given in `FCM_STAND_IN_ACCOUNTS` (a JSON array).
 */
import { createPublicKey, type KeyObject, randomUUID, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'

export type FcmStandIn = { origin: string }

declare module 'vitest' {
  export interface ProvidedContext {
    fcmStandIn: FcmStandIn
  }
}

/** An account as a test registers it. */
export type StandInAccount = {
  client_email: string
  project_id: string
  public_key: string
  /** Lifetime of the access tokens it answers, in seconds (Google: 3599). */
  expires_in?: number
  /** Device tokens answered 404 UNREGISTERED. */
  unregistered?: string[]
  /** Device tokens answered 400 INVALID_ARGUMENT naming `message.token`. */
  invalid?: string[]
  /** Holds each token answer this long (a slow Google). */
  token_delay_ms?: number
}

/** A message FCM accepted (or refused for its token), as recorded. */
export type RecordedMessage = { project: string; bearer: string; message: Record<string, any>; answer: number }

/** What the stand-in saw for one account. */
export type StandInRecords = { tokenRequests: number; messages: RecordedMessage[]; rejections: string[] }

type Account = StandInRecords & {
  projectId: string
  publicKey: KeyObject
  expiresIn: number
  unregistered: Set<string>
  invalid: Set<string>
  tokenDelayMs: number
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'

const accounts = new Map<string, Account>()
const accessTokens = new Map<string, { clientEmail: string; expiresAt: number }>()
/** Every request outside `/__control`, as `METHOD /path`. */
const requestLog: string[] = []
let origin = ''

function register(input: StandInAccount): void {
  accounts.set(input.client_email, {
    projectId: input.project_id,
    publicKey: createPublicKey(input.public_key),
    expiresIn: input.expires_in ?? 3599,
    unregistered: new Set(input.unregistered ?? []),
    invalid: new Set(input.invalid ?? []),
    tokenDelayMs: input.token_delay_ms ?? 0,
    tokenRequests: 0,
    messages: [],
    rejections: [],
  })
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const fromBase64Url = (s: string) => Buffer.from(s, 'base64url')

/** Checks a JWT assertion as Google does; answers the account it is for, or why it is refused. */
function checkAssertion(assertion: string): { account: Account; clientEmail: string } | { error: string } {
  const parts = assertion.split('.')
  if (parts.length !== 3) return { error: 'assertion is not a JWT' }
  const [h, p, s] = parts as [string, string, string]
  let header: { alg?: string; typ?: string }
  let claims: { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number }
  try {
    header = JSON.parse(fromBase64Url(h).toString('utf8'))
    claims = JSON.parse(fromBase64Url(p).toString('utf8'))
  } catch {
    return { error: 'assertion parts are not JSON' }
  }
  if (header.alg !== 'RS256') return { error: `alg ${header.alg}` }
  const account = accounts.get(claims.iss ?? '')
  if (!account) return { error: `unknown iss ${claims.iss}` }
  if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), account.publicKey, fromBase64Url(s)))
    return { error: 'bad signature' }
  const now = Math.floor(Date.now() / 1000)
  if (claims.scope !== SCOPE) return { error: `scope ${claims.scope}` }
  if (claims.aud !== `${origin}/token`) return { error: `aud ${claims.aud}` }
  if (typeof claims.iat !== 'number' || Math.abs(claims.iat - now) > 60) return { error: 'iat not now' }
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp - claims.iat > 3600)
    return { error: 'exp out of range' }
  return { account, clientEmail: claims.iss! }
}

async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = new URLSearchParams(await readBody(req))
  if (req.headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('grant_type') !== GRANT) {
    return json(res, 400, { error: 'unsupported_grant_type' })
  }
  const checked = checkAssertion(form.get('assertion') ?? '')
  if ('error' in checked) {
    for (const a of accounts.values()) a.rejections.push(`token: ${checked.error}`)
    return json(res, 400, { error: 'invalid_grant', error_description: checked.error })
  }
  const { account, clientEmail } = checked
  account.tokenRequests++
  if (account.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, account.tokenDelayMs))
  const accessToken = `ya29.stand-in-${randomUUID()}`
  accessTokens.set(accessToken, { clientEmail, expiresAt: Date.now() + account.expiresIn * 1000 })
  json(res, 200, { access_token: accessToken, expires_in: account.expiresIn, token_type: 'Bearer' })
}

const fcmError = (status: number, code: string, message: string, extra: object[] = []) => ({
  error: {
    code: status,
    message,
    status: code === 'UNREGISTERED' ? 'NOT_FOUND' : code,
    details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: code }, ...extra],
  },
})

/** The shape FCM accepts for our messages: unknown fields and non-string data are refused, as FCM refuses them. */
function checkMessage(body: unknown): string | null {
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x)
  const onlyKeys = (x: Record<string, unknown>, keys: string[]) => Object.keys(x).every((k) => keys.includes(k))
  if (!isObject(body) || !onlyKeys(body, ['message']) || !isObject(body.message)) return 'no message'
  const m = body.message
  if (!onlyKeys(m, ['token', 'notification', 'data', 'webpush'])) return `unknown field in ${Object.keys(m)}`
  if (typeof m.token !== 'string' || !m.token) return 'no token'
  if (!isObject(m.notification) || !onlyKeys(m.notification, ['title', 'body'])) return 'bad notification'
  if (typeof m.notification.title !== 'string' || typeof m.notification.body !== 'string')
    return 'notification text not strings'
  if (m.data !== undefined && (!isObject(m.data) || Object.values(m.data).some((v) => typeof v !== 'string')))
    return 'data values must be strings'
  if (m.webpush !== undefined) {
    if (!isObject(m.webpush) || !onlyKeys(m.webpush, ['fcm_options']) || !isObject(m.webpush.fcm_options))
      return 'bad webpush'
    const link = m.webpush.fcm_options.link
    if (typeof link !== 'string' || !link.startsWith('https://')) return 'webpush link must be HTTPS'
  }
  return null
}

async function send(project: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
  const issued = accessTokens.get(bearer)
  const account = issued && accounts.get(issued.clientEmail)
  const raw = await readBody(req)
  if (!issued || !account || issued.expiresAt <= Date.now()) {
    for (const a of accounts.values()) a.rejections.push('send: bearer not a live access token')
    return json(res, 401, {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    })
  }
  if (project !== account.projectId) {
    account.rejections.push(`send: project ${project}`)
    return json(res, 403, { error: { code: 403, message: 'Permission denied.', status: 'PERMISSION_DENIED' } })
  }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    body = null
  }
  const problem = req.headers['content-type']?.startsWith('application/json') ? checkMessage(body) : 'not JSON'
  if (problem) {
    account.rejections.push(`send: ${problem}`)
    return json(res, 400, fcmError(400, 'INVALID_ARGUMENT', `Invalid JSON payload received. ${problem}`))
  }
  const message = (body as { message: Record<string, any> }).message
  const answer = account.unregistered.has(message.token) ? 404 : account.invalid.has(message.token) ? 400 : 200
  account.messages.push({ project, bearer, message, answer })
  if (answer === 404) return json(res, 404, fcmError(404, 'UNREGISTERED', 'Requested entity was not found.'))
  if (answer === 400) {
    return json(
      res,
      400,
      fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
        },
      ]),
    )
  }
  json(res, 200, { name: `projects/${project}/messages/${randomUUID()}` })
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (req.method === 'PUT' && path === '/__control/accounts') {
    register(JSON.parse(await readBody(req)) as StandInAccount)
    return json(res, 200, { ok: true })
  }
  const records = /^\/__control\/accounts\/([^/]+)$/.exec(path)
  if (req.method === 'GET' && records) {
    const a = accounts.get(decodeURIComponent(records[1]!))
    if (!a) return json(res, 404, { error: 'unknown account' })
    return json(res, 200, {
      tokenRequests: a.tokenRequests,
      messages: a.messages,
      rejections: a.rejections,
    } satisfies StandInRecords)
  }
  if (req.method === 'GET' && path === '/__control/log') {
    const prefix = new URL(req.url ?? '/', 'http://x').searchParams.get('prefix') ?? '/'
    return json(
      res,
      200,
      requestLog.filter((line) => line.split(' ')[1]!.startsWith(prefix)),
    )
  }
  if (!path.startsWith('/__control/')) requestLog.push(`${req.method} ${path}`)
  if (req.method === 'POST' && path === '/token') return token(req, res)
  const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
  if (req.method === 'POST' && sendPath) return send(decodeURIComponent(sendPath[1]!), req, res)
  json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
}

/** Starts the stand-in on 127.0.0.1 (`port` 0: any free port). */
export async function startFcmStandIn(
  port = 0,
  preset: StandInAccount[] = [],
): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (const account of preset) register(account)
  return { origin, server }
}

let running: Server | undefined

/** Vitest global setup of the gateway project. */
export async function setup(project: TestProject): Promise<void> {
  const started = await startFcmStandIn()
  running = started.server
  project.provide('fcmStandIn', { origin: started.origin })
}

export async function teardown(): Promise<void> {
  const server = running
  if (!server) return
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await closed
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portArg = process.argv.indexOf('--port')
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0
  const preset = JSON.parse(process.env.FCM_STAND_IN_ACCOUNTS ?? '[]') as StandInAccount[]
  const started = await startFcmStandIn(port, preset)
  console.log(`FCM stand-in at ${started.origin}`)
}
