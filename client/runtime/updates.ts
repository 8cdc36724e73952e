/**
 * Deploy safety (docs/product.md#build-updates): poll the build manifest, reload on the next navigation after a deploy,
 * recover from stale chunks.
 */
import { RELOAD_GUARD_MS } from '../../shared/constants'
import { signalUpdate } from './router'

const POLL_MS = 60 * 60 * 1000
const GUARD_KEY = 'chunk-reload'

/** Fetches `/_app/builds/latest.json?t=…`; a different id signals an update (the next navigation loads fully). */
async function checkForUpdate(currentId: string): Promise<boolean> {
  try {
    const res = await fetch(`/_app/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' })
    if (!res.ok) return false
    const latest = (await res.json()) as { id?: string }
    if (latest.id && latest.id !== currentId) {
      signalUpdate()
      // Tests and tooling wait on <html data-update-pending>, as on <html data-hydrated>.
      document.documentElement.setAttribute('data-update-pending', '')
      return true
    }
  } catch {
    /* offline or deploy in progress: try again at the next poll */
  }
  return false
}

/** Polls hourly, and on focus when the last check is older than an hour. */
export function watchForUpdates(currentId: string) {
  let lastCheck = Date.now()
  const check = () => {
    lastCheck = Date.now()
    void checkForUpdate(currentId)
  }
  window.setInterval(check, POLL_MS)
  window.addEventListener('focus', () => {
    if (Date.now() - lastCheck >= POLL_MS) check()
  })
}

/** Reloads the page after a chunk-load error, at most once per 10 s for the same path (guard in sessionStorage). */
export function reloadAfterChunkError(path = window.location.pathname): boolean {
  let guard: Record<string, number> = {}
  try {
    guard = JSON.parse(sessionStorage.getItem(GUARD_KEY) ?? '{}') as Record<string, number>
  } catch {
    /* unreadable guard: treat as empty */
  }
  const last = guard[path]
  if (last !== undefined && Date.now() - last < RELOAD_GUARD_MS) return false
  guard[path] = Date.now()
  try {
    sessionStorage.setItem(GUARD_KEY, JSON.stringify(guard))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/**
 * Dynamic-import failures nobody handled lead to the guarded reload. Vite's `vite:preloadError` is deliberately not
 * cancelled: cancelling makes the failed import resolve to `undefined` (a crash in its caller, and a second, competing
 * navigation from the router). Uncancelled, the import rejects, and the code awaiting it decides once: the entry
 * reloads (guarded), the router loads the target page fully, anything else ends up here.
 */
export function watchChunkErrors() {
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError()
  })
}
