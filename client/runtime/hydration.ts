/**
 * Called once the root has committed its hydration: React has attached its handlers to the shell. Tests and tooling
 * wait on <html data-hydrated>; sections inside Suspense boundaries may still be hydrating.
 */
export function endHydration() {
  document.documentElement.setAttribute('data-hydrated', '')
}

/** Whether the root has committed its hydration (`endHydration`). */
export function isHydrated(): boolean {
  return document.documentElement.hasAttribute('data-hydrated')
}
