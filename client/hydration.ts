/** Whether the browser is still hydrating the edge's document (components mounted later render from scratch). */
let hydrating = typeof document !== 'undefined'

export function isHydrating(): boolean {
  return hydrating
}

/**
 * Called once the root has committed its hydration: React has attached its handlers to the shell. Tests and tooling
 * wait on <html data-hydrated>; sections inside Suspense boundaries may still be hydrating.
 */
export function endHydration() {
  hydrating = false
  document.documentElement.setAttribute('data-hydrated', '')
}
