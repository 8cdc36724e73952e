/** Visibility and hydration signals for code that a first view does not need until the reader gets there. */
import { use, useEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react'

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
  const hydrating = useHydrating() && typeof document !== 'undefined'
  if (hydrating) {
    holdSubmits(near)
    use(whenVisible(near))
  }
  // The same elements either way: \`useHydrating\` turns false right after hydrating, and a changed tree would remount.
  return <Hydrated within={near}>{children}</Hydrated>
}

/** What counts as a reader turning to an element: a press, a focus (also by Tab), a key or a form sent inside it. */
const ENGAGING = ['pointerdown', 'focusin', 'keydown', 'touchstart', 'submit'] as const

const engaged = new Map<string, Promise<void>>()

/** Resolves at the first press, focus or key inside the element with this id (at once if there is none). */
export function whenEngaged(id: string): Promise<void> {
  let promise = engaged.get(id)
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const el = document.getElementById(id)
      if (!el) return resolve()
      const done = () => {
        for (const type of ENGAGING) el.removeEventListener(type, done, true)
        resolve()
      }
      for (const type of ENGAGING) el.addEventListener(type, done, { capture: true, passive: true })
      // Focus may already be inside (an autofocus, or a reader quicker than the script).
      if (el.contains(document.activeElement)) done()
    })
    engaged.set(id, promise)
  }
  return promise
}

/**
 * Hydrates its children once the reader turns to the element `within` (an id outside the enclosing Suspense boundary):
 * a form in the first view that works without JavaScript keeps the edge's markup, and its code loads at the first
 * press, focus or key inside it. What was typed meanwhile stays (the fields are uncontrolled); a form sent before its
 * code is there posts to its page action, as without JavaScript. Rendered anew it renders its children at once.
 */
export function HydrateWhenEngaged({ within, children }: { within: string; children: ReactNode }) {
  const hydrating = useHydrating() && typeof document !== 'undefined'
  if (hydrating) {
    holdSubmits(within)
    use(whenEngaged(within))
  }
  // The same elements either way: \`useHydrating\` turns false right after hydrating, and a changed tree would remount.
  return <Hydrated within={within}>{children}</Hydrated>
}

/** A form sent inside a section whose code is still loading, held until the section has hydrated. */
type Held = { form: HTMLFormElement; submitter: HTMLElement | null }
const holding = new Map<string, { held: Held | null; release: () => void }>()

/**
 * Holds a form sent inside the element `id` before the section has hydrated (a press on a submit button is also what
 * starts loading the code), and sends it again once it has: the form's own handler then checks and sends it, as it
 * would have had the code been there. Without the hold the browser would post it as without JavaScript.
 */
function holdSubmits(id: string) {
  if (holding.has(id)) return
  const el = document.getElementById(id)
  if (!el) return
  const entry: { held: Held | null; release: () => void } = { held: null, release: () => undefined }
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    entry.held = { form: event.target, submitter: event.submitter }
  }
  el.addEventListener('submit', onSubmit, { capture: true })
  entry.release = () => {
    el.removeEventListener('submit', onSubmit, { capture: true })
    const held = entry.held
    entry.held = null
    if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null)
  }
  holding.set(id, entry)
}

/** Renders the hydrated section, then lets a form held meanwhile go (its handlers are attached by then). */
function Hydrated({ within, children }: { within: string; children: ReactNode }) {
  useEffect(() => holding.get(within)?.release(), [within])
  return children
}

/** Whether `ref`'s element has come near the viewport (false on the edge and until the browser says so). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: AHEAD })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, near])
  return near
}
