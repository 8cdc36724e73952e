/**
 * The signed-in user's realtime channel as the profile area sees it (docs/decisions/0018-realtime-hub.md): whether it is live
 * (then the bell and the profile pages stop polling) and a signal whenever it brings a change or reopens (then they
 * refetch their keys, under the exact strings SWR knows them by).
 */
import { useSyncExternalStore } from 'react'

let live = false
const liveListeners = new Set<() => void>()
const changeListeners = new Set<() => void>()

export function setPersonalLive(next: boolean): void {
  if (next === live) return
  live = next
  for (const listener of liveListeners) listener()
}

function subscribeLive(listener: () => void) {
  liveListeners.add(listener)
  return () => liveListeners.delete(listener)
}

/** True while events for this user arrive by socket. */
export function usePersonalLive(): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  )
}

/** Tells the profile area that the user's data changed (or may have, while the channel was down). */
export function announcePersonalChange(): void {
  for (const listener of changeListeners) listener()
}

/** Calls `listener` on every personal change until the returned function is called. */
export function onPersonalChange(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}
