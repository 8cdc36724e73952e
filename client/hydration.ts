/** Whether the browser is still hydrating the edge's document (components mounted later render from scratch). */
let hydrating = typeof document !== 'undefined'

export function isHydrating(): boolean {
  return hydrating
}

/** Called once the root has committed its hydration. */
export function endHydration() {
  hydrating = false
}
