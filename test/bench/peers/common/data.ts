/**
 * Server side of both peers: the home page's data from the reference gateway's public API over HTTP (the bench starts
 * the gateway and, for the slow-upstream figures, a proxy in front of it), through the portal's own gateway client,
 * and the page's messages. Answers are kept in the isolate's memory for `PAYLOAD_MEMORY_MS`, as the portal's payload
 * memory keeps them (docs/decisions/0003-payload-memory.md), so a warm request renders from memory like the portal's
 * does; 0 asks the gateway on every request.
 */
import { provideEdgeIcons } from '../../../../client/ui/icon'
import { EXTRA_ICONS } from '../../../../client/ui/icons-extra'
import type { Locale } from '../../../../contract/locales'
import { createGatewayClient } from '../../../../shared/gateway/gateway-client'
import type { Messages } from '../../../../shared/i18n/i18n'
import type { PayloadEntry } from '../../../../shared/state/state'
import { messagesFor, messagesOf } from '../../../../worker/render/messages'
import { HOME_KEYS, LOCALE } from './portal'

// The server renders the icons outside the bundled set inline, as the portal's edge does (`worker/render/render.tsx` installs
// the same set); the browser keeps what the server drew.
provideEdgeIcons(EXTRA_ICONS)

type Env = { GATEWAY_URL?: string; PAYLOAD_MEMORY_MS?: string }

/**
 * Settled answers only: a request that awaited another request's pending call would hang when that one ends (workerd
 * cancels a request's unfinished I/O), so concurrent requests that find nothing each ask (the portal shares the call
 * and keeps it alive with `waitUntil` instead, worker/payloads/payloads.ts).
 */
const memory = new Map<string, { until: number; entry: PayloadEntry }>()

/** A promise React's `use()` reads at once (its `status` and `value` set), as the portal's edge makes them. */
function settled(entry: PayloadEntry): Promise<PayloadEntry> {
  return Object.assign(Promise.resolve(entry), { status: 'fulfilled', value: entry })
}

/** One gateway key's entry: the isolate's copy while it is fresh, else the gateway's answer (or its error). */
function loadKey(env: Env, locale: Locale, key: string): Promise<PayloadEntry> {
  const memoryMs = Number(env.PAYLOAD_MEMORY_MS ?? 30_000)
  const id = `${locale}:${key}`
  const held = memory.get(id)
  if (held && held.until > Date.now()) return settled(held.entry)
  if (!env.GATEWAY_URL) throw new Error('GATEWAY_URL is not set')
  const client = createGatewayClient({
    fetch: (input, init) => fetch(input, init),
    locale,
    origin: env.GATEWAY_URL,
    base: '',
  })
  return client.getEnvelope(key as never).then((result): PayloadEntry => {
    // A failure is not kept: the next request asks again.
    if (!result.ok) return { ok: false, status: result.status, code: result.code }
    const entry: PayloadEntry = { ok: true, envelope: result.envelope }
    if (memoryMs > 0) memory.set(id, { until: Date.now() + memoryMs, entry })
    return entry
  })
}

/** The home page's keys, each a promise of its entry (started together, awaited by whoever needs them). */
export function loadHome(env: Env): Record<keyof typeof HOME_KEYS, Promise<PayloadEntry>> {
  return {
    latestPosts: loadKey(env, LOCALE, HOME_KEYS.latestPosts),
    territories: loadKey(env, LOCALE, HOME_KEYS.territories),
    reviews: loadKey(env, LOCALE, HOME_KEYS.reviews),
    settings: loadKey(env, LOCALE, HOME_KEYS.settings),
  }
}

/** The whole English dictionary (fallbacks filled), for what renders only on the server. */
export function allMessages(): Messages {
  return messagesFor(LOCALE)
}

/** The part of the dictionary under `paths`, for what the browser hydrates. */
export function someMessages(paths: readonly string[]): Messages {
  return messagesOf(LOCALE, paths)
}
