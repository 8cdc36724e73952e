/** Calls to the portal against the misbehaving upstream of `test/fault-upstream.ts`, with a small edge bound. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { inject } from 'vitest'
import { createApp } from '../../worker/app'
import { ORIGIN } from './helpers'

declare module 'vitest' {
  export interface ProvidedContext {
    faultUpstream: { origin: string; flapOrigin: string; refusedOrigin: string }
  }
}

/** The edge's bound on upstream time in these tests (UPSTREAM_TIMEOUT_MS), small so the suite stays quick. */
export const BOUND_MS = 300
/** Room above the bound for rendering and a busy 2-core machine; a hung request overshoots it by far. */
export const MARGIN_MS = 1200
/**
 * The bound for calls to an upstream that answers by itself (an error status, a reset, bad JSON, or healed): wide, so
 * a busy machine that takes over `BOUND_MS` to reach the local upstream gets that answer, not a timeout. Tests of the
 * bound itself (a hanging or stalling upstream) pass `BOUND_MS`.
 */
const ANSWERING_BOUND_MS = 10_000

export const faultUpstream = inject('faultUpstream')

export type FaultMode =
  | 'ok'
  | 'hang'
  | 'slow-body'
  | 'malformed'
  | 'wrong-shape'
  | 'reset'
  | 'reset-body'
  | `status-${500 | 502 | 503 | 504 | 404 | 401}`

const app = createApp()

/**
 * Requests a path with `GATEWAY_ORIGIN` set to `upstream`; reads the whole body and times it. `boundMs`: the edge's
 * bound for this call; `BOUND_MS` where the test is about the bound, else the wide `ANSWERING_BOUND_MS`.
 */
export async function callWithUpstream(
  upstream: string,
  path: string,
  init: RequestInit = {},
  boundMs: number = ANSWERING_BOUND_MS,
) {
  const ctx = createExecutionContext()
  const started = Date.now()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }),
    { ...env, GATEWAY_ORIGIN: upstream, UPSTREAM_TIMEOUT_MS: String(boundMs) },
    ctx,
  )
  const body = await res.text()
  const elapsedMs = Date.now() - started
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, body, elapsedMs, cache: res.headers.get('x-payload-cache') }
}

async function controlCall(name: string, init: RequestInit = {}): Promise<{ mode: string; hits: number }> {
  const res = await fetch(`${faultUpstream.origin}/__control/${encodeURIComponent(name)}`, init)
  if (!res.ok) throw new Error(`fault upstream control ${name}: ${res.status}`)
  return res.json()
}

/**
 * Sets what the upstream scenario `name` (at `{origin}/{name}`) does, and what it serves when `ok`; zeroes its hits.
 */
export function setScenario(name: string, patch: { mode?: FaultMode; content?: unknown }) {
  return controlCall(name, { method: 'PUT', body: JSON.stringify(patch) })
}

/** How many requests scenario `name` received since it was last set. */
export async function scenarioHits(name: string): Promise<number> {
  return (await controlCall(name)).hits
}

/** Stops (connection refused) or restarts the second upstream listener, `faultUpstream.flapOrigin`. */
export async function setFlapUp(up: boolean): Promise<void> {
  await controlCall('__flap', { method: 'PUT', body: JSON.stringify({ up }) })
}
