/**
 * `npm start` with GATEWAY_ORIGIN naming another upstream (README): it serves the portal on that upstream and never
 * writes to it, neither seeding nor wiping (docs/security.md#dev-surface). The upstream here is a recorder on
 * 127.0.0.1 that answers every call with an empty envelope and notes what it was asked.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let recorder: Server
let seen: string[] = []
let origin = ''
let stateDir = ''
let child: ChildProcess | null = null

beforeEach(async () => {
  seen = []
  recorder = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ result: { code: 'not_found', description: 'not_found' }, content: null }))
  })
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`
  stateDir = mkdtempSync(join(tmpdir(), 'start-foreign-'))
})

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  child = null
  recorder.closeAllConnections()
  await new Promise((resolve) => recorder.close(resolve))
  rmSync(stateDir, { recursive: true, force: true })
})

/** A free port on 127.0.0.1 for the portal. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Runs `node scripts/start.mjs …args` against the recorder; resolves with its output once `until` matches or it exits. */
function start(args: string[], env: Record<string, string>, until: RegExp) {
  child = spawn('node', ['scripts/start.mjs', ...args], {
    // The build is the tests' own (SKIP_BUILD); the servers take GATEWAY_ORIGIN from the environment instead, as the
    // build would have baked it in (CLOUDFLARE_INCLUDE_PROCESS_ENV).
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      STATE_DIR: stateDir,
      GATEWAY_ORIGIN: origin,
      CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise<{ out: string; code: number | null }>((resolve) => {
    const take = (chunk: Buffer) => {
      out += chunk
      if (until.test(out)) resolve({ out, code: null })
    }
    child!.stdout!.on('data', take)
    child!.stderr!.on('data', take)
    child!.once('exit', (code) => resolve({ out, code }))
  })
}

describe('npm start with GATEWAY_ORIGIN set', () => {
  it('refuses to seed another upstream (npm run db:reset) before it starts anything', async () => {
    const { out, code } = await start(['--seed-only', '--reset'], {}, /$^/)
    expect(code).toBe(1)
    expect(out).toContain(`Not seeding: GATEWAY_ORIGIN (${origin}) is another upstream`)
    expect(seen).toEqual([])
  })

  it('serves the portal on that upstream and never writes to it', async () => {
    const port = await freePort()
    const { out, code } = await start([], { PORT: String(port) }, /Invest Portal is running at/)
    expect(code, out).toBeNull()
    expect(out).toContain('not seeded')
    // The portal reads from the upstream (a page asks for the site's contacts) and writes nothing. Start's own readiness
    // check reads no page (it would cache a bundled gateway's settings before the seed).
    expect((await fetch(`http://127.0.0.1:${port}/en/success-registration`)).status).toBe(200)
    expect(seen).toContain('GET /siw/public/site-settings')
    expect(seen.filter((line) => !line.startsWith('GET '))).toEqual([])
    expect(seen.some((line) => /\/dev\//.test(line))).toBe(false)
    const dev = await fetch(`http://127.0.0.1:${port}/_dev/seed`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port}`, 'x-requested-with': 'invest-portal' },
    })
    expect(dev.status).toBe(404)
    expect(seen.filter((line) => !line.startsWith('GET '))).toEqual([])
  }, 120_000)
})
