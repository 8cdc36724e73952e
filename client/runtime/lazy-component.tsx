/**
 * `React.lazy` with a registry the edge can warm: the edge renders a document whose data is all in hand in one
 * synchronous pass (`renderToString`), where a component still loading would leave its section to the browser. In the
 * browser it behaves as `lazy` does: the first render suspends until the chunk is there. A section's error boundary
 * surrounds it (docs/decisions/0026-error-boundaries.md): a chunk that fails or a render that throws shows the section's
 * failure in its place, not an empty page.
 */
import { type ComponentType, type JSX, use, useState } from 'react'
import { ErrorBoundary } from './error-boundary'
import { loadFullStyles } from './full-styles'
import { useHydrating } from './visibility'

type Loaded<P> = Promise<ComponentType<P>> & {
  status?: 'pending' | 'fulfilled' | 'rejected'
  value?: ComponentType<P>
  reason?: unknown
}

const loaders: (() => Promise<unknown>)[] = []

/** `preload()` starts loading the component's chunk ahead of its first render. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ((props: P) => JSX.Element) & { preload: () => Promise<unknown> } {
  let loaded: Loaded<P> | null = null
  const start = (): Loaded<P> => {
    if (!loaded) {
      const promise: Loaded<P> = load()
      promise.status = 'pending'
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        // React's `use()` throws a rejected thenable's `reason`: without it, the real error (a chunk that failed to
        // load)
        // would read as React's generic one.
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      )
      loaded = promise
    }
    return loaded
  }
  loaders.push(start)
  function Loaded(props: P) {
    // Drawn anew in the browser (not adopted from the edge's markup while hydrating), it may use rules the document
    // did not inline. Whether it was adopted is decided when it mounts: the renders after hydration read as fresh.
    const [adopted] = useState(useHydrating())
    const Component = use(start() as Promise<ComponentType<P>>)
    if (!adopted && typeof document !== 'undefined') use(fullStylesOnce())
    return <Component {...props} />
  }
  const Lazy = (props: P) => (
    <ErrorBoundary section>
      <Loaded {...props} />
    </ErrorBoundary>
  )
  return Object.assign(Lazy, { preload: start })
}

/** Registers a module the edge loads with the lazy components (code a render reads with `use()`). */
export function registerWarmup(load: () => Promise<unknown>) {
  loaders.push(load)
}

let warm: Promise<void> | null = null
let isWarm = false

/**
 * Edge: loads every registered component's chunk (once per isolate); `lazyComponentsWarm()` tells when done. A chunk
 * may register more as it loads (a section whose art registers its drawing), so it loads until nothing new is
 * registered: otherwise the first render to meet such a part would suspend and stream.
 */
export function warmLazyComponents(): Promise<void> {
  warm ??= (async () => {
    for (let started = 0; started < loaders.length; ) {
      const round = loaders.slice(started)
      started = loaders.length
      await Promise.all(round.map((start) => start()))
    }
    isWarm = true
  })()
  return warm
}

export function lazyComponentsWarm(): boolean {
  return isWarm
}

/** The whole sheets' load as a promise React's `use()` reads at once when it has settled. */
let stylesLoad: (Promise<void> & { status?: string }) | null = null
function fullStylesOnce(): Promise<void> {
  if (!stylesLoad) {
    const promise: Promise<void> & { status?: string } = loadFullStyles()
    promise.then(() => (promise.status = 'fulfilled'))
    stylesLoad = promise
  }
  return stylesLoad
}
