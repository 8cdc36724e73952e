/**
 * Icons by name from the edge's icon endpoint (docs/product.md#icons): batched requests, 1500 ms timeout, warning on
 * failure.
 */
import { ICON_TIMEOUT_MS } from '../../shared/constants'

const cache = new Map<string, Promise<string | null | undefined>>()
let queued: string[] = []
let batch: Promise<Record<string, string> | null> | null = null

/** One request for every name asked for in the same task: a page's icons arrive together. */
function requestBatch(): Promise<Record<string, string> | null> {
  batch ??= Promise.resolve().then(() => {
    const names = queued
    queued = []
    batch = null
    // A timer, not `AbortSignal.timeout`: the page's own clock decides, which a test can move on.
    const timeout = new AbortController()
    const timer = setTimeout(
      () => timeout.abort(new DOMException(`timed out after ${ICON_TIMEOUT_MS} ms`, 'TimeoutError')),
      ICON_TIMEOUT_MS,
    )
    return fetch(`/_app/icons?names=${encodeURIComponent(names.join(','))}`, { signal: timeout.signal })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        return res.json() as Promise<Record<string, string>>
      })
      .catch((err: unknown) => {
        console.warn('Icons could not be loaded:', names.join(','), err instanceof Error ? err.message : err)
        // A later view may try again.
        for (const n of names) cache.delete(n)
        return null
      })
      .finally(() => clearTimeout(timer))
  })
  return batch
}

/**
 * Loads the SVG markup for `names`: null for a name the endpoint does not know; undefined for each name of a failed
 * load, which logs a warning only (docs/product.md#icons).
 */
export function loadIcons(names: readonly string[]): Promise<Record<string, string | null | undefined>> {
  for (const n of names) {
    if (cache.has(n)) continue
    queued.push(n)
    cache.set(
      n,
      requestBatch().then((all) => (all ? (all[n] ?? null) : undefined)),
    )
  }
  return Promise.all(names.map(async (n) => [n, await cache.get(n)!] as const)).then(Object.fromEntries)
}

const SVG_MARKUP = /^<svg [^<>]*>((?:<path d="[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+"\/>)+)<\/svg>$/

/** The paths inside an icon's SVG markup, or null for anything that is not a plain path icon (never injected). */
export function iconPaths(markup: string | null | undefined): string | null {
  return markup ? (SVG_MARKUP.exec(markup)?.[1] ?? null) : null
}
