/**
 * A stand-in for Cloudflare Access (docs/security.md#operator-surface), at the network boundary: it publishes a team's
 * signing keys at `/cdn-cgi/access/certs` as Access does and signs application tokens, so the gateway's and the
 * console's own verification code runs against real RS256 signatures. Wrangler's fixed local Access identity cannot
 * say who an operator is, which roles need.
 *
 * - `GET /cdn-cgi/access/certs`: `{ keys: [JWK], public_cert, public_certs }`, the current key only.
 * - `POST /__sign` `{ claims, key?: 'rogue', kid? }`: a token over `claims` (defaults: this issuer, one hour from
 *   now); `key: 'rogue'` signs with a key the certs do not publish, under the published key id.
 *
 * With `front` (`npm start`, docs/operations.md#local), it also stands where Access stands in front of the console:
 * every other request needs its session cookie (`CF_Authorization`, as Access names it) and goes on to the console
 * with the token in `Cf-Access-Jwt-Assertion`; without one, the visitor is sent to a sign-in page listing the demo
 * operators (`/cdn-cgi/access/login`), and `/cdn-cgi/access/logout` ends the session.
 *
 * Used as a vitest global setup (`inject('accessIssuer')`), by scripts/start.mjs, or alone:
 * `node test/access-stand-in.ts --port N`.
 */
import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto'
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'

export type AccessIssuer = { origin: string }

declare module 'vitest' {
  export interface ProvidedContext {
    accessIssuer: AccessIssuer
  }
}

type KeyPair = { privateKey: KeyObject; publicKey: KeyObject }

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

function newPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, publicKey }
}

/** Signs `claims` as an Access application token with `pair` under key id `kid`. */
export function signAccessToken(pair: KeyPair, kid: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }))
  const body = b64url(JSON.stringify(claims))
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), pair.privateKey)
  return `${head}.${body}.${b64url(signature)}`
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}

/** A demo operator the sign-in page offers. */
export type DemoOperator = { email: string; name: string; role: string }

/** What the stand-in fronts: the console's own address, the Access application's audience, who may sign in. */
export type ConsoleFront = { upstream: string; audience: string; operators: DemoOperator[] }

/** Access's session cookie on the application's host, and how long a session lasts (Access's default: 24 hours). */
const SESSION_COOKIE = 'CF_Authorization'
const SESSION_S = 24 * 3600

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The return path after signing in: a same-origin path, or the console's root. */
function safeReturn(value: string | null): string {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/'
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return null
}

/**
 * Whether a session cookie holds a token this stand-in signed (a restarted stand-in has new keys, so an old session
 * signs in again, as after Access rotates its keys) that is still within its time.
 */
function isLive(token: string, pair: KeyPair): boolean {
  const [head = '', body = '', signature = ''] = token.split('.')
  try {
    if (!verify('sha256', Buffer.from(`${head}.${body}`), pair.publicKey, Buffer.from(signature, 'base64url')))
      return false
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { exp?: number }
    return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000
  } catch {
    return false
  }
}

