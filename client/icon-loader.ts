/** Icons by name from the edge's icon endpoint (SPEC §7): one batched request, 1500 ms timeout, warning on failure. */
import { ICON_TIMEOUT_MS } from '../shared/constants'

const cache = new Map<string, Promise<string | null>>()

/** Loads the SVG markup for `names`; a failed load resolves to null for each name and logs a warning only (SPEC §8). */
export function loadIcons(names: readonly string[]): Promise<Record<string, string | null>> {
  const missing = names.filter((n) => !cache.has(n))
  if (missing.length) {
    const request = fetch(`/_app/icons?names=${encodeURIComponent(missing.join(','))}`, { signal: AbortSignal.timeout(ICON_TIMEOUT_MS) })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        return res.json() as Promise<Record<string, string>>
      })
      .catch((err: unknown) => {
        console.warn('Icons could not be loaded:', missing.join(','), err instanceof Error ? err.message : err)
        for (const n of missing) cache.delete(n)
        return {} as Record<string, string>
      })
    for (const n of missing) cache.set(n, request.then((all) => all[n] ?? null))
  }
  return Promise.all(names.map(async (n) => [n, await cache.get(n)!] as const)).then(Object.fromEntries)
}
