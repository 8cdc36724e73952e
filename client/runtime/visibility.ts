/** Visibility and hydration signals for code that a first view does not need until the reader gets there. */
import { type ReactNode, type RefObject, use, useEffect, useState, useSyncExternalStore } from 'react'

const subscribeNever = () => () => undefined

/**
 * True while React hydrates the calling component (and on the edge): `useSyncExternalStore` reads the server snapshot
 * then, including in Suspense boundaries that hydrate after the root has committed.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  )
}

/** How far ahead of the viewport an element counts as visible: its code arrives before the reader does. */
const AHEAD = '300px'

const visible = new Map<string, Promise<void>>()

/** Resolves once the element with this id is near the viewport (at once where IntersectionObserver is missing). */
export function whenVisible(id: string): Promise<void> {
  let promise = visible.get(id)
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const el = document.getElementById(id)
      if (!el || typeof IntersectionObserver === 'undefined') return resolve()
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          observer.disconnect()
          resolve()
        },
        { rootMargin: AHEAD },
      )
      observer.observe(el)
    })
    visible.set(id, promise)
  }
  return promise
}

/**
 * Hydrates its children once the element `near` (an id outside the enclosing Suspense boundary) comes near the
 * viewport: until then the boundary keeps the edge's markup and its code is not loaded. Rendered anew (a client
 * navigation, the edge) it renders its children at once.
 */
export function HydrateWhenVisible({ near, children }: { near: string; children: ReactNode }) {
  const hydrating = useHydrating()
  if (hydrating && typeof document !== 'undefined') use(whenVisible(near))
  return children
}

/** Whether `ref`'s element has come near the viewport (false on the edge and until the browser says so). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: AHEAD,
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, near])
  return near
}
