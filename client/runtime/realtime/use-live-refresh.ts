/**
 * Live data without reload: SWR revalidation of the given keys when the window regains focus, when the user's realtime
 * channel brings a change (docs/decisions/0018-realtime-hub.md), and on an interval while that channel is not live.
 */
import { useEffect } from 'react'
import { useSWRConfig } from 'swr'
import { onPersonalChange, usePersonalLive } from './personal-status'

const LIVE_REFRESH_MS = 30_000

/**
 * Revalidates `keys` (those an SWR hook on the page uses) on focus and every `intervalMs` while the page is visible.
 */
export function useLiveRefresh(keys: readonly (string | null | undefined)[], intervalMs = LIVE_REFRESH_MS) {
  const { mutate } = useSWRConfig()
  const live = usePersonalLive()
  const joined = keys.filter(Boolean).join('\n')
  useEffect(() => {
    const list = joined ? joined.split('\n') : []
    if (!list.length) return
    const refresh = () => {
      if (document.visibilityState !== 'visible') return
      for (const key of list) void mutate(key)
    }
    const timer = live ? undefined : setInterval(refresh, intervalMs)
    window.addEventListener('focus', refresh)
    const offChange = onPersonalChange(refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', refresh)
      offChange()
    }
  }, [joined, intervalMs, mutate, live])
}
