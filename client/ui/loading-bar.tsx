/** The top loading bar (docs/product.md#loading-bar): throttled start, estimated progress, finish, error colour. */
import { useState, useSyncExternalStore } from 'react'
import { LOADING_BAR } from '../../shared/constants'
import type { LoadingEvents } from '../runtime/router'

type BarState = { progress: number; visible: boolean; error: boolean }

const IDLE: BarState = { progress: 0, visible: false, error: false }

/**
 * The bar's state lives outside React's tree: its ticks re-render the bar alone, never the page under it (a page
 * re-rendered while a section still waits to hydrate would have React replace that section's markup with its fallback).
 */
type BarStore = { events: LoadingEvents; subscribe: (listener: () => void) => () => void; read: () => BarState }

/**
 * Drives the bar: `start` shows it only if loading lasts past the throttle; progress eases toward 100 % over the
 * estimate.
 */
function createBarStore(): BarStore {
  let state = IDLE
  let timers: number[] = []
  let ticker: number | null = null
  let startedAt = 0
  const listeners = new Set<() => void>()
  const set = (next: BarState | ((s: BarState) => BarState)) => {
    state = typeof next === 'function' ? next(state) : next
    for (const listener of listeners) listener()
  }
  const clearTimers = () => {
    for (const t of timers) clearTimeout(t)
    timers = []
    if (ticker !== null) clearInterval(ticker)
    ticker = null
  }
  const later = (fn: () => void, ms: number) => {
    timers.push(window.setTimeout(fn, ms))
  }
  const end = (error: boolean) => {
    clearTimers()
    set((s) => (s.visible || error ? { progress: 100, visible: true, error } : IDLE))
    later(() => {
      set((s) => ({ ...s, visible: false }))
      later(() => set(IDLE), LOADING_BAR.resetDelay)
    }, LOADING_BAR.hideDelay)
  }
  const events: LoadingEvents = {
    start() {
      clearTimers()
      set(IDLE)
      later(() => {
        startedAt = Date.now()
        set({ progress: 10, visible: true, error: false })
        ticker = window.setInterval(() => {
          const elapsed = Date.now() - startedAt
          // Approaches 90 % at the estimated duration, never reaching 100 before finish().
          const progress = Math.min(95, 10 + 80 * (1 - Math.exp((-2 * elapsed) / LOADING_BAR.duration)))
          set((s) => ({ ...s, progress }))
        }, 100)
      }, LOADING_BAR.throttle)
    },
    finish: () => end(false),
    error: () => end(true),
  }
  return {
    events,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read: () => state,
  }
}

/** One bar per app: its events (for the router) and the store the bar renders from. */
export function useLoadingBar(): BarStore {
  const [store] = useState(createBarStore)
  return store
}

export function LoadingBar({ store }: { store: BarStore }) {
  const state = useSyncExternalStore(store.subscribe, store.read, () => IDLE)
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
