/**
 * A stand-in for Cloudflare Access's token issuer (docs/security.md#operator-surface), at the network boundary: it
 * publishes a team's signing keys at `/cdn-cgi/access/certs` as Access does and signs application tokens on request,
 * so the gateway's own verification code runs against real RS256 signatures. Wrangler's fixed local Access identity
 * cannot say who an operator is, which role tests need.
 *
 * - `GET /cdn-cgi/access/certs`: `{ keys: [JWK], public_cert, public_certs }`, the current key only.
 * - `POST /__sign` `{ claims, key?: 'rogue', kid? }`: a token over `claims` (defaults: this issuer, one hour from
 *   now); `key: 'rogue'` signs with a key the certs do not publish, under the published key id.
 *
 * Used as a vitest global setup (`inject('accessIssuer')`), or run alone: `node test/access-stand-in.ts --port N`.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
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

/** Starts the issuer on 127.0.0.1 (`port` 0: any free port). */
export async function startAccessStandIn(port = 0): Promise<{ origin: string; server: Server }> {
  const current = newPair()
  const rogue = newPair()
  const kid = b64url(Buffer.from(crypto.getRandomValues(new Uint8Array(16))))
  let origin = ''
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
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
    json(404, { error: 'not_found' })
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