/** The stand-in's sign-in page: one link per demo operator, as Access lists its identity providers. */
function loginPage(operators: DemoOperator[], returnTo: string): string {
  const items = operators
    .map((o) => {
      const href = `/cdn-cgi/access/authorized?${new URLSearchParams({ email: o.email, redirect_url: returnTo })}`
      return `<li><a href="${escapeHtml(href)}"><strong>${escapeHtml(o.name || o.email)}</strong><span>${escapeHtml(o.email)}</span><span>${escapeHtml(o.role)}</span></a></li>`
    })
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>Sign in · Cloudflare Access (local stand-in)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a2330; }
main { max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
ul { list-style: none; padding: 0; display: grid; gap: .75rem; }
a { display: grid; gap: .15rem; padding: 1rem; color: inherit; text-decoration: none; background: #fff;
  border: 1px solid #9aa7b5; border-radius: .5rem; }
a:hover { border-color: #0b5cad; }
a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
strong { color: #0b5cad; text-decoration: underline; }
span { color: #45505c; }
</style></head>
<body><main><h1>Sign in to the operator console</h1>
<p>This page stands in for Cloudflare Access on a development machine. Choose the operator to sign in as.</p>
<ul>${items}</ul></main></body></html>`
}

/** Starts the issuer on 127.0.0.1 (`port` 0: any free port), in front of the console when `front` is given. */
export async function startAccessStandIn(port = 0, front?: ConsoleFront): Promise<{ origin: string; server: Server }> {
  const current = newPair()
  const rogue = newPair()
  const kid = b64url(Buffer.from(crypto.getRandomValues(new Uint8Array(16))))
  let origin = ''
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = url.pathname
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'GET' && path === '/cdn-cgi/access/certs') {
      const jwk = current.publicKey.export({ format: 'jwk' })
      const pem = current.publicKey.export({ type: 'spki', format: 'pem' }).toString()
      return json(200, {
        keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }],
        public_cert: { kid, cert: pem },
        public_certs: [{ kid, cert: pem }],
      })
    }
    if (req.method === 'POST' && path === '/__sign') {
      void readBody(req).then((text) => {
        const { claims = {}, key } = JSON.parse(text || '{}') as { claims?: Record<string, unknown>; key?: 'rogue' }
        const now = Math.floor(Date.now() / 1000)
        const full = {
          iss: origin,
          iat: now,
          nbf: now,
          exp: now + 3600,
          type: 'app',
          sub: 'stand-in-subject',
          ...claims,
        }
        json(200, { token: signAccessToken(key === 'rogue' ? rogue : current, kid, full) })
      })
      return
    }
    if (!front) return json(404, { error: 'not_found' })
    if (req.method === 'GET' && path === '/cdn-cgi/access/login') {
      const returnTo = safeReturn(url.searchParams.get('redirect_url'))
      return res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
          'cache-control': 'no-store',
        })
        .end(loginPage(front.operators, returnTo))
    }
    if (req.method === 'GET' && path === '/cdn-cgi/access/authorized') {
      const operator = front.operators.find((o) => o.email === url.searchParams.get('email'))
      if (!operator) return json(404, { error: 'not_found' })
      const now = Math.floor(Date.now() / 1000)
      const token = signAccessToken(current, kid, {
        iss: origin,
        aud: [front.audience],
        email: operator.email,
        sub: `stand-in-${operator.email}`,
        iat: now,
        nbf: now,
        exp: now + SESSION_S,
        type: 'app',
      })
      return res
        .writeHead(302, {
          location: safeReturn(url.searchParams.get('redirect_url')),
          'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_S}`,
        })
        .end()
    }
    if (path === '/cdn-cgi/access/logout') {
      return res
        .writeHead(302, {
          location: '/cdn-cgi/access/login',
          'set-cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
        })
        .end()
    }
    const session = readCookie(req, SESSION_COOKIE)
    if (!session || !isLive(session, current)) {
      const returnTo = `${path}${url.search}`
      return res
        .writeHead(302, { location: `/cdn-cgi/access/login?${new URLSearchParams({ redirect_url: returnTo })}` })
        .end()
    }
    // Access's edge: the request goes on with its token, and a token the client sent itself never does.
    const headers = { ...req.headers, 'cf-access-jwt-assertion': session }
    const upstream = new URL(front.upstream)
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end('The console does not answer (is it still starting?).')
    })
    req.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, server }
}

let running: Server | null = null

export async function setup(project: TestProject): Promise<void> {
  const started = await startAccessStandIn()
  running = started.server
  project.provide('accessIssuer', { origin: started.origin })
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
  const started = await startAccessStandIn(portArg > 0 ? Number(process.argv[portArg + 1]) : 0)
  console.log(`Access stand-in at ${started.origin}`)
}
