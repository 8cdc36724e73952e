/** Live data without reload: SWR revalidation of the given keys when the window regains focus and on an interval. */
import { useEffect } from 'react'
import { useSWRConfig } from 'swr'

export const LIVE_REFRESH_MS = 30_000

/** Revalidates `keys` (those an SWR hook on the page uses) on focus and every `intervalMs` while the page is visible. */
export function useLiveRefresh(keys: readonly (string | null | undefined)[], intervalMs = LIVE_REFRESH_MS) {
  const { mutate } = useSWRConfig()
  const joined = keys.filter(Boolean).join('\n')
  useEffect(() => {
    const list = joined ? joined.split('\n') : []
    if (!list.length) return
    const refresh = () => {
      if (document.visibilityState !== 'visible') return
      for (const key of list) void mutate(key)
    }
    const timer = setInterval(refresh, intervalMs)
    window.addEventListener('focus', refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', refresh)
    }
  }, [joined, intervalMs, mutate])
}
