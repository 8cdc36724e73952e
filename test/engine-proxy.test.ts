/**
 * The engine suite's proxy (`test/engines/proxy.ts`, docs/architecture.md#tests) keeps its connections to the portal
 * open between requests. A server closes an idle connection after a while (Node's, under `vite preview`, after 5 s),
 * and a request can go out on one just as it closes. The server never read that request, so the proxy sends it again:
 * a page's script must not fail in the browser because of the proxy's pool of connections.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { type EngineProxy, startProxy } from './engines/proxy'

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()))
})

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closing.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return (server.address() as AddressInfo).port
}

async function freePort(): Promise<number> {
  const probe = http.createServer()
  const port = await listen(probe)
  await closing.pop()!()
  return port
}

it('sends a request again on a new connection when the server closes the pooled one under it, body and all', async () => {
  // A server that answers one request per connection and drops the connection at the next one, unanswered: what a
  // pooled connection meets when the server's idle timeout ends as the request goes out.
  const requests = new Map<Socket, number>()
  const received: string[] = []
  const server = http.createServer((req, res) => {
    const n = (requests.get(req.socket) ?? 0) + 1
    requests.set(req.socket, n)
    if (n > 1) return void req.socket.destroy()
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`.trim())
      res.end(`answer to ${req.url}`)
    })
  })
  const upstreamPort = await listen(server)
  const proxy: EngineProxy = await startProxy({ port: await freePort(), upstreamPort })
  closing.push(() => proxy.close())

  const script = await fetch(`${proxy.origin}/assets/entry.js`)
  expect([script.status, await script.text()]).toEqual([200, 'answer to /assets/entry.js'])
  // Goes out on the connection the script came by, which the server drops.
  const chunk = await fetch(`${proxy.origin}/assets/profile.js`)
  expect([chunk.status, await chunk.text()]).toEqual([200, 'answer to /assets/profile.js'])
  const form = await fetch(`${proxy.origin}/en/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=investor%40demo.invest.example',
  })
  expect([form.status, await form.text()]).toEqual([200, 'answer to /en/auth/sign-in'])
  expect(received).toEqual([
    'GET /assets/entry.js',
    'GET /assets/profile.js',
    'POST /en/auth/sign-in email=investor%40demo.invest.example',
  ])
})

it('passes on a reset of a new connection as a 502: the server failed, not the pool', async () => {
  const server = http.createServer((req) => req.socket.destroy())
  const proxy = await startProxy({ port: await freePort(), upstreamPort: await listen(server) })
  closing.push(() => proxy.close())
  const res = await fetch(`${proxy.origin}/assets/entry.js`)
  expect(res.status).toBe(502)
  expect(await res.text()).toMatch(/^engine proxy: /)
})
