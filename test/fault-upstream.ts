/**
 * Vitest global setup of the worker project: a misbehaving upstream on 127.0.0.1 for the fault tests
 * (docs/architecture.md#tests), without the content version call (a 404 on every path ending in it),
 * handed to the workerd tests with `provide('faultUpstream')`. A test points `GATEWAY_ORIGIN` at `{origin}/{name}`;
 * the first path segment picks the behaviour: a mode name (`hang`, `status-503`, …) or a scenario whose mode the test
 * sets through `PUT {origin}/__control/{name}`. `flapOrigin` is a second listener the test can take down (connection
 * refused) and bring back on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { TestProject } from 'vitest/node'

export type FaultUpstream = { origin: string; flapOrigin: string; refusedOrigin: string }

declare module 'vitest' {
  export interface ProvidedContext {
    faultUpstream: FaultUpstream
  }
}

/** What the fake upstream does with a request. */
export const FAULT_MODES = [
  'ok',
  'hang',
  'slow-body',
  'malformed',
  'wrong-shape',
  'reset',
  'reset-body',
  'status-500',
  'status-502',
  'status-503',
  'status-504',
  'status-404',
  'status-401',
] as const
type FaultMode = (typeof FAULT_MODES)[number]
type Scenario = { mode: FaultMode; content: unknown; hits: number }

const scenarios = new Map<string, Scenario>()
const sockets = new Set<Socket>()

const okEnvelope = (content: unknown) => JSON.stringify({ result: { code: 'ok', description: '' }, content })

function scenarioOf(name: string): Scenario {
  let s = scenarios.get(name)
  if (!s) {
    const mode = (FAULT_MODES as readonly string[]).includes(name) ? (name as FaultMode) : 'ok'
    s = { mode, content: { marker: `fault-upstream:${name}` }, hits: 0 }
    scenarios.set(name, s)
  }
  return s
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}

/** `PUT /__control/{name}` `{ mode?, content? }` sets a scenario (and zeroes its hits); `GET` reads it. */
async function control(name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const s = scenarioOf(name)
  if (req.method === 'PUT') {
    const patch = JSON.parse((await readBody(req)) || '{}') as Partial<Pick<Scenario, 'mode' | 'content'>>
    if (patch.mode) s.mode = patch.mode
    if ('content' in patch) s.content = patch.content
    s.hits = 0
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(s))
}

function misbehave(s: Scenario, req: IncomingMessage, res: ServerResponse): void {
  s.hits++
  const half = okEnvelope(s.content).slice(0, 20)
  switch (s.mode) {
    case 'ok':
      res.writeHead(200, { 'content-type': 'application/json' }).end(okEnvelope(s.content))
      return
    case 'hang':
      return
    case 'slow-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' })
      res.write(half)
      return
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"code":"ok"},"content":<html>oops')
      return
    case 'wrong-shape':
      // Valid JSON and an `ok` envelope, but no page's content: an object with a numeric title and nothing else.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"code":"ok"},"content":{"title":42}}')
      return
    case 'reset':
      req.socket.resetAndDestroy()
      return
    case 'reset-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' })
      res.write(half, () => setTimeout(() => req.socket.resetAndDestroy(), 20))
      return
    case 'status-500':
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: { code: 'internal_error', description: 'internal_error' }, content: null }))
      return
    case 'status-502':
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>')
      return
    case 'status-503':
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '30' }).end('Service Unavailable')
      return
    case 'status-504':
      res.writeHead(504, { 'content-type': 'text/html' }).end('<html><body><h1>504 Gateway Time-out</h1></body></html>')
      return
    case 'status-404':
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: { code: 'not_found', description: 'not_found' }, content: null }))
      return
    case 'status-401':
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: { code: 'expired_token', description: 'expired_token' }, content: null }))
  }
}

/** The content version call (docs/gateway-contract.md#content-version), which this upstream does not have. */
const VERSION_PATH = '/core/content/version'

function handle(req: IncomingMessage, res: ServerResponse): void {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname
  const [, first = '', second = ''] = pathname.split('/')
  if (first === '__control') {
    if (second === '__flap') void setFlap(req, res)
    else void control(decodeURIComponent(second), req, res)
    return
  }
  // Like the agency's API today, it has no content version: a 404, not counted as a scenario's hit, so the scenarios
  // count the payload calls the cache saves (docs/decisions/0031-publishing.md). A misbehaving version call has tests of
  // its own (test/worker/publishing.test.ts).
  if (pathname.endsWith(VERSION_PATH)) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ result: { code: 'not_found', description: 'not_found' }, content: null }))
    return
  }
  misbehave(scenarioOf(decodeURIComponent(first)), req, res)
}

function track(server: Server): Server {
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return server
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    // Pooled keep-alive connections would otherwise keep answering after "the upstream went down".
    server.closeAllConnections()
  })
}

let flap: Server
let flapPort = 0

/** `PUT /__control/__flap` `{ up }` stops or restarts the second listener on its port. */
async function setFlap(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { up } = JSON.parse((await readBody(req)) || '{}') as { up?: boolean }
  if (up && !flap.listening) await listen(flap, flapPort)
  if (!up) await close(flap)
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ up: flap.listening }))
}

let main: Server

export async function setup(project: TestProject): Promise<void> {
  main = track(createServer(handle))
  flap = track(createServer(handle))
  const port = await listen(main)
  flapPort = await listen(flap)
  // A port that was just free: nothing listens there, so connecting is refused.
  const probe = createServer()
  const refusedPort = await listen(probe)
  await close(probe)
  project.provide('faultUpstream', {
    origin: `http://127.0.0.1:${port}`,
    flapOrigin: `http://127.0.0.1:${flapPort}`,
    refusedOrigin: `http://127.0.0.1:${refusedPort}`,
  })
}

export async function teardown(): Promise<void> {
  for (const socket of sockets) socket.destroy()
  await Promise.all([close(main), close(flap)])
}
