/** Closing behaviour shared by menus and popovers: Escape, a click outside, focus leaving, and navigation. */
import { type RefObject, useEffect, useRef } from 'react'
import { useRouter } from '../runtime/router'

export type DismissReason = 'escape' | 'outside' | 'navigation'

/**
 * While `open`, calls `onDismiss` on Escape, on a pointer press or focus move outside `container`, and when the
 * route changes. On Escape the caller should return focus to its toggle.
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
) {
  const callback = useRef(onDismiss)
  callback.current = onDismiss
  const { route } = useRouter()
  const routeKey = route.path + route.search
  const lastRoute = useRef(routeKey)

  useEffect(() => {
    if (lastRoute.current === routeKey) return
    lastRoute.current = routeKey
    if (open) callback.current('navigation')
  }, [routeKey, open])

  useEffect(() => {
    if (!open) return
    const inside = (node: EventTarget | null) => node instanceof Node && !!container.current?.contains(node)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault()
        callback.current('escape')
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (!inside(event.target)) callback.current('outside')
    }
    const onFocus = (event: FocusEvent) => {
      if (event.target !== window && !inside(event.target)) callback.current('outside')
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open, container])
}
