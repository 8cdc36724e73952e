/** Loads gateway data keys for pages and `_payload.json`. Public keys are the KV cache's seam (issue #4). */
import type { Context } from 'hono'
import { isPublicKey } from '../shared/api-keys'
import { GatewayError } from '../shared/gateway-client'
import type { PayloadEntry } from '../shared/state'
import { gatewayFor } from './gateway'
import type { AppEnv } from './types'

/** Never throws: a failed key becomes an entry the page renders as an error state. */
export async function loadEntry(c: Context<AppEnv>, key: string): Promise<PayloadEntry> {
  const client = gatewayFor(c, { withToken: !isPublicKey(key) })
  try {
    return { ok: true, envelope: await client.getEnvelope(key) }
  } catch (err) {
    if (err instanceof GatewayError) return { ok: false, status: err.status || 502, code: err.code }
    return { ok: false, status: 502, code: 'network_error' }
  }
}

export async function loadEntries(c: Context<AppEnv>, keys: readonly string[]): Promise<Record<string, PayloadEntry>> {
  const entries = await Promise.all(keys.map(async (key) => [key, await loadEntry(c, key)] as const))
  return Object.fromEntries(entries)
}
