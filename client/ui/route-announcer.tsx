/** Tells screen-reader users which page a client navigation opened (a polite live region with the title). */
import { useEffect, useRef, useState } from 'react'

export function RouteAnnouncer({ routeKey }: { routeKey: string }) {
  const [message, setMessage] = useState('')
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route is what is announced.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // The page's <title> is committed with the new route; read it on the next frame.
    const id = requestAnimationFrame(() => {
      setMessage(document.title)
      const heading = document.querySelector<HTMLElement>('main h1')
      heading?.setAttribute('tabindex', '-1')
      heading?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(id)
  }, [routeKey])
  return (
    <div id="route-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true" role="status">
      {message}
    </div>
  )
}
