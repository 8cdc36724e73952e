/**
 * Sections hydrated later than the page (docs/decisions/0025-sections-hydrated-later.md): their markup is the edge's,
 * and their code loads when the reader gets near them (`HydrateLater` with `whenVisible`) or turns to them
 * (`HydrateWhenEngaged`); what the reader does in them meanwhile is not lost. Their own module, so pages without such
 * a section do not load it. A deferred section's Suspense boundary must not receive new props before it hydrates
 * (React would then draw it anew in the browser, dropping what was typed into it): render it from a component whose
 * props do not change while the page is open.
 */
import { type ReactNode, use, useEffect } from 'react'
import { ErrorBoundary } from './error-boundary'
import { useHydrating } from './visibility'

/** What counts as a reader turning to an element: a press, a focus (also by Tab), a key or a form sent inside it. */
const ENGAGING = ['pointerdown', 'focusin', 'keydown', 'touchstart', 'submit'] as const

const engaged = new Map<string, Promise<void>>()

/** Resolves at the first press, focus or key inside the element with this id (at once if there is none). */
function whenEngaged(id: string): Promise<void> {
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
 * press, focus or key inside it. What was typed meanwhile stays (the fields are uncontrolled), and a form sent or a
 * link pressed before the code is there waits for it. Rendered anew it renders its children at once.
 */
export function HydrateWhenEngaged({ within, children }: { within: string; children: ReactNode }) {
  return (
    <HydrateLater id={within} until={whenEngaged}>
      {children}
    </HydrateLater>
  )
}

/**
 * Hydrates its children once `until(id)` resolves (`id`: an element outside the enclosing Suspense boundary); until
 * then the boundary keeps the edge's markup and its code is not loaded, and a form sent or a link pressed inside the
 * element is held and done again once the section has hydrated. Rendered anew it renders its children at once.
 */
export function HydrateLater({
  id,
  until,
  children,
}: {
  id: string
  until: (id: string) => Promise<void>
  children: ReactNode
}) {
  const hydrating = useHydrating() && typeof document !== 'undefined'
  if (hydrating) {
    holdUntilHydrated(id)
    use(until(id))
  }
  // The same elements either way: `useHydrating` turns false right after hydrating, and a changed tree would remount.
  return (
    <ErrorBoundary section>
      <Hydrated within={id}>{children}</Hydrated>
    </ErrorBoundary>
  )
}

/**
 * A form sent, or a link pressed, inside a section whose code is still loading: held until the section has hydrated.
 */
type Held = { form: HTMLFormElement; submitter: HTMLElement | null } | { link: HTMLAnchorElement }
const holding = new Map<string, { held: Held | null; release: () => void }>()

/**
 * Holds a form sent, or a link pressed, inside the element `id` before the section has hydrated (the press is also
 * what starts loading its code), and does it again once it has: the section's own handlers then take it (a form is
 * checked and sent by its code, a site link navigates on the client), as they would have had the code been there.
 * Without the hold the browser would post the form as without JavaScript, or load the link's page whole.
 */
function holdUntilHydrated(id: string) {
  if (holding.has(id)) return
  const el = document.getElementById(id)
  if (!el) return
  const entry: { held: Held | null; release: () => void } = { held: null, release: () => undefined }
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    entry.held = { form: event.target, submitter: event.submitter }
  }
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    // A press that opens a new tab or window is the browser's.
    if (
      !(link instanceof HTMLAnchorElement) ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    entry.held = { link }
  }
  el.addEventListener('submit', onSubmit, { capture: true })
  el.addEventListener('click', onClick, { capture: true })
  entry.release = () => {
    el.removeEventListener('submit', onSubmit, { capture: true })
    el.removeEventListener('click', onClick, { capture: true })
    const held = entry.held
    entry.held = null
    if (!held) return
    if ('link' in held) {
      if (held.link.isConnected) held.link.click()
    } else if (held.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null)
  }
  holding.set(id, entry)
}

/** Renders the hydrated section, then lets what was held meanwhile go (its handlers are attached by then). */
function Hydrated({ within, children }: { within: string; children: ReactNode }) {
  useEffect(() => holding.get(within)?.release(), [within])
  return children
}
