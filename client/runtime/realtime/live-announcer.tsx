/**
 * A polite live region for realtime changes: what arrives within a short moment is read out once, together, rather
 * than each event interrupting the last (a moderation brings a status change and two notifications at once).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { loadAllMessages } from '../i18n'

const GATHER_MS = 400

/**
 * The region's text and a function that adds a sentence to the next announcement. A sentence is written when it is
 * announced (`() => t(…)`), after the locale's whole catalogue has loaded: an event arrives outside any render, and a
 * document carries only the texts its own render used (docs/decisions/0022-first-view-css.md).
 */
export function useLiveAnnouncer(): [string, (sentence: () => string) => void] {
  const [message, setMessage] = useState('')
  const pending = useRef<string[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const add = useCallback((sentence: string) => {
    if (!pending.current.includes(sentence)) pending.current.push(sentence)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setMessage(pending.current.join(' '))
      pending.current = []
    }, GATHER_MS)
  }, [])
  const announce = useCallback(
    (sentence: () => string) => {
      void loadAllMessages()
        .catch(() => undefined)
        .then(() => add(sentence()))
    },
    [add],
  )
  return [message, announce]
}

/** The region itself: visually hidden, present from the start so screen readers watch it. */
export function LiveRegion({ message, state }: { message: string; state: string }) {
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-realtime={state}>
      {message}
    </div>
  )
}
