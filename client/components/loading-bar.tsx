/** The top loading bar (SPEC §4, §9): throttled start, estimated progress, finish, error colour. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { LOADING_BAR } from '../../shared/constants'
import type { LoadingEvents } from '../router'

type BarState = { progress: number; visible: boolean; error: boolean }

const IDLE: BarState = { progress: 0, visible: false, error: false }

/** Drives the bar: `start` shows it only if loading lasts past the throttle; progress eases toward 100 % over the estimate. */
export function useLoadingBar(): { state: BarState; events: LoadingEvents } {
  const [state, setState] = useState<BarState>(IDLE)
  const timers = useRef<number[]>([])
  const ticker = useRef<number | null>(null)
  const startedAt = useRef(0)

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t)
    timers.current = []
    if (ticker.current !== null) clearInterval(ticker.current)
    ticker.current = null
  }, [])

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms))
  }, [])

  const end = useCallback(
    (error: boolean) => {
      clearTimers()
      setState((s) => (s.visible || error ? { progress: 100, visible: true, error } : IDLE))
      later(() => {
        setState((s) => ({ ...s, visible: false }))
        later(() => setState(IDLE), LOADING_BAR.resetDelay)
      }, LOADING_BAR.hideDelay)
    },
    [clearTimers, later],
  )

  const events = useMemo<LoadingEvents>(
    () => ({
      start() {
        clearTimers()
        setState(IDLE)
        later(() => {
          startedAt.current = Date.now()
          setState({ progress: 10, visible: true, error: false })
          ticker.current = window.setInterval(() => {
            const elapsed = Date.now() - startedAt.current
            // Approaches 90 % at the estimated duration, never reaching 100 before finish().
            const progress = Math.min(95, 10 + 80 * (1 - Math.exp((-2 * elapsed) / LOADING_BAR.duration)))
            setState((s) => ({ ...s, progress }))
          }, 100)
        }, LOADING_BAR.throttle)
      },
      finish: () => end(false),
      error: () => end(true),
    }),
    [clearTimers, later, end],
  )

  useEffect(() => clearTimers, [clearTimers])
  return { state, events }
}

export function LoadingBar({ state }: { state: BarState }) {
  return (
    <div
      className="loading-bar"
      aria-hidden="true"
      data-state={state.error ? 'error' : state.visible ? 'loading' : 'idle'}
      style={{
        height: `${LOADING_BAR.height}px`,
        width: `${state.progress}%`,
        opacity: state.visible ? 1 : 0,
        backgroundColor: state.error ? LOADING_BAR.errorColor : LOADING_BAR.color,
      }}
    />
  )
}
