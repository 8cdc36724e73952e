/**
 * `/_app/health` for load balancers and uptime checks (docs/operations.md#health): the build id and whether the
 * upstream and KV answer, as `ok` or `down` only, never their errors. 200 when both answer, else 503.
 * `/_app/build` answers the build id alone, without touching anything.
 */
import type { Context } from 'hono'
import { BUILD_ID } from '../env'
import type { AppEnv } from '../types'
import { createUpstreamFetch } from '../upstream/upstream'

/** A small public call of the contract that every upstream answers. */
const UPSTREAM_PROBE = '/siw/public/project-amount'
const PROBE_TIMEOUT_MS = 2000

type Probe = 'ok' | 'down'

async function probeUpstream(c: Context<AppEnv>): Promise<Probe> {
  try {
    const res = await createUpstreamFetch(c.env, c.get('config'))(`http://portal.internal/gateway${UPSTREAM_PROBE}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    await res.body?.cancel()
    return res.ok ? 'ok' : 'down'
  } catch {
    return 'down'
  }
}

async function probeKv(c: Context<AppEnv>): Promise<Probe> {
  try {
    await c.env.PAYLOADS.get('health:probe')
    return 'ok'
  } catch {
    return 'down'
  }
}

export async function serveHealth(c: Context<AppEnv>): Promise<Response> {
  const [upstream, kv] = await Promise.all([probeUpstream(c), probeKv(c)])
  c.header('cache-control', 'no-store')
  return c.json({ build: BUILD_ID, upstream, kv }, upstream === 'ok' && kv === 'ok' ? 200 : 503)
}

export function serveBuild(c: Context<AppEnv>): Response {
  c.header('cache-control', 'no-store')
  return c.json({ build: BUILD_ID })
}
